import type {
  ErrorDetail,
  ForecastParameterError,
  ForecastParameterInvalid,
  ForecastParameterNotFound,
  ForecastParameterResult,
  RecordError,
} from '@econ/contract';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { recordErrors as batchRecordErrors, type RecordOutcome } from '../http/batch';
import { DomainError } from '../http/errors';
import type { RouteHandler, RouteSpec } from '../http/route';
import { zodDetails } from '../http/zodDetails';

/**
 * A validation failure of the forecast-parameter routes, in the body shape of spec part 7:
 * errors about the request as a whole go to `generalErrors`, errors about records (segments on
 * the single routes, V2 input objects on the bulk route) to `results[].errors`.
 */
export class ParameterInvalid extends Error {
  constructor(
    message: string,
    readonly errors: ForecastParameterError[],
    readonly generalErrors: { name: string; message: string; location: string }[] = [],
  ) {
    super(message);
    this.name = 'ParameterInvalid';
  }
}

/**
 * Record errors from zod issues. `field` is the path inside the body; `recordIndex` is the given
 * index (a bulk record), or else the leading `[i]` of the path (a segment of a single route).
 */
export function recordErrors(error: z.ZodError, input: unknown, recordIndex?: number): ForecastParameterError[] {
  return zodDetails(error, input).map((d) =>
    toRecordError(d, recordIndex ?? Number(/^\[(\d+)\]/.exec(d.field)?.[1] ?? 0)),
  );
}

/** A record error in the form of spec part 7: no `name` or `location`. */
const spec7 = ({ message, field, value, recordIndex, rule }: RecordError): ForecastParameterError => ({
  message,
  field,
  ...(value === undefined ? {} : { value }),
  recordIndex,
  rule,
});

export const toRecordError = (d: ErrorDetail, recordIndex: number): ForecastParameterError =>
  spec7(batchRecordErrors(recordIndex, [d])[0]!);

const invalidBody = (err: ParameterInvalid): ForecastParameterInvalid => ({
  name: 'ValidationError',
  message: err.message,
  generalErrors: err.generalErrors,
  results: err.errors.length ? [{ errors: err.errors }] : [],
});

/**
 * Wraps a handler of the forecast-parameter routes so its 400 and 404 answers take the bodies of
 * spec part 7 (`{generalErrors, results}` and `{message, code: 404}`); other errors pass on to
 * the app's error mapper.
 */
export function parameterErrors<S extends RouteSpec>(handler: RouteHandler<S>): RouteHandler<S> {
  return async (c: Context<AppEnv>, input) => {
    try {
      return await handler(c, input);
    } catch (err) {
      if (err instanceof ParameterInvalid) return c.json(invalidBody(err), 400);
      if (err instanceof DomainError && err.kind === 'NotFound') {
        const body: z.infer<typeof ForecastParameterNotFound> = { name: 'NotFound', message: err.message, code: 404 };
        return c.json(body, 404);
      }
      if (err instanceof DomainError && err.kind === 'ValidationError') {
        const general = err.details?.length
          ? err.details.map((d) => ({ name: 'ValidationError', message: d.message, location: d.field || 'body' }))
          : [{ name: 'ValidationError', message: err.message, location: 'body' }];
        return c.json(invalidBody(new ParameterInvalid(err.message, [], general)), 400);
      }
      throw err;
    }
  };
}

/** A record outcome of the bulk PUT as a result of its 207 (spec part 4.3). */
export function parameterResult(o: RecordOutcome): ForecastParameterResult {
  if (o.ok) return { code: o.code, status: 'Created', ...(o.fields as { message: string; segmentsCount: number }) };
  const errors = o.errors.map(spec7);
  return {
    code: o.code,
    status: o.code === 404 ? 'NotFound' : 'BadRequest',
    message: errors[0]?.message ?? 'Invalid record',
    errors,
  };
}
