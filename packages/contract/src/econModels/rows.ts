import { z } from 'zod';

const ESCALATION_REF_TEXT =
  'escalationModel must be "none" or the id of an escalations model (24 hexadecimal characters)';
const OBJECT_ID = /^[0-9a-f]{24}$/;

import { DateString, enumOf, range } from './fields';
import {
  normalizeRowPeriods,
  OFFSET_MONTHS_MAX,
  RATE_MAX,
  RATE_PERIODS,
  ROW_PERIODS,
  ROWS_MAX,
  type RowPeriodKey,
  rowPeriodOf,
  SEASONAL_MONTHS,
} from './rowPeriods';

/*
 * Dated rows of the service's model kinds (service-shapes.md, "Econ models"; econ-math.md, "Dated
 * rows"): each row of a pricing, differential, escalation, expense, stream-property or risking
 * table holds over whole months and chooses its period with exactly one of `entireWellLife`
 * ("Flat"), `dates` (from that date's month to the next row's), or `offsetTo…` `{start, end}` in
 * months counted from the reference date's month (month 1: FPD, as-of, discount date, the last
 * history day, the first forecast segment's start); expense and stream-property rows also by a
 * rate of a phase (`oilRate` … `{start, end}`), risking phase rows by a calendar month
 * (`seasonal`). Its value is exactly one of the kind's value
 * keys (`price`, `dollarPerMcf`, `pctRemaining`, …). Clients of the service send an offset as the
 * row's length in months and a rate as the row's start (numbers); tables take both and store the
 * `{start, end}` form (normalizeRowPeriods). Decisions 033, 040.
 */

export * from './rowPeriods';

const months = (field: string, min: number) =>
  z
    .int({ error: `${field} must be a whole number of months` })
    .min(min, `${field} must be at least ${min}`)
    .max(OFFSET_MONTHS_MAX, `${field} must be at most ${OFFSET_MONTHS_MAX}`);

/** `{start, end, period?}` months from `min` to 1200; `period` (clients send it) must be end − start + 1. */
const monthSpan = (min: number, description: string, error: string) =>
  z
    .strictObject(
      {
        start: months('start', min),
        end: months('end', min),
        period: z.int({ error: 'period must be a whole number of months' }).optional().meta({
          description: 'months in the row, end − start + 1 (optional; refused when it disagrees)',
        }),
      },
      { error: (iss) => (iss.code === 'invalid_type' ? error : undefined) },
    )
    .superRefine((o, ctx) => {
      if (o.end < o.start) {
        ctx.addIssue({
          code: 'custom',
          message: 'end must not be before start',
          path: ['end'],
          input: o.end,
          params: { rule: 'end ≥ start' },
        });
      } else if (o.period !== undefined && o.period !== o.end - o.start + 1) {
        ctx.addIssue({
          code: 'custom',
          message: `period must be end − start + 1 = ${o.end - o.start + 1}`,
          path: ['period'],
          input: o.period,
          params: { rule: 'period = end − start + 1' },
        });
      }
    })
    .meta({ description });

/** `offsetTo…`: months start to end (−1200 to 1200) from the reference date's month (month 1). */
export const OffsetMonths = monthSpan(
  -OFFSET_MONTHS_MAX,
  'months start to end, counted from the reference date’s month (month 1); or a whole number of months, the row’s length, following the previous row (the first starts at month 1)',
  'an offset must be {start, end} months or a whole number of months of at least 1 (the row’s length)',
);
export type OffsetMonths = z.infer<typeof OffsetMonths>;

/**
 * `monthPeriod` (escalation rows only): months start to end (1 to 1200) counted from the first month
 * of the escalated table's first row (month 1; a whole-life table: the cash-flow start).
 */
export const MonthPeriod = monthSpan(
  1,
  'months start to end (1 to 1200), counted from the first month of the escalated table’s first row (month 1; a whole-life table: the cash-flow start)',
  'monthPeriod must be {start, end} months',
);
export type MonthPeriod = z.infer<typeof MonthPeriod>;

/**
 * `seasonal` (risking phase rows only): a calendar month; the row holds in that month of every
 * year. A seasonal table names each month at most once.
 */
export const Seasonal = enumOf('seasonal', SEASONAL_MONTHS).meta({
  description: 'a calendar month, Jan to Dec: the row holds in that month of every year (100 % in months no row names)',
});
export type Seasonal = z.infer<typeof Seasonal>;

const rateStart = z
  .number({ error: 'start must be a number (a daily rate)' })
  .min(0, 'start must be at least 0')
  .max(RATE_MAX, `start must be at most ${RATE_MAX}`);

/**
 * A rate row's span: daily rates from `start` (inclusive) to `end` (the next row's start; the last
 * row "inf"). Sent as a number, the number is the start.
 */
export const RateSpan = z
  .strictObject(
    {
      start: rateStart,
      end: z.union([rateStart, z.literal('inf')], { error: 'end must be a number or "inf"' }),
    },
    { error: 'a rate must be a number (the row’s start) or {start, end}' },
  )
  .meta({
    description:
      'daily rate (BBL/D or MCF/D) from start (inclusive) to end (the next row’s start; "inf" for the last row); or a number, the row’s start',
  });
export type RateSpan = z.infer<typeof RateSpan>;

const PERIOD_SHAPE = {
  entireWellLife: z.literal('Flat', { error: 'entireWellLife takes "Flat"' }).optional(),
  dates: DateString.optional().meta({ description: 'the row holds from this date’s month to the next row’s' }),
  offsetToFpd: OffsetMonths.optional(),
  offsetToAsOf: OffsetMonths.optional(),
  offsetToDiscountDate: OffsetMonths.optional(),
  offsetToEndHistory: OffsetMonths.optional().meta({
    description:
      'months start to end counted from the month of the well’s last production history day (month 1); or a whole number of months, the row’s length',
  }),
  offsetToFirstSegment: OffsetMonths.optional().meta({
    description:
      'months start to end counted from the month the well’s first forecast segment starts (month 1); or a whole number of months, the row’s length',
  }),
  monthPeriod: MonthPeriod.optional(),
  seasonal: Seasonal.optional(),
  oilRate: RateSpan.optional(),
  gasRate: RateSpan.optional(),
  waterRate: RateSpan.optional(),
  totalFluidRate: RateSpan.optional().meta({ description: 'oil + water daily rate, BBL/D; a number: the start' }),
};

/**
 * One dated row: exactly one period of `periods` (default ROW_PERIODS; `monthPeriod`, rates and
 * `seasonal` only when asked) and exactly one of `values` (the value keys and their schemas).
 *
 * @example datedRow({ price: range('price', 0, 1e4) })
 */
export function datedRow<V extends Record<string, z.ZodType<number>>, E extends z.ZodRawShape = Record<never, never>>(
  values: V,
  periods: readonly RowPeriodKey[] = ROW_PERIODS,
  /** Fields of a row beside its period and value (e.g. `unshrunkGas` of a yield row). */
  extra?: E,
) {
  const valueKeys = Object.keys(values);
  const valueShape = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof V]: z.ZodOptional<V[K]>;
  };
  const periodShape = Object.fromEntries(periods.map((p) => [p, PERIOD_SHAPE[p]])) as Partial<typeof PERIOD_SHAPE>;
  return z
    .strictObject({ ...(periodShape as typeof PERIOD_SHAPE), ...valueShape, ...(extra ?? ({} as E)) })
    .superRefine((row, ctx) => {
      const r = row as Record<string, unknown>;
      // Exactly one of each list: the period, then the value.
      for (const [names, rule] of [
        [periods, 'exactly one period'],
        [valueKeys, 'exactly one value'],
      ] as const) {
        const sent = names.filter((k) => r[k] !== undefined);
        if (sent.length === 1) continue;
        ctx.addIssue({
          code: 'custom',
          message:
            sent.length === 0
              ? `a row needs exactly one of ${names.join(', ')}`
              : `a row takes exactly one of ${names.join(', ')} (got ${sent.join(' and ')})`,
          params: { rule },
        });
      }
    });
}

/**
 * A table of dated rows (1 to `max`): every row takes the same period and the same value key; an
 * `entireWellLife` row is the only row; `dates` strictly increase; each `monthPeriod` row starts the
 * month after the previous one's end; a `seasonal` table names each month at most once (so holds
 * at most 12 rows).
 */
export function rowTable<R extends z.ZodType>(row: R, valueKeys: readonly string[], max = ROWS_MAX) {
  return z.preprocess(normalizeRowPeriods, rowArray(row, valueKeys, max));
}

function rowArray<R extends z.ZodType>(row: R, valueKeys: readonly string[], max: number) {
  return z
    .array(row)
    .min(1, 'rows must hold at least one row')
    .max(max, `rows must hold at most ${max} rows`)
    .superRefine((value, ctx) => {
      const rows = value as Record<string, unknown>[];
      const kinds = new Set(rows.map((r) => rowPeriodOf(r)));
      if (kinds.size > 1) {
        ctx.addIssue({
          code: 'custom',
          message: `every row of a table takes the same period (got ${[...kinds].join(' and ')})`,
          params: { rule: 'one period per table' },
        });
        return;
      }
      const keys = new Set(rows.map((r) => valueKeys.find((k) => r[k] !== undefined)));
      if (keys.size > 1) {
        ctx.addIssue({
          code: 'custom',
          message: `every row of a table takes the same value key (got ${[...keys].join(' and ')})`,
          params: { rule: 'one unit per table' },
        });
      }
      if (rows.some((r) => r.entireWellLife !== undefined) && rows.length > 1) {
        ctx.addIssue({
          code: 'custom',
          path: [1],
          message: 'an entireWellLife row is the only row of its table',
          params: { rule: 'one Flat row' },
        });
      }
      lastRateRule(rows, ctx);
      seasonalRule(rows, ctx);
      for (let i = 1; i < rows.length; i++) {
        const a = rows[i - 1]!.dates;
        const b = rows[i]!.dates;
        if (typeof a === 'string' && typeof b === 'string' && !(b > a)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'dates'],
            message: `dates must strictly increase: row ${i + 1} (${b}) must be after row ${i} (${a})`,
            params: { rule: 'increasing dates' },
            input: b,
          });
        }
        rateRule(rows, i, ctx);
        const before = rows[i - 1]!.monthPeriod as { end?: unknown } | undefined;
        const period = rows[i]!.monthPeriod as { start?: unknown } | undefined;
        if (typeof before?.end === 'number' && typeof period?.start === 'number' && period.start !== before.end + 1) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'monthPeriod', 'start'],
            message: `monthPeriod rows follow one another: row ${i + 1} must start at month ${before.end + 1} (the month after row ${i}’s end), not ${period.start}`,
            params: { rule: 'consecutive month periods' },
            input: period.start,
          });
        }
      }
    });
}

/** Rate rows: starts strictly increase, and each row ends where the next starts (the last at "inf"). */
function rateRule(rows: Record<string, unknown>[], i: number, ctx: z.RefinementCtx) {
  for (const key of RATE_PERIODS) {
    const a = rows[i - 1]![key] as RateSpan | undefined;
    const b = rows[i]![key] as RateSpan | undefined;
    if (!a || !b || typeof a.start !== 'number' || typeof b.start !== 'number') continue;
    if (!(b.start > a.start)) {
      ctx.addIssue({
        code: 'custom',
        path: [i, key],
        message: `rates must strictly increase: row ${i + 1} (${b.start}) must start above row ${i} (${a.start})`,
        params: { rule: 'increasing rates' },
        input: b.start,
      });
    } else if (a.end !== b.start) {
      ctx.addIssue({
        code: 'custom',
        path: [i - 1, key],
        message: `row ${i} must end where row ${i + 1} starts (${b.start}), not at ${a.end}`,
        params: { rule: 'end = next start' },
        input: a.end,
      });
    }
  }
}

/** A seasonal table: at most 12 rows, each calendar month at most once. */
function seasonalRule(rows: Record<string, unknown>[], ctx: z.RefinementCtx) {
  if (rows[0]?.seasonal === undefined) return;
  if (rows.length > SEASONAL_MONTHS.length) {
    ctx.addIssue({
      code: 'custom',
      message: `a seasonal table holds at most ${SEASONAL_MONTHS.length} rows (one a month), not ${rows.length}`,
      params: { rule: 'at most 12 seasonal rows' },
      input: rows.length,
    });
  }
  const seen = new Map<unknown, number>();
  rows.forEach((row, i) => {
    const month = row.seasonal;
    const first = seen.get(month);
    if (first === undefined) {
      seen.set(month, i);
      return;
    }
    ctx.addIssue({
      code: 'custom',
      path: [i, 'seasonal'],
      message: `each month at most once: row ${i + 1} repeats ${String(month)} (row ${first + 1})`,
      params: { rule: 'each month once' },
      input: month,
    });
  });
}

/** The last rate row ends at "inf". */
function lastRateRule(rows: Record<string, unknown>[], ctx: z.RefinementCtx) {
  const i = rows.length - 1;
  for (const key of RATE_PERIODS) {
    const last = rows[i]?.[key] as RateSpan | undefined;
    if (last && last.end !== 'inf') {
      ctx.addIssue({
        code: 'custom',
        path: [i, key],
        message: `the last rate row ends at "inf", not ${last.end}`,
        params: { rule: 'last end "inf"' },
        input: last.end,
      });
    }
  }
}

/**
 * `escalationModel` of a table, row set or CAPEX row: `"none"` or the id of an `escalations` model
 * of the company or of the model's project (the API checks it exists when the model is written).
 */
export const EscalationModelRef = z
  .string({ error: ESCALATION_REF_TEXT })
  .refine((v) => v === 'none' || OBJECT_ID.test(v), {
    message: ESCALATION_REF_TEXT,
    params: { rule: '"none" or an escalations model id' },
  })
  .default('none')
  .meta({ description: '"none", or the id of an escalations model of the company or the project' });

/** `cap` of a table: `""` (no cap, as clients send it) or a ceiling in the table's entered unit. */
export const Cap = (field: string, max: number) =>
  z
    .union([z.literal(''), range(field, 0, max)], {
      error: `${field} must be "" (no cap) or a number from 0 to ${max}`,
    })
    .default('')
    .meta({ description: `a ceiling on the value after escalation, in the entered unit; "" for none (0 to ${max})` });
