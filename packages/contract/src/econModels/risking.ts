import { z } from 'zod';
import { datedRow, ROW_PERIODS, ROWS_MAX, rowTable } from './rows';

/*
 * Riskings, econ function `risking` (issue 19; service-shapes.md: `risking.{riskProd,
 * riskNglDripCondViaGasRisk, oil, gas, ngl, dripCondensate, water}`, each phase `{rows: [{period,
 * multiplier}]}`, the multiplier in percent). A row holds over whole months (econ-math.md, Dated
 * rows): `entireWellLife` "Flat", `dates` (from that date's month to the next row's), or
 * `offsetToFpd` / `offsetToAsOf` / `offsetToDiscountDate` `{start, end}` in months counted from the
 * reference month (month 1); rows.ts.
 * The well-count and shut-in tables of the service's risking are not taken yet. Decision 033.
 */

export const RISK_PHASES = ['oil', 'gas', 'ngl', 'dripCondensate', 'water'] as const;
export type RiskPhase = (typeof RISK_PHASES)[number];
/** The dated-row periods a risking row takes. */
export const RISK_PERIODS = ROW_PERIODS;
export const RISK_ROWS_MAX = ROWS_MAX;

export const RiskRow = datedRow({
  multiplier: z
    .number({ error: 'multiplier must be a number (percent)' })
    .min(0, 'multiplier must be at least 0')
    .max(1000, 'multiplier must be at most 1000')
    .meta({ description: 'percent of the volume kept (100: unrisked)' }),
}).meta({ id: 'RiskRow' });
export type RiskRow = z.infer<typeof RiskRow>;

const PhaseRisk = z.strictObject({ rows: rowTable(RiskRow, ['multiplier']) }).meta({ id: 'RiskPhase' });

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
