import { z } from 'zod';

/**
 * The search parameters of a paged list page: `skip`, `take` (at most `takeMax`) and, when sort
 * fields are given, `sort` (`field` / `-field`). Bad values in the address fall back to the defaults.
 */
export function pagedSearch(takeMax: number, defaultTake: number) {
  return z.object({
    skip: z.number().int().min(0).catch(0).default(0),
    take: z.number().int().min(1).max(takeMax).catch(defaultTake).default(defaultTake),
  });
}

export function sortedSearch<const F extends readonly [string, ...string[]]>(
  fields: F,
  defaultSort: F[number],
  takeMax: number,
  defaultTake: number,
) {
  const values = [...fields, ...fields.map((f) => `-${f}` as const)] as [
    F[number] | `-${F[number]}`,
    ...(F[number] | `-${F[number]}`)[],
  ];
  return pagedSearch(takeMax, defaultTake).extend({
    // The default is one of `values`; zod's generic typing of catch/default cannot see that.
    sort: z
      .enum(values)
      .catch(defaultSort as never)
      .default(defaultSort as never),
  });
}
