import { z } from 'zod';
import { DateString, enumOf, intRange, range } from './fields';
import { datedRow, OFFSET_MONTHS_MAX, OffsetMonths, ROW_OFFSETS, ROWS_MAX, rowTable } from './rows';

/*
 * Operations, econ function `operations` (issue 19; service-shapes.md: "shut-in periods, downtime
 * and a well's operating schedule"; the service's body is not public). Three optional tables:
 * - `shutIn.rows[]`: a phase (or all) shut in over `dates: {startDate, endDate}` (days, inclusive)
 *   or months `offsetToFpd | offsetToAsOf | offsetToDiscountDate | offsetToEndHistory |
 *   offsetToFirstSegment: {start, end}` (rows.ts); after it
 *   production either resumes where it stopped (`resume: "shifted"`: the rest of the forecast moves
 *   later by the days shut in) or continues on the calendar (`"calendar"`: the volume shut in is
 *   lost), times `multiplier` percent for `multiplierMonths` months (absent: to the end);
 * - `downtime.rows[]`: dated rows of `pctDowntime` (percent of each month's forecast lost);
 * - `schedule.rows[]`: dated rows of `daysOnPerMonth` or `hoursOnPerDay` (the planned time on).
 * The forecast only; actuals are untouched. Engine: packages/econ/src/inputs/operations.ts.
 * Decision 035.
 */

export const SHUT_IN_PHASES = ['all', 'oil', 'gas', 'water'] as const;
export type ShutInPhase = (typeof SHUT_IN_PHASES)[number];
export const SHUT_IN_RESUME = ['shifted', 'calendar'] as const;
export type ShutInResume = (typeof SHUT_IN_RESUME)[number];
/** The periods a shut-in row takes: `dates` (a day range) or month offsets. */
export const SHUT_IN_PERIODS = ['dates', ...ROW_OFFSETS] as const;
export type ShutInPeriod = (typeof SHUT_IN_PERIODS)[number];

export const ShutInDates = z
  .strictObject({
    startDate: DateString.meta({ description: 'the first day shut in' }),
    endDate: DateString.meta({ description: 'the last day shut in' }),
  })
  .superRefine((d, ctx) => {
    if (d.endDate < d.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        input: d.endDate,
        params: { rule: 'endDate ≥ startDate' },
        message: `endDate ${d.endDate} must not be before startDate ${d.startDate}`,
      });
    }
  })
  .meta({ description: 'the days shut in, startDate to endDate inclusive' });

export const ShutInRow = z
  .strictObject({
    phase: enumOf('phase', SHUT_IN_PHASES)
      .default('all')
      .meta({ description: 'the phase shut in, or all (default); NGL and drip condensate follow gas' }),
    dates: ShutInDates.optional(),
    offsetToFpd: OffsetMonths.optional(),
    offsetToAsOf: OffsetMonths.optional(),
    offsetToDiscountDate: OffsetMonths.optional(),
    offsetToEndHistory: OffsetMonths.optional(),
    offsetToFirstSegment: OffsetMonths.optional(),
    resume: enumOf('resume', SHUT_IN_RESUME).default('shifted').meta({
      description:
        'shifted (default): production resumes where it stopped, the rest of the forecast moved later by the days shut in; calendar: the forecast continues on its dates and the volume shut in is lost',
    }),
    multiplier: range('multiplier', 0, 1000)
      .default(100)
      .meta({ description: 'percent applied to the production after the shut-in (100: unchanged; 0 to 1,000)' }),
    multiplierMonths: intRange('multiplierMonths', 1, OFFSET_MONTHS_MAX)
      .optional()
      .meta({
        description: `months after the shut-in the multiplier holds (1 to ${OFFSET_MONTHS_MAX}; absent: to the end)`,
      }),
    description: z
      .string({ error: 'description must be a string' })
      .max(200, 'description must be at most 200 characters')
      .optional()
      .meta({ description: 'what the shut-in is for, e.g. "offset frac" (up to 200 characters)' }),
  })
  .superRefine((row, ctx) => {
    const sent = SHUT_IN_PERIODS.filter((k) => row[k] !== undefined);
    if (sent.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        params: { rule: 'exactly one period' },
        message:
          sent.length === 0
            ? `a shut-in row needs exactly one of ${SHUT_IN_PERIODS.join(', ')}`
            : `a shut-in row takes exactly one of ${SHUT_IN_PERIODS.join(', ')} (got ${sent.join(' and ')})`,
      });
    }
  })
  .meta({ id: 'ShutInRow' });
export type ShutInRow = z.output<typeof ShutInRow>;

/** A row's period as `[key, from, to]` (dates as strings, offsets as months), when it has one. */
export function shutInSpan(row: ShutInRow): [ShutInPeriod, string | number, string | number] | undefined {
  if (row.dates) return ['dates', row.dates.startDate, row.dates.endDate];
  for (const k of ROW_OFFSETS) {
    const o = row[k];
    if (o) return [k, o.start, o.end];
  }
  return undefined;
}

const overlapsPhase = (a: ShutInPhase, b: ShutInPhase) => a === 'all' || b === 'all' || a === b;

const ShutInTable = z
  .strictObject({
    rows: z
      .array(ShutInRow)
      .min(1, 'rows must hold at least one row')
      .max(ROWS_MAX, `rows must hold at most ${ROWS_MAX} rows`)
      .superRefine((rows, ctx) => {
        // Rows of the same period kind that shut the same phase in twice over the same time.
        for (let j = 1; j < rows.length; j++) {
          const b = shutInSpan(rows[j]!);
          if (!b) continue;
          for (let i = 0; i < j; i++) {
            const a = shutInSpan(rows[i]!);
            if (!a || a[0] !== b[0] || !overlapsPhase(rows[i]!.phase, rows[j]!.phase)) continue;
            if (b[1] <= a[2] && a[1] <= b[2]) {
              ctx.addIssue({
                code: 'custom',
                path: [j, b[0]],
                input: rows[j]![b[0]],
                params: { rule: 'no overlapping shut-ins' },
                message: `shut-in row ${j + 1} (${b[1]} to ${b[2]}) overlaps row ${i + 1} (${a[1]} to ${a[2]}) for ${rows[j]!.phase === 'all' ? rows[i]!.phase : rows[j]!.phase}`,
              });
              break;
            }
          }
        }
      }),
  })
  .meta({ id: 'ShutInTable' });

export const DowntimeRow = datedRow({
  pctDowntime: range('pctDowntime', 0, 100).meta({
    description: 'percent of each month’s forecast volume lost to downtime (0 to 100)',
  }),
}).meta({ id: 'DowntimeRow' });

export const SCHEDULE_UNITS = ['daysOnPerMonth', 'hoursOnPerDay'] as const;
export type ScheduleUnit = (typeof SCHEDULE_UNITS)[number];

export const ScheduleRow = datedRow({
  daysOnPerMonth: range('daysOnPerMonth', 0, 31).meta({
    description: 'days the well produces each month (0 to 31; above the month’s days: every day)',
  }),
  hoursOnPerDay: range('hoursOnPerDay', 0, 24).meta({ description: 'hours the well produces each day (0 to 24)' }),
}).meta({ id: 'ScheduleRow' });

export const Operations = z
  .strictObject({
    shutIn: ShutInTable.optional(),
    downtime: z
      .strictObject({ rows: rowTable(DowntimeRow, ['pctDowntime']) })
      .optional()
      .meta({ description: 'downtime by period (0 % outside the rows)' }),
    schedule: z
      .strictObject({ rows: rowTable(ScheduleRow, SCHEDULE_UNITS) })
      .optional()
      .meta({ description: 'the operating schedule by period (producing every day outside the rows)' }),
  })
  .superRefine((ops, ctx) => {
    if (!ops.shutIn && !ops.downtime && !ops.schedule) {
      ctx.addIssue({
        code: 'custom',
        params: { rule: 'at least one table' },
        message: 'operations needs at least one of shutIn, downtime, schedule',
      });
    }
  })
  .meta({ id: 'OperationsInput' });
export type Operations = z.output<typeof Operations>;

export const OperationsFunctions = z.strictObject({ operations: Operations }).meta({ id: 'OperationsFunctionsInput' });
export type OperationsFunctions = z.output<typeof OperationsFunctions>;
export const OperationsFunctionsView = OperationsFunctions.meta({ id: 'OperationsFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function operationsView(functions: OperationsFunctions): OperationsFunctions {
  return structuredClone(functions);
}
