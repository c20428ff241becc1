import { z } from 'zod';
import { DateString } from './fields';

/*
 * Riskings, econ function `risking` (issue 19; service-shapes.md: `risking.{riskProd,
 * riskNglDripCondViaGasRisk, oil, gas, ngl, dripCondensate, water}`, each phase `{rows: [{period,
 * multiplier}]}`, the multiplier in percent). A row holds over whole months (econ-math.md, Dated
 * rows): `entireWellLife` "Flat", `dates` (from that date's month to the next row's), or
 * `offsetToFpd` / `offsetToAsOf` `{start, end}` in months counted from the reference month (month 1).
 * The well-count and shut-in tables of the service's risking are not taken yet. Decision 033.
 */

export const RISK_PHASES = ['oil', 'gas', 'ngl', 'dripCondensate', 'water'] as const;
export type RiskPhase = (typeof RISK_PHASES)[number];
/** The dated-row periods a risking row takes. */
export const RISK_PERIODS = ['entireWellLife', 'dates', 'offsetToFpd', 'offsetToAsOf'] as const;
export const RISK_ROWS_MAX = 100;

const months = (field: string) =>
  z
    .int({ error: `${field} must be a whole number of months` })
    .min(-1200, `${field} must be at least -1200`)
    .max(1200, `${field} must be at most 1200`);

const OffsetMonths = z
  .strictObject({ start: months('start'), end: months('end') })
  .refine((o) => o.end >= o.start, {
    message: 'end must not be before start',
    path: ['end'],
    params: { rule: 'end ≥ start' },
  })
  .meta({ description: 'months start to end, counted from the reference date’s month (month 1)' });

export const RiskRow = z
  .strictObject({
    entireWellLife: z.literal('Flat', { error: 'entireWellLife takes "Flat"' }).optional(),
    dates: DateString.optional().meta({ description: 'the row holds from this date’s month to the next row’s' }),
    offsetToFpd: OffsetMonths.optional(),
    offsetToAsOf: OffsetMonths.optional(),
    multiplier: z
      .number({ error: 'multiplier must be a number (percent)' })
      .min(0, 'multiplier must be at least 0')
      .max(1000, 'multiplier must be at most 1000')
      .meta({ description: 'percent of the volume kept (100: unrisked)' }),
  })
  .superRefine((row, ctx) => {
    const sent = RISK_PERIODS.filter((k) => row[k] !== undefined);
    if (sent.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          sent.length === 0
            ? `a row needs exactly one of ${RISK_PERIODS.join(', ')}`
            : `a row takes exactly one of ${RISK_PERIODS.join(', ')} (got ${sent.join(' and ')})`,
        params: { rule: 'exactly one period' },
      });
    }
  })
  .meta({ id: 'RiskRow' });
export type RiskRow = z.infer<typeof RiskRow>;

const PhaseRisk = z
  .strictObject({
    rows: z
      .array(RiskRow)
      .min(1, 'rows must hold at least one row')
      .max(RISK_ROWS_MAX, `rows must hold at most ${RISK_ROWS_MAX} rows`)
      .superRefine((rows, ctx) => {
        const kinds = new Set(rows.map((r) => RISK_PERIODS.find((k) => r[k] !== undefined)));
        if (kinds.size > 1) {
          ctx.addIssue({
            code: 'custom',
            message: `every row of a phase takes the same period (got ${[...kinds].join(' and ')})`,
            params: { rule: 'one period per phase' },
          });
          return;
        }
        if (rows.some((r) => r.entireWellLife !== undefined) && rows.length > 1) {
          ctx.addIssue({
            code: 'custom',
            path: [1],
            message: 'an entireWellLife row is the only row of its phase',
            params: { rule: 'one Flat row' },
          });
        }
        for (let i = 1; i < rows.length; i++) {
          const a = rows[i - 1]!.dates;
          const b = rows[i]!.dates;
          if (a !== undefined && b !== undefined && !(b > a)) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'dates'],
              message: `dates must strictly increase: row ${i} (${b}) must be after row ${i - 1} (${a})`,
              params: { rule: 'increasing dates' },
              input: b,
            });
          }
        }
      }),
  })
  .meta({ id: 'RiskPhase' });

export const Risking = z
  .strictObject({
    riskProd: z
      .boolean({ error: 'riskProd must be true or false' })
      .default(true)
      .meta({ description: 'also risk the actual production (the forecast is always risked)' }),
    riskNglDripCondViaGasRisk: z
      .boolean({ error: 'riskNglDripCondViaGasRisk must be true or false' })
      .default(true)
      .meta({ description: 'NGL and drip condensate follow the risked gas (their own risk applies either way)' }),
    oil: PhaseRisk.optional(),
    gas: PhaseRisk.optional(),
    ngl: PhaseRisk.optional(),
    dripCondensate: PhaseRisk.optional(),
    water: PhaseRisk.optional(),
  })
  .meta({ id: 'RiskingInput' });
export type Risking = z.output<typeof Risking>;

export const RiskingFunctions = z.strictObject({ risking: Risking }).meta({ id: 'RiskingFunctionsInput' });
export type RiskingFunctions = z.output<typeof RiskingFunctions>;
export const RiskingFunctionsView = RiskingFunctions.meta({ id: 'RiskingFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function riskingView(functions: RiskingFunctions): RiskingFunctions {
  return structuredClone(functions);
}
