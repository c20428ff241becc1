import { FISCAL_PERIODS, type FiscalPeriod, TAX_CRITERIA } from '@econ/contract';
import { MONTH_NAMES as MONTHS } from '../model/monthNames';

/* Choices and starting values of the general options form (spec 2.6), kept apart from React. */

/**
 * A fiscal year `start-end` (months numbered 0 = January … 11 = December) in words.
 *
 * @example fiscalLabel('9-8') // 'October – September'
 */
export function fiscalLabel(period: FiscalPeriod): string {
  const [start, end] = period.split('-').map(Number);
  return `${MONTHS[start ?? 0]} – ${MONTHS[end ?? 11]}`;
}

export const FISCAL_OPTIONS = FISCAL_PERIODS.map((p) => ({ value: p, label: fiscalLabel(p) }));

export type TaxCriterion = (typeof TAX_CRITERIA)[number];

/** The period criteria of a tax entry, as the picker names them. */
export const TAX_CRITERION_LABELS: Record<TaxCriterion, string> = {
  entireWellLife: 'Entire well life',
  offsetToAsOf: 'Months after as-of',
  offsetToFpd: 'Months after FPD',
  dates: 'From month',
};

/** The criterion a tax entry holds (the first present), or undefined. */
export function taxCriterionOf(entry: unknown): TaxCriterion | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const e = entry as Record<string, unknown>;
  return TAX_CRITERIA.find((k) => e[k] !== undefined);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the month after `now`, `YYYY-MM-01` (a tax entry's `dates` must be a first of month). */
export function firstOfNextMonth(now: Date = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-01`;
}

/** The value a criterion starts with when picked: `Flat`, 12 months, or the first of next month. */
export function taxCriterionDefault(criterion: TaxCriterion, now?: Date): string | number {
  switch (criterion) {
    case 'entireWellLife':
      return 'Flat';
    case 'offsetToAsOf':
    case 'offsetToFpd':
      return 12;
    case 'dates':
      return firstOfNextMonth(now);
  }
}

/**
 * The writes that switch a tax entry to `next`: the other criteria become undefined (not sent) and
 * `next` starts with its default, or keeps its value when it already holds one. A months value
 * carries over between the two offsets.
 */
export function taxCriterionWrites(entry: unknown, next: TaxCriterion, now?: Date): Record<string, unknown> {
  const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  const writes: Record<string, unknown> = {};
  const current = taxCriterionOf(e);
  for (const k of TAX_CRITERIA) if (k !== next && e[k] !== undefined) writes[k] = undefined;
  if (e[next] === undefined) {
    const carried =
      (current === 'offsetToAsOf' || current === 'offsetToFpd') &&
      (next === 'offsetToAsOf' || next === 'offsetToFpd') &&
      typeof e[current] === 'number'
        ? e[current]
        : undefined;
    writes[next] = carried ?? taxCriterionDefault(next, now);
  }
  return writes;
}

/** `YYYY-MM-DD` → `YYYY-MM` for a month input (anything else shows empty). */
export const monthOf = (date: unknown): string =>
  typeof date === 'string' && /^\d{4}-\d{2}/.test(date) ? date.slice(0, 7) : '';

/** A month input's `YYYY-MM` → the first of that month; other text is kept for the contract to judge. */
export const dateOfMonth = (month: string): string => (/^\d{4}-\d{2}$/.test(month) ? `${month}-01` : month);

/** A new tax entry: `multiplier` percent over the entire well life. */
export const newTaxEntry = (multiplier = 0): Record<string, unknown> => ({ multiplier, entireWellLife: 'Flat' });

/**
 * The `incomeTax` function a model starts with when after-tax economics are switched on: the 21 %
 * US federal corporate rate and no state tax, both for the entire well life.
 */
export const newIncomeTax = (): Record<string, unknown> => ({
  carryForward: false,
  fifteenDepletion: false,
  federalIncomeTax: [newTaxEntry(21)],
  stateIncomeTax: [newTaxEntry(0)],
});
