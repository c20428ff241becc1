import type { GeneralError, MultiStatus, MultiStatusResult, RecordError } from '@econ/contract';
import type { DomainErrorKind } from './errors';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'BadRequest',
  404: 'NotFound',
  409: 'Conflict',
};

/** A successful record result. */
export const okResult = (code: 200 | 201, fields: Record<string, unknown>): MultiStatusResult => ({
  status: STATUS_TEXT[code]!,
  code,
  ...fields,
});

/** A failed record result with the errors that name its fields. */
export const failedResult = (code: 400 | 404 | 409, errors: RecordError[]): MultiStatusResult => ({
  status: STATUS_TEXT[code]!,
  code,
  errors,
});

export const CODE_OF: Partial<Record<DomainErrorKind, 400 | 404 | 409>> = {
  ValidationError: 400,
  NotFound: 404,
  Conflict: 409,
};

/** The 207 body: one result per input record, in order, with the counts. */
export function multiStatus(results: MultiStatusResult[], generalErrors: GeneralError[] = []): MultiStatus {
  const successCount = results.filter((r) => r.code < 300).length;
  return { generalErrors, results, successCount, failedCount: results.length - successCount };
}
