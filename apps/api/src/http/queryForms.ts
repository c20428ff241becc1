import type { Context } from 'hono';
import { z } from 'zod';
import { invalid } from './errors';

/*
 * Query forms routes accept beyond what `route()` reads on its own: values that may
 * be comma-separated, and blank parameters taken as absent. Declared in the routes' `query` schemas
 * so the OpenAPI document shows what is enforced.
 */

const commaValues = (values: string[] | undefined): string[] | undefined => {
  const list = values?.flatMap((v) => v.split(',')).filter((v) => v !== '');
  return list?.length ? list : undefined;
};

/**
 * A repeatable query parameter whose values may also be comma-separated (`?phase=oil,gas&phase=water`):
 * empty values are dropped, none at all is absent. Each value is validated with `item`; the document
 * shows an array of `item` (`doc`, its JSON-schema form, describes one raw value).
 */
export function commaList<T extends z.ZodType<unknown, string>>(item: T, doc: Record<string, unknown> = {}) {
  return z.array(z.string().meta(doc)).optional().transform(commaValues).pipe(z.array(item).optional());
}

/**
 * The fields of `query`, each taking a blank value (`?take=`) as absent, so it gets its default or
 * is reported as missing. Documented as `query` is (a preprocess shows its target schema).
 */
export function blankAsAbsent<S extends z.ZodRawShape>(query: z.ZodObject<S>) {
  const blank = (v: unknown) => (v === '' ? undefined : v);
  const shape = Object.fromEntries(Object.entries(query.shape).map(([k, field]) => [k, z.preprocess(blank, field)]));
  return z.object(shape as { [K in keyof S]: z.ZodPipe<z.ZodTransform, S[K]> });
}

/**
 * 400 when a repeatable filter has more than `max` values, the count as the detail's value (a
 * schema's `max` would echo the values). Read from the raw query before `input.query`, which
 * validates the values themselves; `split` counts comma-separated values one by one.
 */
export function refuseLongFilters(
  c: Context,
  keys: readonly string[],
  opts: { max: number; split: boolean; message: string },
): void {
  for (const key of keys) {
    const raw = c.req.queries(key) ?? [];
    const values = opts.split ? (commaValues(raw) ?? []) : raw;
    if (values.length <= opts.max) continue;
    throw invalid(`${key} takes at most ${opts.max} values (got ${values.length})`, [
      { field: `query.${key}`, rule: `max ${opts.max}`, value: values.length, message: opts.message },
    ]);
  }
}
