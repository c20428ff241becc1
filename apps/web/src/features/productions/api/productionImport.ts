import { type ProductionResolution, Well } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson, http } from '../../../lib/http';
import type { ImportMode, SendBatch } from '../model/importRun';
import type { RecordResult } from '../model/summary';
import type { IndexedWell } from '../model/wellIndex';

/** The largest page of a project's wells (spec: `take` up to 1000 for project wells). */
const WELLS_PAGE = 1000;

/** Every well of a project (the import matches file rows to them), a thousand per request. */
export const projectWellsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['wells', projectId, 'all'],
    queryFn: async (): Promise<IndexedWell[]> => {
      const out: IndexedWell[] = [];
      for (let skip = 0; ; skip += WELLS_PAGE) {
        const page = await getJson(
          `/api/v1/projects/${projectId}/wells?skip=${skip}&take=${WELLS_PAGE}&sort=id`,
          Well.array(),
        );
        for (const w of page)
          out.push({ id: w.id, wellName: w.wellName, chosenID: w.chosenID, dataSource: w.dataSource, api14: w.api14 });
        if (page.length < WELLS_PAGE) return out;
      }
    },
    staleTime: 60_000,
  });

const Results = z.object({
  results: z.array(
    z.looseObject({
      status: z.string(),
      code: z.number(),
      well: z.string().optional(),
      date: z.string().optional(),
      errors: z
        .array(z.looseObject({ name: z.string(), message: z.string(), location: z.string().optional() }))
        .optional(),
    }),
  ),
});

/**
 * The sender of one project's import: POST (add only) or PUT (add or replace) of a JSON array body
 * to `/api/v1/projects/{p}/{daily|monthly}-productions`, answering the per-record results of the
 * 207. A refused request (403 for support, 413, 5xx) throws the server's HttpError.
 */
export function productionSender(projectId: string, resolution: ProductionResolution, mode: ImportMode): SendBatch {
  const path = `/api/v1/projects/${projectId}/${resolution}-productions`;
  return async (body: string): Promise<RecordResult[]> => {
    const res = await http(path, {
      method: mode === 'add' ? 'POST' : 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return Results.parse(await res.json()).results;
  };
}
