import { z } from 'zod';
import { DateString, enumOf, intRange, range } from './fields';
import { SHUT_IN_PHASES, ShutInDates } from './operations';
import { normalizeRowPeriods, OFFSET_MONTHS_MAX, ROWS_MAX } from './rows';

/*
 * The shut-in table of the service's riskings model (`shutIn: {rows}` beside `risking`; the
 * service's risking validation and econ-math.md, Other monthly items: "forecast 0 over the
 * period, the rest shifted later and × the row's multiplier to its scale end (default econ limit);
 * actuals untouched; CAPEX inside dropped unless kept"). A row shuts a phase (or all) in over
 * `dates: {startDate, endDate}`, repeated monthly or yearly `totalOccurrences` times, or over
 * `offsetToAsOf: {start, end}` in months (`unit: month`) or days (`unit: day`) counted from the
 * as-of date (1 = its month, or the as-of day). The service fixes `unit` to day for dates rows and
 * no repeat for offset rows, and blanks `scalePostShutInEnd` for `econ_limit`: stored the same
 * way. Decision 042.
 */

export const SHUT_IN_REPEATS = ['no_repeat', 'monthly', 'yearly'] as const;
export const SHUT_IN_SCALE_ENDS = ['dates', 'offset_to_as_of_date', 'econ_limit'] as const;
export const SHUT_IN_UNITS = ['day', 'month'] as const;
export const SHUT_IN_OCCURRENCES_MAX = 1200;
/** Day offsets reach 100 years either side of the as-of day. */
export const SHUT_IN_DAYS_MAX = 36_525;

const bool = (field: string, description: string) =>
  z
    .boolean({ error: `${field} must be true or false` })
    .default(true)
    .meta({ description });

const offsetEnd = (field: string) =>
  z
    .int({ error: `${field} must be a whole number` })
    .min(-SHUT_IN_DAYS_MAX, `${field} must be at least ${-SHUT_IN_DAYS_MAX}`)
    .max(SHUT_IN_DAYS_MAX, `${field} must be at most ${SHUT_IN_DAYS_MAX}`);

/**
 * The rows as the service stores them, before validation: numeric offsets made {start, end}; day
 * units for dates rows; no repeat for offset rows; a blank scale end at the economic limit; a
 * numeric month end as a number.
 */
function normalizeShutInRows(value: unknown): unknown {
  const rows = normalizeRowPeriods(value);
  if (!Array.isArray(rows)) return rows;
  return rows.map((r) => {
    if (r === null || typeof r !== 'object' || Array.isArray(r)) return r;
    const row = { ...(r as Record<string, unknown>) };
    if (row.dates !== undefined) row.unit = 'day';
    else if (row.offsetToAsOf !== undefined) {
      row.unit ??= 'month';
      row.repeatRangeOfDates = 'no_repeat';
      row.totalOccurrences = 1;
    }
    const criteria = row.scalePostShutInEndCriteria ?? 'econ_limit';
    const end = row.scalePostShutInEnd;
    if (criteria === 'econ_limit') row.scalePostShutInEnd = ' ';
    else if (criteria === 'offset_to_as_of_date' && typeof end === 'string' && /^-?\d+$/.test(end.trim())) {
      row.scalePostShutInEnd = Number(end);
    }
    return row;
  });
}

const RiskShutInRowShape = z
  .strictObject({
    phase: enumOf('phase', SHUT_IN_PHASES)
      .default('all')
      .meta({ description: 'the phase shut in, or all (default); NGL and drip condensate follow gas' }),
    dates: ShutInDates.optional(),
    offsetToAsOf: z
      .strictObject(
        { start: offsetEnd('start'), end: offsetEnd('end'), period: z.int().optional() },
        { error: 'offsetToAsOf must be {start, end} or a whole number (the row’s length)' },
      )
      .optional()
      .meta({ description: 'months (unit month) or days (unit day) from the as-of date, 1 being its month or day' }),
    unit: enumOf('unit', SHUT_IN_UNITS)
      .optional()
      .meta({ description: 'the unit of offsetToAsOf: month (default) or day; dates rows are always day' }),
    repeatRangeOfDates: enumOf('repeatRangeOfDates', SHUT_IN_REPEATS)
      .default('no_repeat')
      .meta({ description: 'dates rows: repeat the shut-in every month or year (offset rows: no_repeat)' }),
    totalOccurrences: intRange('totalOccurrences', 1, SHUT_IN_OCCURRENCES_MAX)
      .default(1)
      .meta({ description: `how many times a repeated shut-in happens (1 to ${SHUT_IN_OCCURRENCES_MAX})` }),
    multiplier: range('multiplier', 0, 1000)
      .default(1)
      .meta({ description: 'the factor on production after the shut-in, to its scale end (1: unchanged)' }),
    scalePostShutInEndCriteria: enumOf('scalePostShutInEndCriteria', SHUT_IN_SCALE_ENDS)
      .default('econ_limit')
      .meta({ description: 'where the multiplier ends: a date, months after the as-of month, or the economic limit' }),
    scalePostShutInEnd: z
      .union([DateString, z.number(), z.string()], { error: 'scalePostShutInEnd must be a date, a number or blank' })
      .optional()
      .meta({
        description:
          'dates: the last day the multiplier holds; offset_to_as_of_date: the month (from the as-of month, 1) it holds to; econ_limit: blank',
      }),
    fixedExpense: bool(
      'fixedExpense',
      'true (default): fixed expenses are charged through the shut-in (false: not for its days)',
    ),
    capex: bool('capex', 'true (default): CAPEX dated inside the shut-in is kept (false: dropped)'),
  })
  .superRefine((row, ctx) => {
    const periods = (['dates', 'offsetToAsOf'] as const).filter((k) => row[k] !== undefined);
    if (periods.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        params: { rule: 'exactly one period' },
        message:
          periods.length === 0
            ? 'a shut-in row needs exactly one of dates, offsetToAsOf'
            : 'a shut-in row takes exactly one of dates, offsetToAsOf (got dates and offsetToAsOf)',
      });
    }
    if (row.offsetToAsOf && row.offsetToAsOf.end < row.offsetToAsOf.start) {
      ctx.addIssue({
        code: 'custom',
        path: ['offsetToAsOf', 'end'],
        input: row.offsetToAsOf.end,
        params: { rule: 'end ≥ start' },
        message: 'end must not be before start',
      });
    }
    const end = row.scalePostShutInEnd;
    const criteria = row.scalePostShutInEndCriteria;
    const issue = (message: string, rule: string) =>
      ctx.addIssue({ code: 'custom', path: ['scalePostShutInEnd'], input: end, params: { rule }, message });
    if (criteria === 'dates') {
      if (typeof end !== 'string' || !DateString.safeParse(end).success) {
        issue('scalePostShutInEnd must be a date (YYYY-MM-DD) when scalePostShutInEndCriteria is dates', 'a date');
      } else if (row.dates && end < row.dates.endDate) {
        issue(
          `scalePostShutInEnd ${end} must not be before the shut-in ends (${row.dates.endDate})`,
          'after the shut-in',
        );
      }
    } else if (criteria === 'offset_to_as_of_date') {
      if (typeof end !== 'number' || !Number.isInteger(end) || Math.abs(end) > OFFSET_MONTHS_MAX) {
        issue(
          `scalePostShutInEnd must be a whole number of months (at most ${OFFSET_MONTHS_MAX}) when scalePostShutInEndCriteria is offset_to_as_of_date`,
          'whole months',
        );
      }
    }
  });

export const RiskShutInRow = RiskShutInRowShape.meta({ id: 'RiskShutInRow' });
export type RiskShutInRow = z.output<typeof RiskShutInRow>;

export const RiskShutIn = z
  .strictObject({
    rows: z.preprocess(
      normalizeShutInRows,
      z
        .array(RiskShutInRow)
        .min(1, 'rows must hold at least one row')
        .max(ROWS_MAX, `rows must hold at most ${ROWS_MAX} rows`),
    ),
  })
  .meta({
    id: 'RiskShutIn',
    description:
      'shut-ins of the forecast: 0 over each period, the rest moved later, × the multiplier to its scale end',
  });
export type RiskShutIn = z.output<typeof RiskShutIn>;
