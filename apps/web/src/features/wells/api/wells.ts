import { ProductionRecord, Well } from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryResolution } from '../../../components/productionChart/model/history';
import { getJson, getPage } from '../../../lib/http';
import { productionsPath } from '../../../lib/productionHistory';

export const wellQuery = (projectId: string, wellId: string) =>
  queryOptions({
    queryKey: ['well', projectId, wellId],
    queryFn: () =>
      getJson(`/api/v1/projects/${encodeURIComponent(projectId)}/wells/${encodeURIComponent(wellId)}`, Well),
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
