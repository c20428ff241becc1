import type { DEPLETION_MODELS } from '@econ/contract';
import { statutoryBonusPercent } from '@econ/contract/rules';
import { EconError, requireNumber } from '../econError';
import { monthInYear } from './months';

/** Depletion methods of spec part 2.2. */
export type DepletionMethod = (typeof DEPLETION_MODELS)[number];

/**
 * A DD&A model as the engine reads it: the contract's `depreciation` econ function (spec part 2.2),
 * input or view form (both are assignable; read-only and foreign fields are ignored).
 */
export type TaxDepreciationModel =
  | {
      modelType: 'depreciation';
      /** Percent of tangible CAPEX credited against tax in the CAPEX month. */
      taxCredit: number;
      /** True: the statutory bonus schedule by investment year on tangible CAPEX. */
      tcjaBonus: boolean;
      /** One object: manual bonus percents. */
      bonusDepreciation: readonly { tangibleBonusDepreciation: number; intangibleBonusDepreciation: number }[];
      /** Yearly factors in percent, year 1 first. */
      depreciation: readonly { tanFactor: number; intanFactor: number }[];
    }
  | {
      modelType: 'depletion';
      tangibleImmediateDepletion: number;
      intangibleImmediateDepletion: number;
      tangibleDepletionModel: DepletionMethod;
      intangibleDepletionModel: DepletionMethod;
    };

/** Bonus depreciation percents of one CAPEX item. */
export interface BonusPercents {
  tangible: number;
  intangible: number;
}

/**
 * Bonus percents for a CAPEX item invested in `investmentYear` (econ-math.md, DD&A): the manual
 * entries, plus on tangible CAPEX the statutory schedule when `tcjaBonus`; capped at 100 %.
 *
 * @param field where the model sits, for error messages (e.g. `depreciationModel`)
 * @example bonusPercents({ tcjaBonus: true, bonusDepreciation: [{ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 10 }] }, 2024, 'm')
 *   // { tangible: 60, intangible: 10 }
 */
export function bonusPercents(
  model: Pick<Extract<TaxDepreciationModel, { modelType: 'depreciation' }>, 'tcjaBonus' | 'bonusDepreciation'>,
  investmentYear: number,
  field: string,
): BonusPercents {
  const manual = model.bonusDepreciation[0];
  const tan = manual
    ? requireNumber(`${field}.bonusDepreciation[0].tangibleBonusDepreciation`, manual.tangibleBonusDepreciation, 0, 100)
    : 0;
  const intan = manual
    ? requireNumber(
        `${field}.bonusDepreciation[0].intangibleBonusDepreciation`,
        manual.intangibleBonusDepreciation,
        0,
        100,
      )
    : 0;
  const statutory = model.tcjaBonus ? statutoryBonusPercent(investmentYear) : 0;
  return { tangible: Math.min(100, tan + statutory), intangible: intan };
}

/** Adds `amount` spread evenly over `count` months from `start` to `out`; months past the last row go to it. */
function spread(out: Float64Array, start: number, count: number, amount: number): void {
  const last = out.length - 1;
  const per = amount / count;
  for (let j = 0; j < count; j++) {
    const r = start + j;
    if (r >= last) {
      out[last]! += per * (count - j);
      return;
    }
    out[r]! += per;
  }
}

/**
 * Adds the depreciation of one basis spent in row `row` to `out` (econ-math.md, DD&A): the bonus
 * (percent of the basis) and the first yearly factor (percent of what the bonus leaves) spread evenly
 * over the months from the CAPEX month to December; each later factor over the 12 months of its
 * calendar year; months past the last row go to the last row. Factors summing over 100 % stop at the
 * basis; what factors summing under 100 % leave is deducted in the last row (written off when the
 * well ends), so the column always adds up to the basis.
 *
 * @param firstMonth absolute month number (year × 12 + month − 1) of row 0
 * @param factors yearly factors in percent, year 1 first
 */
export function addDepreciation(
  out: Float64Array,
  firstMonth: number,
  row: number,
  basis: number,
  bonusPct: number,
  factors: readonly number[],
): void {
  if (basis === 0 || out.length === 0) return;
  const bonus = (basis * bonusPct) / 100;
  const rest = basis - bonus;
  const firstYearMonths = 12 - monthInYear(firstMonth + row);
  let cum = 0;
  for (let i = 0; i < factors.length && cum < 100; i++) {
    const f = Math.min(factors[i]!, 100 - cum);
    cum += f;
    const amount = (rest * f) / 100 + (i === 0 ? bonus : 0);
    if (i === 0) spread(out, row, firstYearMonths, amount);
    else spread(out, row + firstYearMonths + 12 * (i - 1), 12, amount);
  }
  if (factors.length === 0) spread(out, row, firstYearMonths, bonus);
  if (cum < 100) out[out.length - 1]! += (rest * (100 - cum)) / 100;
}

/** The yearly factors of a depreciation-type model by kind, checked 0-100. */
export function depreciationFactors(
  model: Extract<TaxDepreciationModel, { modelType: 'depreciation' }>,
  field: string,
): { tangible: number[]; intangible: number[] } {
  if (!Array.isArray(model.depreciation)) {
    throw new EconError(`${field}.depreciation`, model.depreciation, 'must be a list of yearly factors');
  }
  return {
    tangible: model.depreciation.map((e, i) =>
      requireNumber(`${field}.depreciation[${i}].tanFactor`, e.tanFactor, 0, 100),
    ),
    intangible: model.depreciation.map((e, i) =>
      requireNumber(`${field}.depreciation[${i}].intanFactor`, e.intanFactor, 0, 100),
    ),
  };
}
