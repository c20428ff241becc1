import { econModelExample } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import type { HistoryRecord } from './inputs/history';
import { wellInput } from './inputs/wellInput';
import { flatPricing, parseModel } from './test/fixtures';
import { runWell } from './well';

/*
 * Reference cases of risking (econ-math.md, Risking), by hand: a forecast of 50 BBL/D of oil from
 * 2024-06-01, oil history of 3,100 BBL in each of January to March 2025, the forecast replacing it
 * from 2025-04-01, as-of date 2025-01-01, one year of life, oil at $60.
 */

const parse = parseModel;
const example = econModelExample('date-settings') as { dateSetting: Record<string, unknown> };
const DATES = parse('date-settings', {
  ...example,
  dateSetting: {
    ...example.dateSetting,
    maxWellLife: 1,
    asOfDate: { date: '2025-01-01' },
    discountDate: { date: '2025-01-01' },
    productionDataResolution: 'monthly',
  },
});
const PRICES = flatPricing({ oil: 60, gas: 0 });
const SWITCH_IN_APRIL = parse('actual-forecast', {
  actualOrForecast: {
    ignoreHistoryProd: false,
    replaceActualWithForecast: { oil: { date: '2025-04-01' }, gas: { asOfDate: '' }, water: { asOfDate: '' } },
  },
});
const HISTORY: HistoryRecord[] = ['2025-01-01', '2025-02-01', '2025-03-01'].map((date) => ({ date, oil: 3100 }));
const DAYS = toDayIndex('2026-12-31') - toDayIndex('2024-06-01') + 1;
const FORECAST = {
  volumes: { oil: { start: toDayIndex('2024-06-01'), values: new Float64Array(DAYS).fill(50) } },
  segments: { oil: [{ startDate: '2024-06-01', endDate: '2026-12-31' }] },
  resolution: 'monthly' as const,
};

function run(risking?: unknown) {
  const mapped = wellInput({
    runDate: '2024-11-22',
    well: {
      id: 'w',
      firstProdDate: '2024-06-01',
      firstProdDateMonthlyCalc: '2025-01-01',
      lastProdDateMonthly: '2025-03-01',
    },
    forecast: FORECAST,
    models: {
      'date-settings': DATES,
      pricing: PRICES,
      'actual-forecast': SWITCH_IN_APRIL,
      ...(risking ? { riskings: parse('riskings', { risking }) } : {}),
    },
    histories: { monthly: HISTORY },
  });
  const res = runWell(mapped.input);
  // Monthly sums of daily values: rounded to 1e-6 BBL for exact comparisons.
  const oil = [...res.monthly.grossVolume.oil].map((v) => Math.round(v * 1e6) / 1e6);
  return { oil, warnings: mapped.warnings, res };
}

const flat = (multiplier: number) => ({ rows: [{ entireWellLife: 'Flat', multiplier }] });

describe('risking: reference cases', () => {
  const base = run();

  it('no risking: actuals of 3,100 to March, then 50 BBL/D (April 1,500)', () => {
    expect(base.oil.slice(0, 4)).toEqual([3100, 3100, 3100, 1500]);
  });

  it('a flat 90 % multiplies every month, the actuals too (riskProd, the default)', () => {
    const { oil } = run({ oil: flat(90) });
    for (const [i, v] of oil.entries()) expect(v).toBeCloseTo(base.oil[i]! * 0.9, 6);
  });

  it('riskProd false: the actual months stay, the forecast months are risked', () => {
    const { oil } = run({ riskProd: false, oil: flat(50) });
    expect(oil.slice(0, 4)).toEqual([3100, 3100, 3100, 750]);
  });

  it('months from the as-of date: 1–3 at 50 %, then 80 % to the end', () => {
    const { oil } = run({
      oil: {
        rows: [
          { offsetToAsOf: { start: 1, end: 3 }, multiplier: 50 },
          { offsetToAsOf: { start: 4, end: 4 }, multiplier: 80 },
        ],
      },
    });
    expect(oil.slice(0, 5)).toEqual([1550, 1550, 1550, 1200, 1240]);
  });

  it('months from first production (2024-06, month 1): month 8 is January 2025', () => {
    const { oil } = run({
      oil: {
        rows: [
          { offsetToFpd: { start: 1, end: 8 }, multiplier: 10 },
          { offsetToFpd: { start: 9, end: 9 }, multiplier: 100 },
        ],
      },
    });
    expect(oil.slice(0, 2)).toEqual([310, 3100]);
  });

  it('identity: 100 % everywhere changes nothing; gas and water without rows are untouched', () => {
    const same = run({ oil: flat(100), gas: flat(50) });
    expect(same.oil).toEqual(base.oil);
    expect(same.res.oneLiner.npv).toEqual(base.res.oneLiner.npv);
  });

  it('an NGL or drip condensate risk without a stream-properties yield is said to have nothing to apply to', () => {
    const { warnings } = run({ ngl: flat(50) });
    expect(warnings.some((w) => /ngl risk has nothing to apply to/.test(w))).toBe(true);
  });
});
