import { describe, expect, it } from 'vitest';
import { breakevenFacts } from './breakeven';

describe('breakevenFacts', () => {
  it('each price with the NPV discount it zeroes', () => {
    expect(breakevenFacts({ oil: 19.27, gas: -10.15, npvDiscount: 10, basedOnPriceRatio: false })).toEqual({
      facts: [
        ['Oil breakeven $/BBL', '$19.27 (zeroes the NPV at 10 %)'],
        ['Gas breakeven $/MCF', '-$10.15 (zeroes the NPV at 10 %)'],
      ],
    });
  });
  it('the ratio the other phase followed', () => {
    const { facts } = breakevenFacts({
      oil: 15.42,
      gas: 0.77,
      npvDiscount: 0,
      basedOnPriceRatio: true,
      priceRatio: 20,
    });
    expect(facts).toEqual([
      ['Oil breakeven $/BBL', '$15.42 (zeroes the NPV at 0 %; gas at oil ÷ 20)'],
      ['Gas breakeven $/MCF', '$0.77 (zeroes the NPV at 0 %; oil at gas × 20)'],
    ]);
  });
  it('a null price reads none, and the reason is the note', () => {
    const reason = 'gas: the NPV at 10 % is the same with gas at $0 and $5/MCF, so no gas price zeroes it.';
    const out = breakevenFacts({ oil: 19.27, gas: null, npvDiscount: 10, basedOnPriceRatio: false, reason });
    expect(out.facts[1]).toEqual(['Gas breakeven $/MCF', 'none']);
    expect(out.note).toBe(`Breakeven: ${reason}`);
  });
  it('no breakeven (no pricing model, or an older run): dashes and why', () => {
    const out = breakevenFacts(undefined);
    expect(out.facts.map(([, v]) => v)).toEqual(['—', '—']);
    expect(out.note).toMatch(/no pricing model/);
  });
});
