import {
  ForecastParameterInvalid,
  ForecastParameterMultiStatus,
  ForecastParameterView,
  ForecastParameterWriteResult,
} from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson, HttpError, sendJson } from '../../../lib/http';
import type { Combo } from '../model/drafts';

export interface ForecastRef {
  projectId: string;
  forecastId: string;
}

const base = ({ projectId, forecastId }: ForecastRef) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/forecasts/${encodeURIComponent(forecastId)}/parameters`;
const comboPath = (f: ForecastRef, c: Combo) => `${base(f)}/${encodeURIComponent(c.well)}/${c.phase}/${c.series}`;

/** Every parameters query of a forecast starts with this key (to refetch them after a save). */
export const parametersKey = (f: ForecastRef) => ['forecast-parameters', f.projectId, f.forecastId] as const;

/**
 * The stored segments of one combination with its phase's kind (`segments: []` when nothing is
 * stored); null on a 404 (a forecast or project that is gone).
 */
export const parametersQuery = (f: ForecastRef, c: Combo) =>
  queryOptions({
    queryKey: [...parametersKey(f), c.well, c.phase, c.series],
    queryFn: async () => {
      try {
        return await getJson(comboPath(f, c), ForecastParameterView);
      } catch (e) {
        if (e instanceof HttpError && e.status === 404) return null;
        throw e;
      }
    },
  });

/** A save's outcome for one record: saved, or refused with the server's errors (spec parts 4.3, 7). */
export type SaveOutcome =
  | { ok: true; segmentsCount: number }
  | { ok: false; message: string; errors: ForecastParameterInvalid['results'][number]['errors']; general: string[] };

/**
 * Replaces one combination's segments (the single-combination PUT; it keeps the stored forecast
 * type, base phase and data frequency). A 400 comes back as an outcome with its errors; anything
 * else that fails is thrown.
 */
export async function putSegments(f: ForecastRef, c: Combo, segments: unknown[]): Promise<SaveOutcome> {
  try {
    const res = await sendJson(comboPath(f, c), 'PUT', segments);
    return { ok: true, segmentsCount: ForecastParameterWriteResult.parse(await res.json()).segmentsCount };
  } catch (e) {
    const body = e instanceof HttpError && e.status === 400 ? ForecastParameterInvalid.safeParse(e.body) : undefined;
    if (!body?.success) throw e;
    return {
      ok: false,
      message: body.data.message,
      errors: body.data.results.flatMap((r) => r.errors),
      general: body.data.generalErrors.map((g) => g.message),
    };
  }
}

/** The bulk PUT (at most 25 records): always a 207 whose results must each be read. */
export async function putParameters(f: ForecastRef, records: unknown[]): Promise<ForecastParameterMultiStatus> {
  const res = await sendJson(base(f), 'PUT', records);
  return ForecastParameterMultiStatus.parse(await res.json());
}
