import type { ForecastParameterMultiStatus } from '@econ/contract';
import { comboKey, type Draft } from './drafts';
import { type Issues, placeServerErrors } from './issues';

/** How one draft fared in a save. */
export interface RecordResult {
  key: string;
  draft: Draft;
  ok: boolean;
  /** The server's words: "created" / the reason it refused the record. */
  message: string;
  segmentsCount?: number | undefined;
  /** Where the refusal's errors stand (rows by key, settings, general). */
  issues?: Issues | undefined;
}

const locationIndex = (location: string): number | undefined => {
  const m = /^\[(\d+)\]$/.exec(location.trim());
  return m ? Number(m[1]) : undefined;
};

/**
 * Reads a bulk PUT's 207 for the drafts it carried, in order (spec part 4.3: one result per
 * record; each applied whole or not at all). A general error located at `[i]` belongs to record i;
 * the others are returned as `general`. A record without a result counts as not saved.
 */
export function bulkResults(
  drafts: readonly Draft[],
  answer: ForecastParameterMultiStatus,
): { records: RecordResult[]; general: string[] } {
  const general: string[] = [];
  const generalByRecord = new Map<number, string[]>();
  for (const g of answer.generalErrors) {
    const i = locationIndex(g.location);
    if (i === undefined || i >= drafts.length) general.push(g.message);
    else generalByRecord.set(i, [...(generalByRecord.get(i) ?? []), g.message]);
  }
  const records = drafts.map((draft, i): RecordResult => {
    const result = answer.results[i];
    const key = comboKey(draft.combo);
    const own = generalByRecord.get(i) ?? [];
    if (result && result.code >= 200 && result.code < 300) {
      return { key, draft, ok: true, message: result.message, segmentsCount: result.segmentsCount };
    }
    const message = result?.message ?? own[0] ?? general[0] ?? 'The server did not report on this record';
    return {
      key,
      draft,
      ok: false,
      message,
      issues: placeServerErrors(
        result?.errors ?? [],
        draft.rows,
        false,
        result?.errors?.length ? own : [message, ...own],
      ),
    };
  });
  return { records, general };
}
