import { ProductionRecord, Well } from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { HistoryResolution } from '../../../components/productionChart/model/history';
import { getJson, getPage } from '../../../lib/http';
import { productionsPath } from '../../../lib/productionHistory';

/**
 * A well with the production summary the API computes from its history (issue 17), each absent
 * while the well has no production. Typed here until the contract's Well carries them.
 */
export const WellWithProduction = Well.extend({
  firstProdDateDailyCalc: z.string().optional(),
  firstProdDateMonthlyCalc: z.string().optional(),
  lastProdDateDaily: z.string().optional(),
  lastProdDateMonthly: z.string().optional(),
  cumOil: z.number().optional(),
  cumGas: z.number().optional(),
  cumWater: z.number().optional(),
});
export type WellWithProduction = z.infer<typeof WellWithProduction>;

export const wellQuery = (projectId: string, wellId: string) =>
  queryOptions({
    queryKey: ['well', projectId, wellId],
    queryFn: () =>
      getJson(
        `/api/v1/projects/${encodeURIComponent(projectId)}/wells/${encodeURIComponent(wellId)}`,
        WellWithProduction,
      ),
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
