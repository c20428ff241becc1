import { z } from 'zod';
import { range } from './fields';
import { RiskShutIn } from './riskingShutIn';
import { datedRow, ROWS_MAX, rowTable, SEASONAL_ROW_PERIODS } from './rows';

/*
 * Riskings, econ function `risking` (issue 19; service-shapes.md: `risking.{riskProd,
 * riskNglDripCondViaGasRisk, oil, gas, ngl, dripCondensate, water}`, each phase `{rows: [{period,
 * multiplier}]}`, the multiplier in percent). A row holds over whole months (econ-math.md, Dated
 * rows): `entireWellLife` "Flat", `dates` (from that date's month to the next row's),
 * `offsetTo…` `{start, end}` in months counted from the reference month (month 1), or (phase rows
 * only) `seasonal`, a calendar month 'Jan' … 'Dec' of every year; rows.ts.
 * `wellStream` is the service's well-count table (econ-math.md, Other monthly items): dated rows of
 * `count` (wells) or `percentage` (the first row's value is the count, each later row a percent of
 * it), as the service's risking validation takes them. `shutIn` (beside `risking`, as the
 * service's clients send it) is riskingShutIn.ts. Decisions 033, 038 and 042.
 */

export const RISK_PHASES = ['oil', 'gas', 'ngl', 'dripCondensate', 'water'] as const;
export type RiskPhase = (typeof RISK_PHASES)[number];
/** The dated-row periods a risking phase row takes: every kind's, and `seasonal` (a calendar month). */
export const RISK_PERIODS = SEASONAL_ROW_PERIODS;
export const RISK_ROWS_MAX = ROWS_MAX;

export const RiskRow = datedRow(
  {
    multiplier: z
      .number({ error: 'multiplier must be a number (percent)' })
      .min(0, 'multiplier must be at least 0')
      .max(1000, 'multiplier must be at most 1000')
      .meta({ description: 'percent of the volume kept (100: unrisked)' }),
  },
  RISK_PERIODS,
).meta({ id: 'RiskRow' });
export type RiskRow = z.infer<typeof RiskRow>;

/** The service's limits on a well-count row (its risking validation): count 1–250,000, percentage 0–1,000,000. */
export const WELL_COUNT_MAX = 250_000;
export const WELL_PERCENTAGE_MAX = 1_000_000;
export const WELL_STREAM_VALUE_KEYS = ['count', 'percentage'] as const;

export const WellStreamRow = datedRow({
  count: range('count', 1, WELL_COUNT_MAX).meta({ description: 'gross wells (decimals allowed)' }),
  percentage: range('percentage', 0, WELL_PERCENTAGE_MAX).meta({
    description: 'the first row: the base count in wells; each later row: percent of that count',
  }),
}).meta({ id: 'WellStreamRow' });
export type WellStreamRow = z.infer<typeof WellStreamRow>;

/**
 * The well count of each month (per-well fixed costs × it): 0 before the first row; without the
 * table, 1 from the first-production month.
 */
export const WellStream = z
  .strictObject({ rows: rowTable(WellStreamRow, WELL_STREAM_VALUE_KEYS) })
  .meta({ id: 'WellStream' });
export type WellStream = z.infer<typeof WellStream>;

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
    wellStream: WellStream.optional().meta({
      description:
        'gross well count by month (count, or percentage of the first row’s count); left out: 1 from the first-production month',
    }),
  })
  .meta({ id: 'RiskingInput' });
export type Risking = z.output<typeof Risking>;

export const RiskingFunctions = z
  .strictObject({
    risking: Risking,
    shutIn: RiskShutIn.optional().meta({
      description: 'the service’s shut-in table of the riskings model (decision 042); left out: no shut-ins',
    }),
  })
  .meta({ id: 'RiskingFunctionsInput' });
export type RiskingFunctions = z.output<typeof RiskingFunctions>;
export const RiskingFunctionsView = RiskingFunctions.meta({ id: 'RiskingFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function riskingView(functions: RiskingFunctions): RiskingFunctions {
  return structuredClone(functions);
}
