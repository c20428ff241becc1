import type { DatedCapex } from './columns';
import { EconError, requireNumber } from './econError';
import { dayOf } from './grid';
import { type CapexItem, type Expenses, PHASES, type WellInput } from './types';

/* The checks runWell makes of its input before it runs, each naming the field it refuses. */

/** BBL per BOE of oil and MCF per BOE of wet gas (default 1 and 6). */
export function boeFactors(b: WellInput['boeConversion']): { oil: number; gas: number } {
  if (!b) return { oil: 1, gas: 6 };
  return {
    oil: requireNumber('boeConversion.oil', b.oil, Number.MIN_VALUE),
    gas: requireNumber('boeConversion.wetGas', b.wetGas, Number.MIN_VALUE),
  };
}

/** Checks the CAPEX items, naming the field; each with its day (NaN when atEconLimit). */
export function checkCapex(items: readonly CapexItem[]): DatedCapex[] {
  return items.map((item, i) => {
    requireNumber(`capex[${i}].amount`, item.amount);
    if (item.dealTerms !== undefined) requireNumber(`capex[${i}].dealTerms`, item.dealTerms, 0);
    if (item.offsetDays !== undefined) requireNumber(`capex[${i}].offsetDays`, item.offsetDays);
    if (item.tangible !== undefined || item.intangible !== undefined) {
      const t = requireNumber(`capex[${i}].tangible`, item.tangible ?? 0);
      const g = requireNumber(`capex[${i}].intangible`, item.intangible ?? 0);
      if (Math.abs(t + g - item.amount) > 1e-6 * Math.max(1, Math.abs(item.amount))) {
        throw new EconError(`capex[${i}].amount`, item.amount, `must equal tangible + intangible (${t + g})`);
      }
    }
    if (!item.atEconLimit && item.date === undefined) {
      throw new EconError(`capex[${i}].date`, undefined, 'is required unless atEconLimit is true');
    }
    return { item, day: item.atEconLimit ? Number.NaN : dayOf(`capex[${i}].date`, item.date!) };
  });
}

/** Refuses expenses the engine cannot use, naming the field. */
export function checkExpenses(e: Expenses): void {
  requireNumber('expenses.fixedPerWellMonth', e.fixedPerWellMonth);
  for (const p of PHASES) if (e.variable[p] !== undefined) requireNumber(`expenses.variable.${p}`, e.variable[p]);
  requireNumber('expenses.severanceTaxPct', e.severanceTaxPct, 0, 100);
  requireNumber('expenses.adValoremTaxPct', e.adValoremTaxPct, 0, 100);
}
