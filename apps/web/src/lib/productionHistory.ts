import { PRODUCTION_TAKE_MAX, ProductionRecord } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { type History, type HistoryResolution, historyFromRecords } from '../components/productionChart/model/history';
import { http, parseLink } from './http';

/** The production list of a resolution under a project (`/v1/projects/{p}/daily-productions`). */
export const productionsPath = (projectId: string, resolution: HistoryResolution) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/${resolution}-productions`;

/**
 * Every record of one well at one resolution, read in pages of the API's largest `take`
 * (20,000: 54 years of days) following the `Link` header's `next`.
 */
async function allRecords(
  projectId: string,
  wellId: string,
  resolution: HistoryResolution,
): Promise<ProductionRecord[]> {
  const out: ProductionRecord[] = [];
  let url: string | undefined =
    `${productionsPath(projectId, resolution)}?${new URLSearchParams({ well: wellId, take: String(PRODUCTION_TAKE_MAX) })}`;
  while (url) {
    const res = await http(url);
    out.push(...ProductionRecord.array().parse(await res.json()));
    const next = parseLink(res.headers.get('link')).next;
    // The API's links are absolute on its own base URL: keep the query, ask the BFF's path.
    url = next ? `${productionsPath(projectId, resolution)}${new URL(next, location.origin).search}` : undefined;
  }
  return out;
}

/** One well's whole production history at a resolution, as the chart's columns. */
export const historyQuery = (projectId: string, wellId: string, resolution: HistoryResolution) =>
  queryOptions({
    queryKey: ['production-history', projectId, wellId, resolution],
    queryFn: async (): Promise<History> =>
      historyFromRecords(resolution, await allRecords(projectId, wellId, resolution)),
  });
