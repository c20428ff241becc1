import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { EconError } from './econError';
import type { HistoryRecord } from './inputs/history';
import { wellInput } from './inputs/wellInput';
import { datesModel, flatPricing, parseModel } from './test/fixtures';
import { runWell } from './well';

/*
 * Reference cases of the risking periods the service's clients send beside the others
 * (econ-math.md, Dated rows and Risking; decision 041): `seasonal` calendar months, and months
 * from the end of the production history or from the first forecast segment. By hand: a forecast
 * of 50 BBL/D of oil from 2024-06-01 (its first segment's start), oil history of 3,100 BBL in each
 * of January to March 2025 (the history ends 2025-03-31), as-of date 2025-01-01 (the forecast
 * replaces the history from it), two years of life, oil at $60.
 */

const HISTORY: HistoryRecord[] = ['2025-01-01', '2025-02-01', '2025-03-01'].map((date) => ({ date, oil: 3100 }));
const FORECAST = {
  volumes: {
    oil: {
      start: toDayIndex('2024-06-01'),
      values: new Float64Array(toDayIndex('2026-12-31') - toDayIndex('2024-06-01') + 1).fill(50),
    },
  },
  segments: { oil: [{ startDate: '2024-06-01', endDate: '2026-12-31' }] },
  resolution: 'monthly' as const,
};
/** Days of each month of 2025 and 2026: the unrisked oil is 50 × them. */
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const BASE = [...DAYS, ...DAYS].map((d) => 50 * d);

function run(risking: unknown, opts: { history?: boolean; forecast?: boolean } = {}) {
  const mapped = wellInput({
    runDate: '2024-11-22',
    well: { id: 'w', firstProdDate: '2024-06-01', lastProdDateMonthly: '2025-03-01' },
    forecast: opts.forecast === false ? { volumes: {}, segments: {} } : FORECAST,
    models: {
      'date-settings': datesModel('2025-01-01', 2),
      pricing: flatPricing({ oil: 60 }),
      riskings: parseModel('riskings', { risking }),
    },
    ...(opts.history === false ? {} : { histories: { monthly: HISTORY } }),
  });
  // Monthly sums of daily values: rounded to 1e-6 BBL for exact comparisons.
  return [...runWell(mapped.input).monthly.grossVolume.oil].map((v) => Math.round(v * 1e6) / 1e6);
}

/** The base volumes with the months at `indexes` (0: January 2025) × `factor`. */
const risked = (factor: number, indexes: number[]) => BASE.map((v, i) => (indexes.includes(i) ? v * factor : v));

/** The EconError wellInput throws, or undefined. */
function failure(fn: () => unknown): EconError | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof EconError) return e;
    throw e;
  }
  return undefined;
}

describe('risking by calendar month (seasonal)', () => {
  it('50 % in January and February halves January and February of each year and leaves the other months', () => {
    const rows = [
      { seasonal: 'Jan', multiplier: 50 },
      { seasonal: 'Feb', multiplier: 50 },
    ];
    expect(run({ oil: { rows } })).toEqual(risked(0.5, [0, 1, 12, 13]));
  });

  it('each month its own row, in any order; 100 % in months no row names', () => {
    const rows = [
      { seasonal: 'Dec', multiplier: 20 },
      { seasonal: 'Jul', multiplier: 150 },
    ];
    expect(run({ oil: { rows } })).toEqual(
      BASE.map((v, i) => v * ([11, 23].includes(i) ? 0.2 : [6, 18].includes(i) ? 1.5 : 1)),
    );
  });
});

describe('risking by months from the end of the history and from the first segment', () => {
  it('offsetToEndHistory months 1–3 (a number: the row’s length) apply in the history’s last month and the two after', () => {
    const rows = [
      { offsetToEndHistory: 3, multiplier: 50 },
      { offsetToEndHistory: 1, multiplier: 100 },
    ];
    // Month 1 is March 2025 (the history's last day is 2025-03-31): March, April and May halved.
    expect(run({ oil: { rows } })).toEqual(risked(0.5, [2, 3, 4]));
  });

  it('offsetToFirstSegment counts from the first segment’s month (2024-06, month 1): month 8 is January 2025', () => {
    const rows = [
      { offsetToFirstSegment: { start: 8, end: 8 }, multiplier: 10 },
      { offsetToFirstSegment: { start: 9, end: 9 }, multiplier: 100 },
    ];
    expect(run({ oil: { rows } })).toEqual(risked(0.1, [0]));
  });

  it('a well without history, or without a forecast, is an EconError naming the row’s field', () => {
    const history = failure(() =>
      run({ oil: { rows: [{ offsetToEndHistory: 3, multiplier: 50 }] } }, { history: false }),
    );
    expect(history?.parameter).toBe('risking.oil.rows[0].offsetToEndHistory');
    expect(history?.rule).toContain('no production history');
    const segment = failure(() =>
      run({ gas: { rows: [{ offsetToFirstSegment: 6, multiplier: 50 }] } }, { forecast: false }),
    );
    expect(segment?.parameter).toBe('risking.gas.rows[0].offsetToFirstSegment');
    expect(segment?.rule).toContain('no forecast');
  });
});
