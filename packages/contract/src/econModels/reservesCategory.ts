import { z } from 'zod';

/*
 * Reserves category, econ function `reservesCategory` (issue 19; service-shapes.md "Econ models":
 * `{prmsClass, prmsCategory, prmsSubCategory}`). The service's value lists are not public: ours
 * follow the SPE Petroleum Resources Management System (PRMS 2018) — the class, the category of
 * that class and the sub-class of project maturity (or reserves status) — in snake_case, and a
 * category or sub-category of another class is refused naming both. Decision 032.
 */

export const PRMS_CLASSES = ['reserves', 'contingent', 'prospective'] as const;
export type PrmsClass = (typeof PRMS_CLASSES)[number];

/** The categories of each class: reserves 1P/2P/3P increments, contingent 1C–3C, prospective estimates. */
export const PRMS_CATEGORIES: Record<PrmsClass, readonly string[]> = {
  reserves: ['proved', 'probable', 'possible'],
  contingent: ['c1', 'c2', 'c3'],
  prospective: ['low_estimate', 'best_estimate', 'high_estimate'],
};

/** The sub-categories of each class: reserves status, contingent and prospective project maturity. */
export const PRMS_SUB_CATEGORIES: Record<PrmsClass, readonly string[]> = {
  reserves: ['producing', 'non_producing', 'shut_in', 'behind_pipe', 'undeveloped'],
  contingent: ['development_pending', 'development_on_hold', 'development_unclarified', 'development_not_viable'],
  prospective: ['prospect', 'lead', 'play'],
};

const all = (lists: Record<PrmsClass, readonly string[]>) =>
  [...new Set(Object.values(lists).flat())] as [string, ...string[]];

/** The `reservesCategory` econ function. */
export const ReservesCategory = z
  .strictObject({
    prmsClass: z.enum(PRMS_CLASSES, { error: `prmsClass must be one of ${PRMS_CLASSES.join(', ')}` }).meta({
      description: 'PRMS class: reserves, contingent (resources) or prospective (resources)',
    }),
    prmsCategory: z
      .enum(all(PRMS_CATEGORIES), { error: `prmsCategory must be one of ${all(PRMS_CATEGORIES).join(', ')}` })
      .meta({
        description:
          'PRMS category of the class: reserves proved, probable, possible; contingent c1, c2, c3; prospective low_estimate, best_estimate, high_estimate',
      }),
    prmsSubCategory: z
      .enum(all(PRMS_SUB_CATEGORIES), {
        error: `prmsSubCategory must be one of ${all(PRMS_SUB_CATEGORIES).join(', ')}`,
      })
      .meta({
        description:
          'reserves status (producing, non_producing, shut_in, behind_pipe, undeveloped) or the project maturity of contingent (development_pending, development_on_hold, development_unclarified, development_not_viable) and prospective (prospect, lead, play) resources',
      }),
  })
  .superRefine((v, ctx) => {
    for (const [field, lists] of [
      ['prmsCategory', PRMS_CATEGORIES],
      ['prmsSubCategory', PRMS_SUB_CATEGORIES],
    ] as const) {
      const allowed = lists[v.prmsClass];
      if (!allowed.includes(v[field])) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} ${v[field]} is not of prmsClass ${v.prmsClass} (it takes ${allowed.join(', ')})`,
          params: { rule: `of prmsClass ${v.prmsClass}` },
          input: v[field],
        });
      }
    }
  })
  .meta({ id: 'ReservesCategoryInput' });
export type ReservesCategory = z.infer<typeof ReservesCategory>;

export const ReservesCategoryFunctions = z
  .strictObject({ reservesCategory: ReservesCategory })
  .meta({ id: 'ReservesCategoryFunctionsInput' });
export type ReservesCategoryFunctions = z.infer<typeof ReservesCategoryFunctions>;

/** Responses carry what was stored: nothing is computed. */
export const ReservesCategoryFunctionsView = ReservesCategoryFunctions.meta({ id: 'ReservesCategoryFunctionsView' });

export function reservesCategoryView(functions: ReservesCategoryFunctions): ReservesCategoryFunctions {
  return structuredClone(functions);
}

/** A short label of a category for tables: `reserves · proved · producing` (PDP). */
export const reservesCategoryLabel = (c: ReservesCategory): string =>
  `${c.prmsClass} · ${c.prmsCategory} · ${c.prmsSubCategory}`;
