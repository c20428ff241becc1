import {
  type FitFromWellsInput,
  FitFromWellsPhase,
  FitFromWellsResult,
  LookupTable,
  NormalizationView,
  type TYPE_CURVE_SORT,
  TypeCurve,
  TypeCurveFitsView,
  WELL_PHASE_STATUSES,
  Well,
} from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson, getPage, HttpError, http, parseLink, sendJson } from '../../../lib/http';

/* The V2 type-curve routes through the BFF (spec part 4.4): `/api/v2/projects/{p}/type-curves…`. */

const enc = encodeURIComponent;
export const typeCurvesBase = (projectId: string) => `/api/v2/projects/${enc(projectId)}/type-curves`;
const one = (projectId: string, id: string) => `${typeCurvesBase(projectId)}/${enc(id)}`;
export const lookupTablesBase = (projectId: string) => `${typeCurvesBase(projectId)}/lookup-tables`;

export type TypeCurveSort = (typeof TYPE_CURVE_SORT)[number] | `-${(typeof TYPE_CURVE_SORT)[number]}`;
export interface TypeCurveListParams {
  skip: number;
  take: number;
  sort: string;
}

/** Every query of a project's type curves starts with this key (to refetch them after a write). */
export const typeCurvesKey = (projectId: string) => ['type-curves', projectId] as const;

export const typeCurvesQuery = (projectId: string, p: TypeCurveListParams) =>
  queryOptions({
    queryKey: [...typeCurvesKey(projectId), 'list', p],
    queryFn: () =>
      getPage(
        `${typeCurvesBase(projectId)}?${new URLSearchParams({ skip: String(p.skip), take: String(p.take), sort: p.sort })}`,
        TypeCurve,
      ),
    placeholderData: keepPreviousData,
  });

/** Every type curve of a project by name (for the lookup-table rules' select; 2500 is the API's page limit). */
export const allTypeCurvesQuery = (projectId: string) =>
  typeCurvesQuery(projectId, { skip: 0, take: 2500, sort: 'name' });

export const typeCurveQuery = (projectId: string, id: string) =>
  queryOptions({ queryKey: [...typeCurvesKey(projectId), id], queryFn: () => getJson(one(projectId, id), TypeCurve) });

/**
 * A type curve's wells: the project's well objects with `excluded` (spec part 2.9, whose other well
 * fields are "not shown": only what the table shows is required, the rest is kept as sent).
 */
export const TypeCurveWell = z.looseObject({
  id: z.string(),
  wellName: Well.shape.wellName.optional(),
  chosenID: z.string().optional(),
  api14: z.string().optional(),
  firstProdDate: z.string().optional(),
  excluded: z.boolean(),
  phases: z
    .object({
      oil: z.enum(WELL_PHASE_STATUSES),
      gas: z.enum(WELL_PHASE_STATUSES),
      water: z.enum(WELL_PHASE_STATUSES),
    })
    .optional(),
});
export type TypeCurveWell = z.infer<typeof TypeCurveWell>;

export const typeCurveWellsQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: [...typeCurvesKey(projectId), id, 'wells'],
    queryFn: () => getJson(`${one(projectId, id)}/wells`, TypeCurveWell.array()),
  });

export const fitsQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: [...typeCurvesKey(projectId), id, 'fits'],
    queryFn: () => getJson(`${one(projectId, id)}/fits`, TypeCurveFitsView),
  });

export const normalizationQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: [...typeCurvesKey(projectId), id, 'normalization'],
    queryFn: async () => {
      try {
        return await getJson(`${one(projectId, id)}/normalization`, NormalizationView);
      } catch (e) {
        // A type curve that was never normalized may have no document: the editor starts empty.
        if (e instanceof HttpError && e.status === 404) return null;
        throw e;
      }
    },
  });

const SeriesValues = z.object({
  best: z.number().optional(),
  p10: z.number().optional(),
  p50: z.number().optional(),
  p90: z.number().optional(),
});
/** One row of `GET /{id}/volumes` (spec part 2.9). */
export const VolumeRow = z.object({
  date: z.string(),
  oil: SeriesValues.optional(),
  gas: SeriesValues.optional(),
  water: SeriesValues.optional(),
});
export type VolumeRow = z.infer<typeof VolumeRow>;

export interface VolumesParams {
  resolution: 'daily' | 'monthly';
  skip: number;
  take: number;
}

/** A page of volumes; the route has a `Link` header but no count (spec part 4.4). */
export const volumesQuery = (projectId: string, id: string, p: VolumesParams) =>
  queryOptions({
    queryKey: [...typeCurvesKey(projectId), id, 'volumes', p],
    queryFn: async () => {
      const qs = new URLSearchParams({ resolution: p.resolution, skip: String(p.skip), take: String(p.take) });
      const res = await http(`${one(projectId, id)}/volumes?${qs}`);
      return { rows: VolumeRow.array().parse(await res.json()), hasNext: 'next' in parseLink(res.headers.get('link')) };
    },
    placeholderData: keepPreviousData,
  });

export async function createTypeCurve(projectId: string, body: unknown): Promise<TypeCurve> {
  return TypeCurve.parse(await (await sendJson(typeCurvesBase(projectId), 'POST', body)).json());
}

export async function patchTypeCurve(projectId: string, id: string, body: unknown): Promise<TypeCurve> {
  return TypeCurve.parse(await (await sendJson(one(projectId, id), 'PATCH', body)).json());
}

export async function deleteTypeCurve(projectId: string, id: string): Promise<void> {
  await sendJson(one(projectId, id), 'DELETE');
}

export async function putFits(projectId: string, id: string, body: unknown): Promise<TypeCurveFitsView> {
  return TypeCurveFitsView.parse(await (await sendJson(`${one(projectId, id)}/fits`, 'PUT', body)).json());
}

export async function putNormalization(projectId: string, id: string, body: unknown): Promise<NormalizationView> {
  return NormalizationView.parse(await (await sendJson(`${one(projectId, id)}/normalization`, 'PUT', body)).json());
}

export interface FitFromWellsParams {
  phase: 'oil' | 'gas' | 'water';
  resolution: 'monthly' | 'daily';
  align: 'peak' | 'first';
  normalize: boolean;
}

/** The read-only preview of a type curve built from its wells: cloud, series, multipliers (decision 029). */
export const fitFromWellsPreviewQuery = (projectId: string, id: string, p: FitFromWellsParams) =>
  queryOptions({
    queryKey: [...typeCurvesKey(projectId), id, 'fit-from-wells', p],
    queryFn: () =>
      getJson(
        `${one(projectId, id)}/fit-from-wells?${new URLSearchParams({ ...p, normalize: String(p.normalize) })}`,
        FitFromWellsPhase,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Fits the type curve from its wells (`dryRun`: answers without writing). */
export async function fitFromWells(
  projectId: string,
  id: string,
  body: FitFromWellsInput,
): Promise<FitFromWellsResult> {
  return FitFromWellsResult.parse(await (await sendJson(`${one(projectId, id)}/fit-from-wells`, 'POST', body)).json());
}

/* ------------------------------------------------------------ lookup tables */

export const lookupTablesKey = (projectId: string) => ['lookup-tables', projectId] as const;

/** A page of lookup tables (their list query is "unchanged from V1": only skip and take are sent). */
export const lookupTablesQuery = (projectId: string, p: { skip: number; take: number }) =>
  queryOptions({
    queryKey: [...lookupTablesKey(projectId), 'list', p],
    queryFn: () =>
      getPage(
        `${lookupTablesBase(projectId)}?${new URLSearchParams({ skip: String(p.skip), take: String(p.take) })}`,
        LookupTable,
      ),
    placeholderData: keepPreviousData,
  });

export const lookupTableQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: [...lookupTablesKey(projectId), id],
    queryFn: () => getJson(`${lookupTablesBase(projectId)}/${enc(id)}`, LookupTable),
  });

export async function createLookupTable(projectId: string, body: unknown): Promise<LookupTable> {
  return LookupTable.parse(await (await sendJson(lookupTablesBase(projectId), 'POST', body)).json());
}

export async function putLookupTable(projectId: string, id: string, body: unknown): Promise<LookupTable> {
  return LookupTable.parse(await (await sendJson(`${lookupTablesBase(projectId)}/${enc(id)}`, 'PUT', body)).json());
}

export async function deleteLookupTable(projectId: string, id: string): Promise<void> {
  await sendJson(`${lookupTablesBase(projectId)}/${enc(id)}`, 'DELETE');
}
