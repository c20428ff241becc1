import { type EconOneLiner, type EconOneLinerComplete, NO_FORECAST_WARNING } from '@econ/contract';
import { type Discount, discountRate } from './cashFlow';
import { formatPercent, formatRate, shortReason } from './format';
import type { DiscountRates } from './monthlyColumns';

/* What the one-liner table says about each figure: which rate an NPV is at, why a figure is empty,
   and which wells stand apart (failed, or nothing forecast). */

/**
 * The rate (percent) of a well's NPV at a discount: the one-liner's `discountRates` (the well's
 * general options), else, for runs stored before the API reported them, the table rate whose NPV
 * is the same figure.
 */
export const rateOf = (o: EconOneLinerComplete, discount: Discount): number | undefined =>
  o.discountRates?.[discount] ?? discountRate(o, discount);

/**
 * The rates the NPV headers name: a discount's rate when every complete well shown has the same
 * one (wells with other general options may differ: then the header names the discount, not a rate).
 */
export function sharedRates(rows: readonly EconOneLiner[]): DiscountRates {
  const complete = rows.filter((r): r is EconOneLinerComplete => r.status === 'complete');
  const shared = (d: Discount) => {
    const rates = new Set(complete.map((r) => rateOf(r, d)));
    const [only] = rates;
    return rates.size === 1 ? only : undefined;
  };
  return { first: shared('first'), second: shared('second') };
}

/** `NPV 10 %`, or `NPV (1st discount)` when the wells do not share one rate. */
export const npvHeader = (discount: Discount, rate: number | undefined): string =>
  rate === undefined ? `NPV (${discount === 'first' ? '1st' : '2nd'} discount)` : `NPV ${formatRate(rate)}`;

/**
 * An IRR for a cell: the percent, or, when there is none, a dash with the short reason the API
 * gives (`— no sign change`, `— never pays out`, `— uneconomic`); `—` alone without a reason.
 */
export function irrText(irr: number | null, reason: string | undefined): string {
  if (irr !== null) return formatPercent(irr);
  const short = shortReason(reason);
  return short ? `— ${short}` : '—';
}

/** What sets a well's line apart from the others: the run refused it, or the forecast had nothing for it. */
export interface WellProblem {
  kind: 'failed' | 'no-forecast';
  /** The marker in the table: `Failed`, `No forecast`. */
  label: string;
  /** The run's words: the engine's error, or the warning. */
  reason: string;
}

/** The problem of a well's line, if it has one (a failed well first: it has no figures at all). */
export function wellProblem(o: EconOneLiner): WellProblem | undefined {
  if (o.status === 'failed') return { kind: 'failed', label: 'Failed', reason: o.error };
  const warning = o.warnings.find((w) => w.includes(NO_FORECAST_WARNING));
  return warning ? { kind: 'no-forecast', label: 'No forecast', reason: warning } : undefined;
}
