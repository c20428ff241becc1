import type { EconBreakeven } from '@econ/contract';
import { formatPrice, formatRate } from './format';

/*
 * How a well's breakeven prices read on its one-liner (decision 039): per phase, the price and the
 * NPV it zeroes; a null price reads "none", with the run's reason beside the figures.
 */

/** The one-liner figures of a well's breakeven prices, and the note shown under them (if any). */
export function breakevenFacts(b: EconBreakeven | undefined): { facts: [string, string][]; note?: string } {
  if (!b) {
    return {
      facts: [
        ['Oil breakeven $/BBL', '—'],
        ['Gas breakeven $/MCF', '—'],
      ],
      note: 'No breakeven prices: the well has no pricing model (the breakeven settings live there), or the run is older than breakeven prices.',
    };
  }
  const zeroes = `zeroes the NPV at ${formatRate(b.npvDiscount)}`;
  const ratio = b.basedOnPriceRatio && b.priceRatio !== undefined ? b.priceRatio : undefined;
  const text = (price: number | null, other: string | undefined) =>
    price === null ? 'none' : `${formatPrice(price)} (${zeroes}${other ? `; ${other}` : ''})`;
  const out: { facts: [string, string][]; note?: string } = {
    facts: [
      ['Oil breakeven $/BBL', text(b.oil, ratio === undefined ? undefined : `gas at oil ÷ ${ratio}`)],
      ['Gas breakeven $/MCF', text(b.gas, ratio === undefined ? undefined : `oil at gas × ${ratio}`)],
    ],
  };
  if (b.reason) out.note = `Breakeven: ${b.reason}`;
  return out;
}
