import type { EmissionRow } from '@econ/contract';
import { EMISSION_COMPONENTS, type EmissionComponent, type EmissionPhase } from '@econ/contract/rules';
import { EconError, requireNumber } from './econError';

/*
 * Emissions (issue 19; decision 035): the monthly mass in metric tons of each component (co2e, co2,
 * ch4, n2o) of one well from the selected rows of its emissions model. The carbon expense of the
 * expenses kind prices these masses (econ-math.md, Expenses: "Carbon: $/MT × each component's
 * monthly mass"). Pure.
 */

/** One well's monthly quantities the rates apply to; every array holds one value per month. */
export interface EmissionInputs {
  /** Gross volumes by phase: BBL for oil, water, NGL and drip condensate, MCF for gas; a missing phase is 0. */
  volumes: Partial<Record<EmissionPhase, ArrayLike<number>>>;
  /** Producing wells × the share of the month they produce (1 for one well on the whole month, 0 before FPD). */
  wellMonths: ArrayLike<number>;
  /** Wells whose first production falls in the month (1 in one well's FPD month); read by `mt_per_new_well` rows. */
  newWells?: ArrayLike<number> | undefined;
  /** MCF of gas per BOE for `mt_per_mboe` (general options' boeConversion; default 6). */
  gasMcfPerBoe?: number | undefined;
  /** By the model's row index: the row's monthly escalation factor (1: none); a missing entry is not escalated. */
  escalation?: readonly (ArrayLike<number> | undefined)[] | undefined;
}

/** Metric tons of each component per month. */
export type EmissionMasses = Record<EmissionComponent, Float64Array>;

/** MCF per BOE without general options (econ-math.md: wet and dry gas factors 6). */
export const DEFAULT_GAS_MCF_PER_BOE = 6;

/**
 * The monthly masses (MT) of the selected rows: Σ rate × quantity × escalation, where the quantity
 * of a month is, by the row's unit,
 * - `mt_per_mbbl`: the volume of `phase` (default oil) ÷ 1,000 BBL;
 * - `mt_per_mmcf`: the gas volume ÷ 1,000 MCF;
 * - `mt_per_mboe`: (oil + NGL + drip condensate + gas ÷ gasMcfPerBoe) ÷ 1,000 BOE;
 * - `mt_per_well_per_month`: wellMonths; `mt_per_well_per_year`: wellMonths ÷ 12;
 * - `mt_per_new_well`: newWells.
 * Unselected rows count nothing; `category` does not change the sum.
 *
 * @example emissionMasses([flareRow], { volumes: { gas: [9000] }, wellMonths: [1] }).co2 // [9 × flareRow.co2]
 * @throws {EconError} naming the input whose length differs from wellMonths', `newWells` when a
 * selected `mt_per_new_well` row needs it, `gasMcfPerBoe` unless it is above 0
 */
export function emissionMasses(rows: readonly EmissionRow[], inputs: EmissionInputs): EmissionMasses {
  const n = inputs.wellMonths.length;
  const sameLength = (name: string, a: ArrayLike<number> | undefined) => {
    if (a !== undefined && a.length !== n) {
      throw new EconError(name, a.length, `must hold one value per month (${n}, as wellMonths)`);
    }
  };
  for (const [phase, v] of Object.entries(inputs.volumes)) sameLength(`volumes.${phase}`, v);
  sameLength('newWells', inputs.newWells);
  inputs.escalation?.forEach((e, i) => {
    sameLength(`escalation[${i}]`, e);
  });
  const gasPerBoe = requireNumber('gasMcfPerBoe', inputs.gasMcfPerBoe ?? DEFAULT_GAS_MCF_PER_BOE, Number.MIN_VALUE);

  const out = Object.fromEntries(EMISSION_COMPONENTS.map((c) => [c, new Float64Array(n)])) as EmissionMasses;
  const volume = (p: EmissionPhase, m: number) => inputs.volumes[p]?.[m] ?? 0;
  rows.forEach((row, i) => {
    if (!row.selected) return;
    let quantity: (m: number) => number;
    switch (row.unit) {
      case 'mt_per_mbbl': {
        const phase = row.phase ?? 'oil';
        quantity = (m) => volume(phase, m) / 1000;
        break;
      }
      case 'mt_per_mmcf':
        quantity = (m) => volume('gas', m) / 1000;
        break;
      case 'mt_per_mboe':
        quantity = (m) =>
          (volume('oil', m) + volume('ngl', m) + volume('dripCondensate', m) + volume('gas', m) / gasPerBoe) / 1000;
        break;
      case 'mt_per_well_per_month':
        quantity = (m) => inputs.wellMonths[m]!;
        break;
      case 'mt_per_well_per_year':
        quantity = (m) => inputs.wellMonths[m]! / 12;
        break;
      case 'mt_per_new_well': {
        const wells = inputs.newWells;
        if (!wells) {
          throw new EconError(`emissions.rows[${i}].unit`, row.unit, 'needs the month of first production (newWells)');
        }
        quantity = (m) => wells[m]!;
        break;
      }
    }
    const escalation = inputs.escalation?.[i];
    for (let m = 0; m < n; m++) {
      const q = quantity(m) * (escalation ? escalation[m]! : 1);
      if (q === 0) continue;
      for (const c of EMISSION_COMPONENTS) out[c][m]! += row[c] * q;
    }
  });
  return out;
}
