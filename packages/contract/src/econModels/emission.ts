import { z } from 'zod';
import {
  EMISSION_CATEGORIES,
  EMISSION_RATE_MAX,
  EMISSION_ROWS_MAX,
  EMISSION_UNITS,
  type EmissionUnit,
  emissionUnitPhases,
} from './emissionValues';
import { enumOf, range } from './fields';
import { EscalationModelRef } from './rows';

/*
 * Emissions, econ function `emissions` (issue 19; service-shapes.md: "CO2e and species rates per
 * unit of production or per well-month"). The service's public clients send `emissions.rows[]` of
 * `{selected, category, co2e, co2, ch4, n2o, unit, escalationModel}`; we take that shape whole,
 * with the units `mt_per_well_per_month` and an optional `phase` for per-volume rates added. The
 * rates are metric tons per unit and never negative; `co2e` is entered, not computed (the GWP is
 * the user's). The engine's monthly masses: packages/econ/src/emissions.ts; the carbon expense of
 * the expenses kind prices them ($/MT). Decision 035.
 */

export * from './emissionValues';

const UNIT_KEYS = EMISSION_UNITS.map((u) => u.key) as [EmissionUnit, ...EmissionUnit[]];
const PER_VOLUME_PHASES = ['oil', 'gas', 'water', 'ngl', 'dripCondensate'] as const;

const rate = (key: string, what: string) =>
  range(key, 0, EMISSION_RATE_MAX).meta({
    description: `${what}, metric tons per the row's unit (0 to ${EMISSION_RATE_MAX.toLocaleString('en-US')})`,
  });

export const EmissionRow = z
  .strictObject({
    selected: z
      .boolean({ error: 'selected must be true or false' })
      .default(false)
      .meta({ description: 'whether the row counts (the service’s default: false)' }),
    category: enumOf('category', EMISSION_CATEGORIES).meta({
      description:
        'the emission source (EPA Subpart W terms); fugitive is equipment_leaks, storage tanks atmospheric_tank; other for the rest',
    }),
    co2e: rate('co2e', 'CO2 equivalent (entered, not computed from the species: the GWP is yours)'),
    co2: rate('co2', 'carbon dioxide'),
    ch4: rate('ch4', 'methane'),
    n2o: rate('n2o', 'nitrous oxide'),
    unit: enumOf('unit', UNIT_KEYS).meta({
      description:
        'mt_per_mbbl (per 1,000 BBL of a liquid phase), mt_per_mmcf (per 1,000 MCF of gas), mt_per_mboe (per 1,000 BOE: oil + NGL + drip condensate + gas ÷ the MCF per BOE), mt_per_well_per_month, mt_per_well_per_year (÷ 12 each month), mt_per_new_well (once, in the first-production month)',
    }),
    phase: enumOf('phase', PER_VOLUME_PHASES).optional().meta({
      description:
        'the phase whose gross volume a per-volume rate applies to: mt_per_mbbl takes oil (default), water, ngl or dripCondensate; mt_per_mmcf takes gas (default); other units take none',
    }),
    escalationModel: EscalationModelRef,
  })
  .superRefine((row, ctx) => {
    if (row.phase === undefined) return;
    const phases = emissionUnitPhases(row.unit);
    if (!phases.includes(row.phase)) {
      ctx.addIssue({
        code: 'custom',
        path: ['phase'],
        input: row.phase,
        params: { rule: `a phase of ${row.unit}` },
        message:
          phases.length === 0
            ? `phase ${row.phase} does not go with unit ${row.unit}, which is not per volume: leave phase out`
            : `phase ${row.phase} does not go with unit ${row.unit} (it takes ${phases.join(', ')})`,
      });
    }
  })
  .meta({ id: 'EmissionRow' });
export type EmissionRow = z.output<typeof EmissionRow>;

export const Emissions = z
  .strictObject({
    rows: z
      .array(EmissionRow)
      .max(EMISSION_ROWS_MAX, `rows must hold at most ${EMISSION_ROWS_MAX} rows`)
      .meta({ description: `the emission rows (0 to ${EMISSION_ROWS_MAX}); only selected rows count` }),
  })
  .meta({ id: 'EmissionsInput' });
export type Emissions = z.output<typeof Emissions>;

export const EmissionFunctions = z.strictObject({ emissions: Emissions }).meta({ id: 'EmissionFunctionsInput' });
export type EmissionFunctions = z.output<typeof EmissionFunctions>;
export const EmissionFunctionsView = EmissionFunctions.meta({ id: 'EmissionFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function emissionView(functions: EmissionFunctions): EmissionFunctions {
  return structuredClone(functions);
}
