import type { ErrorDetail, RecordError } from '@econ/contract';
import type { z } from 'zod';
import type { Deps } from '../appEnv';
import { DomainError } from './errors';
import { zodDetails } from './zodDetails';

/*
 * The one batch pipeline of the API's bulk writes (POST/PUT/PATCH of arrays of records, answered 207):
 * every record is validated with its contract schema, the rules that need storage are checked over
 * the valid ones (names taken, ids missing), and each remaining record is applied in a transaction
 * of its own, whole or not at all. The outcomes come back in input order; `multiStatus.ts` and the
 * areas' formatters turn them into the 207 body. The array body itself is read by the route
 * (`records` in `route.ts`), so a bad record never fails the request.
 */

/** The status of a record that failed. */
export type FailCode = 400 | 404 | 409;

const NAME_OF: Record<FailCode, string> = { 400: 'ValidationError', 404: 'NotFound', 409: 'Conflict' };

export const CODE_OF: Partial<Record<DomainError['kind'], FailCode>> = {
  ValidationError: 400,
  NotFound: 404,
  Conflict: 409,
};

/** The one definition of record errors: details about record `index`, located `[index].field`. */
export function recordErrors(index: number, details: readonly ErrorDetail[], code: FailCode = 400): RecordError[] {
  return details.map((d) => ({
    name: NAME_OF[code],
    message: d.message,
    location: `[${index}]${d.field ? `.${d.field}` : ''}`,
    field: d.field,
    rule: d.rule,
    ...(d.value === undefined ? {} : { value: d.value }),
    recordIndex: index,
  }));
}

/** What happened to one record. */
export type RecordOutcome =
  | { ok: true; code: 200 | 201; fields: Record<string, unknown> }
  | { ok: false; code: FailCode; errors: RecordError[] };

/** A record applied: its status and the fields its result shows. */
export interface Applied {
  code: 200 | 201;
  fields: Record<string, unknown>;
}

/** A record's validation: the value to apply, or the details of what is wrong with it. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

/** Validates a record with a zod schema, as a {@link Parsed}. */
export function parseRecord<S extends z.ZodType>(schema: S, raw: unknown): Parsed<z.output<S>> {
  const r = schema.safeParse(raw);
  return r.success ? { ok: true, value: r.data } : { ok: false, details: zodDetails(r.error, raw) };
}

/** The details a domain error carries (or one naming its kind), and the record status it maps to. */
function failureOf(e: DomainError): { code: FailCode; details: ErrorDetail[] } | undefined {
  const code = CODE_OF[e.kind];
  if (code === undefined) return undefined;
  return { code, details: e.details?.length ? e.details : [{ field: '', rule: e.kind, message: e.message }] };
}

/**
 * The records of one request on their way through the pipeline: the valid ones still pending, and
 * the outcome of each record that failed or was applied. Checks fail records through it.
 */
export class Batch<T> {
  private readonly outcomes: (RecordOutcome | undefined)[];
  private readonly valid = new Map<number, T>();

  constructor(size: number) {
    this.outcomes = new Array(size).fill(undefined);
  }

  /** Number of records in the request. */
  get size(): number {
    return this.outcomes.length;
  }

  /** The valid records not failed or applied yet, with their index, in input order. */
  pending(): [number, T][] {
    return [...this.valid];
  }

  /** The values of {@link pending}. */
  values(): T[] {
    return [...this.valid.values()];
  }

  /** @internal records a valid record. */
  accept(index: number, value: T): void {
    this.valid.set(index, value);
  }

  /** Fails record `index` with `code` and the details that name its fields. */
  fail(index: number, code: FailCode, details: ErrorDetail | readonly ErrorDetail[]): void {
    const list = Array.isArray(details) ? details : [details as ErrorDetail];
    this.outcomes[index] = { ok: false, code, errors: recordErrors(index, list, code) };
    this.valid.delete(index);
  }

  /** Fails record `index` with a domain error's status and details; other errors are rethrown. */
  failWith(index: number, e: unknown): void {
    const f = e instanceof DomainError ? failureOf(e) : undefined;
    if (!f) throw e;
    this.fail(index, f.code, f.details);
  }

  /** Records the success of record `index`. */
  succeed(index: number, applied: Applied): void {
    this.outcomes[index] = { ok: true, code: applied.code, fields: applied.fields };
    this.valid.delete(index);
  }

  /**
   * Fails (409 unless said otherwise) every pending record whose key is `taken` in storage or
   * belongs to an earlier pending record of the request; `describe` names the field, rule and value,
   * told the index of the earlier record when there is one.
   */
  unique(
    keyOf: (record: T, index: number) => string,
    taken: ReadonlySet<string>,
    describe: (record: T, earlier: number | undefined) => ErrorDetail,
    code: FailCode = 409,
  ): void {
    const seen = new Map<string, number>();
    for (const [i, record] of this.valid) {
      const key = keyOf(record, i);
      const earlier = seen.get(key);
      if (earlier !== undefined || taken.has(key)) this.fail(i, code, describe(record, earlier));
      else seen.set(key, i);
    }
  }

  /** Every record's outcome, in input order (each record has one by the end of the pipeline). */
  outcomesInOrder(): RecordOutcome[] {
    return this.outcomes.map((o, i) => {
      if (!o) throw new Error(`batch record ${i} has no outcome`);
      return o;
    });
  }
}

export interface BatchSpec<T> {
  /** Each record's rules: its contract schema, or a function that validates (and converts) it. */
  parse: z.ZodType<T> | ((raw: unknown, index: number) => Parsed<T>);
  /** The rules that need storage, over the valid records: fails records on the batch. */
  check?: (batch: Batch<T>) => Promise<void> | void;
  /**
   * Applies one record in a transaction of its own (`deps.db` is that transaction): a domain error
   * (400, 404 or 409) rolls the record back and fails it alone; any other error is a bug.
   */
  apply?: (record: T, index: number, deps: Deps) => Promise<Applied>;
  /**
   * Applies every pending record at once, for records that are one row each (a multi-row
   * statement writes each of them whole or not at all); it must settle each of them on the batch.
   */
  applyAll?: (batch: Batch<T>) => Promise<void>;
}

/** Runs records through the pipeline: validate each, check them against storage, apply each. */
export async function runBatch<T>(
  deps: Deps,
  records: readonly unknown[],
  spec: BatchSpec<T>,
): Promise<RecordOutcome[]> {
  const batch = new Batch<T>(records.length);
  const parse =
    typeof spec.parse === 'function'
      ? spec.parse
      : (raw: unknown) => parseRecord(spec.parse as z.ZodType<T>, raw) as Parsed<T>;
  records.forEach((raw, i) => {
    const p = parse(raw, i);
    if (p.ok) batch.accept(i, p.value);
    else batch.fail(i, 400, p.details);
  });
  if (spec.check && batch.pending().length) await spec.check(batch);
  if (spec.applyAll) {
    if (batch.pending().length) await spec.applyAll(batch);
  } else if (spec.apply) {
    const apply = spec.apply;
    for (const [i, record] of batch.pending()) {
      try {
        const applied = await deps.db.transaction((tx) => apply(record, i, { ...deps, db: tx }));
        batch.succeed(i, applied);
      } catch (e) {
        batch.failWith(i, e);
      }
    }
  }
  return batch.outcomesInOrder();
}

/** A uniqueness detail as {@link Batch.unique} reports it when an earlier record of the request holds the key. */
export const twice = (d: ErrorDetail, earlier: number | undefined): ErrorDetail =>
  earlier === undefined ? d : { ...d, message: `${d.message} (twice in this request)` };
