import {
  ASSIGNMENT_GRID_SORT,
  ONE_LINER_SORT,
  ONE_LINER_TAKE_MAX,
  QUALIFIER_DEFAULT,
  TAKE_MAX_LARGE,
} from '@econ/contract';
import { z } from 'zod';

const sortValues = <const F extends readonly [string, ...string[]]>(fields: F) =>
  [...fields, ...fields.map((f) => `-${f}` as const)] as [
    F[number] | `-${F[number]}`,
    ...(F[number] | `-${F[number]}`)[],
  ];

const skip = z.number().int().min(0).catch(0).default(0);
const take = (max: number, fallback: number) => z.number().int().min(1).max(max).catch(fallback).default(fallback);
const optionalId = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .optional()
  .catch(undefined);

/**
 * The scenario page's address: the grid's page (`wskip`, `wtake`, `wsort`) and qualifier (`q`),
 * the run whose results are shown (`run`), the one-liners' page (`skip`, `take`, `sort`), combo
 * (`combo`) and the well opened below them (`well`). Bad values fall back to the defaults.
 */
export const ScenarioSearch = z.object({
  wskip: skip,
  wtake: take(TAKE_MAX_LARGE, 25),
  wsort: z.enum(sortValues(ASSIGNMENT_GRID_SORT)).catch('wellName').default('wellName'),
  q: z.string().trim().min(1).max(100).catch(QUALIFIER_DEFAULT).default(QUALIFIER_DEFAULT),
  run: optionalId,
  skip,
  take: take(ONE_LINER_TAKE_MAX, 25),
  sort: z.enum(sortValues(ONE_LINER_SORT)).catch('wellName').default('wellName'),
  well: optionalId,
  /** The combo whose one-liners are listed (a run of several combos; default: its first). */
  combo: z.string().min(1).max(100).optional().catch(undefined),
});
export type ScenarioSearch = z.infer<typeof ScenarioSearch>;
