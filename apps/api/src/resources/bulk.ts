import type { MultiStatus, MultiStatusResult, RecordError } from '@econ/contract';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { invalid } from '../http/errors';
import { failedResult, multiStatus, okResult } from '../http/multiStatus';
import { readJson } from '../http/route';
import { zodDetails } from '../http/zodDetails';

/** A record that failed before being written: its status and its errors. */
export interface RecordFailure {
  code: 400 | 404 | 409;
  errors: RecordError[];
}

export const recordError = (
  index: number,
  code: 400 | 404 | 409,
  field: string,
  rule: string,
  message: string,
  value?: unknown,
): RecordFailure => ({
  code,
  errors: [
    {
      name: code === 409 ? 'Conflict' : code === 404 ? 'NotFound' : 'ValidationError',
      message,
      location: `[${index}]${field ? `.${field}` : ''}`,
      field,
      rule,
      ...(value === undefined ? {} : { value }),
      recordIndex: index,
    },
  ],
});

/**
 * Reads the body of a bulk write: an array of records (or one object, taken as an array of one),
 * at most `max`. Anything else is a 400 for the whole request.
 */
export async function readRecords(c: Context<AppEnv>, max: number): Promise<unknown[]> {
  const body = await readJson(c);
  const records = Array.isArray(body) ? body : body !== null && typeof body === 'object' ? [body] : undefined;
  if (!records) {
    throw invalid('The body must be an array of records', [
      { field: '', rule: 'type array', value: body, message: 'the body must be an array of records' },
    ]);
  }
  if (records.length === 0) {
    throw invalid('The body must hold at least one record', [
      { field: '', rule: 'min 1', value: [], message: 'the array is empty' },
    ]);
  }
  if (records.length > max) {
    throw invalid(`At most ${max} records per request (got ${records.length})`, [
      { field: '', rule: `max ${max}`, value: records.length, message: `at most ${max} records per request` },
    ]);
  }
  return records;
}

/** Validates each record on its own; returns the parsed ones and the failures, by index. */
export function validateRecords<S extends z.ZodType>(
  schema: S,
  records: unknown[],
): { parsed: Map<number, z.output<S>>; failures: Map<number, RecordFailure> } {
  const parsed = new Map<number, z.output<S>>();
  const failures = new Map<number, RecordFailure>();
  records.forEach((record, i) => {
    const r = schema.safeParse(record);
    if (r.success) {
      parsed.set(i, r.data);
      return;
    }
    failures.set(i, {
      code: 400,
      errors: zodDetails(r.error, record).map((d) => ({
        name: 'ValidationError',
        message: d.message,
        location: `[${i}]${d.field ? `.${d.field}` : ''}`,
        field: d.field,
        rule: d.rule,
        ...(d.value === undefined ? {} : { value: d.value }),
        recordIndex: i,
      })),
    });
  });
  return { parsed, failures };
}

/**
 * Marks every record after the first that shares a unique key (within the batch) as a 409, and
 * every record whose key is already taken in storage.
 */
export function markConflicts<T>(
  parsed: Map<number, T>,
  failures: Map<number, RecordFailure>,
  keyOf: (record: T) => string,
  taken: Set<string>,
  describe: (record: T) => { field: string; value: unknown; message: string },
): void {
  const seen = new Set<string>();
  for (const [i, record] of parsed) {
    const key = keyOf(record);
    if (taken.has(key) || seen.has(key)) {
      const d = describe(record);
      failures.set(
        i,
        recordError(
          i,
          409,
          d.field,
          'unique',
          seen.has(key) ? `${d.message} (twice in this request)` : d.message,
          d.value,
        ),
      );
      parsed.delete(i);
    }
    seen.add(key);
  }
}

/** Assembles the 207 body in input order. */
export function bulkResponse(
  count: number,
  created: Map<number, Record<string, unknown>>,
  failures: Map<number, RecordFailure>,
): MultiStatus {
  const results: MultiStatusResult[] = [];
  for (let i = 0; i < count; i++) {
    const ok = created.get(i);
    const failed = failures.get(i);
    results.push(ok ? okResult(201, ok) : failedResult(failed?.code ?? 400, failed?.errors ?? []));
  }
  return multiStatus(results);
}
