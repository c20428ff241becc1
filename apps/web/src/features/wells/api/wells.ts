import { Preference, ProductionRecord, Well } from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryResolution } from '../../../components/productionChart/model/history';
import { getJson, getPage, HttpError, sendJson } from '../../../lib/http';
import { productionsPath } from '../../../lib/productionHistory';

export const wellQuery = (projectId: string, wellId: string) =>
  queryOptions({
    queryKey: ['well', projectId, wellId],
    // A project's own well, else a company well attached to it (both open the same page).
    queryFn: async () => {
      const base = `/api/v1/projects/${encodeURIComponent(projectId)}`;
      try {
        return await getJson(`${base}/wells/${encodeURIComponent(wellId)}`, Well);
      } catch (e) {
        if (!(e instanceof HttpError) || e.status !== 404) throw e;
        return getJson(`${base}/company-wells/${encodeURIComponent(wellId)}`, Well);
      }
    },
  });

/** One page of a well's production records (sorted by date), with the total from HEAD. */
export const productionPageQuery = (
  projectId: string,
  wellId: string,
  p: { resolution: HistoryResolution; skip: number; take: number },
) =>
  queryOptions({
    queryKey: ['productions', projectId, wellId, p],
    queryFn: () =>
      getPage(
        `${productionsPath(projectId, p.resolution)}?${new URLSearchParams({ well: wellId, skip: String(p.skip), take: String(p.take) })}`,
        ProductionRecord,
      ),
    placeholderData: keepPreviousData,
  });

/** Which wells of a project a table lists: its own (`wells`) or the company wells attached to it. */
export type ProjectWellSet = 'wells' | 'company-wells';

/** One page of a project's wells (own or attached company wells), filtered and sorted by the API. */
export const projectWellsQuery = (
  projectId: string,
  set: ProjectWellSet,
  p: { skip: number; take: number; sort: string; filters: [string, string][] },
) =>
  queryOptions({
    queryKey: ['wells', projectId, set, p],
    queryFn: () => {
      const q = new URLSearchParams([
        ['skip', String(p.skip)],
        ['take', String(p.take)],
        ['sort', p.sort],
        ...p.filters,
      ]);
      return getPage(`/api/v1/projects/${encodeURIComponent(projectId)}/${set}?${q}`, Well);
    },
    placeholderData: keepPreviousData,
    // A refused filter is shown beside it; asking again would only be refused again.
    retry: false,
  });

const PREFERENCE_PATH = '/bff/preferences/wells.columns';

/** The signed-in user's saved well columns (null when none are saved). */
export const wellColumnsQuery = queryOptions({
  queryKey: ['preferences', 'wells.columns'],
  queryFn: async () => (await getJson(PREFERENCE_PATH, Preference)).value,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Saves the user's well columns; `null` forgets them (back to the default). */
export const saveWellColumns = async (columns: readonly string[] | null): Promise<void> => {
  if (columns === null) await sendJson(PREFERENCE_PATH, 'DELETE');
  else await sendJson(PREFERENCE_PATH, 'PUT', { value: columns });
};
