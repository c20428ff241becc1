import type { MultiStatus, MultiStatusResult } from '@econ/contract';
import type { RecordOutcome } from './batch';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'BadRequest',
  404: 'NotFound',
  409: 'Conflict',
};

/** The status text of a record result (`Created`, `BadRequest`, …). */
export const statusText = (code: number): string => STATUS_TEXT[code] ?? String(code);

/** One record's result in the 207 body: `{status, code, …fields}` or `{status, code, errors}`. */
export const resultOf = (o: RecordOutcome): MultiStatusResult =>
  o.ok
    ? { status: statusText(o.code), code: o.code, ...o.fields }
    : { status: statusText(o.code), code: o.code, errors: o.errors };

/** Counts the successes and failures of a 207 body's results. */
export function counted<R extends { code: number }>(results: R[]) {
  const successCount = results.filter((r) => r.code < 300).length;
  return { generalErrors: [], results, successCount, failedCount: results.length - successCount };
}

/** The 207 body: one result per input record, in order, with the counts. */
export const multiStatus = (outcomes: readonly RecordOutcome[]): MultiStatus => counted(outcomes.map(resultOf));
