import { monthlySeries, toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, buildGrid, cashFlowEnd, cutGrid, rowOf, sharedGrid } from './grid';
import { daysBetween, expectClose, flatSeries } from './test/fixtures';
import { monthlyVolumes, monthlyVolumesOf, sumDays } from './volumes';

const day = (s: string) => toDayIndex(s);

describe('cash-flow end (as-of + ⌊maxWellLife × 12⌋ months − 1 day)', () => {
  it('ends the day before the as-of date N months later', () => {
    expect(cashFlowEnd(day('2025-01-15'), 1)).toBe(day('2026-01-14'));
    expect(cashFlowEnd(day('2025-01-01'), 50)).toBe(day('2074-12-31'));
  });
  it('floors the months: 1.09 years is 13 months, not 13.08', () => {
    expect(cashFlowEnd(day('2025-01-01'), 1.09)).toBe(day('2026-01-31'));
    expect(cashFlowEnd(day('2025-01-01'), 1.0 / 12)).toBe(day('2025-01-31'));
  });
  it('is before the as-of day (an empty cash flow) under one month', () => {
    expect(cashFlowEnd(day('2025-01-01'), 0.05)).toBe(day('2024-12-31'));
    expect(buildGrid(day('2025-01-01'), day('2024-12-31')).labels).toEqual([]);
  });
  it('refuses a life outside 0..100 years', () => {
    expect(() => cashFlowEnd(0, 101)).toThrow(/maxWellLife/);
    expect(() => cashFlowEnd(0, Number.NaN)).toThrow(/maxWellLife/);
  });
  it('clamps the day of month when adding months (Jan 31 + 1 month = Feb 28/29)', () => {
    expect(addMonths(day('2025-01-31'), 1)).toBe(day('2025-02-28'));
    expect(addMonths(day('2024-01-31'), 1)).toBe(day('2024-02-29'));
    expect(addMonths(day('2025-11-30'), 3)).toBe(day('2026-02-28'));
    expect(addMonths(day('2025-03-15'), -3)).toBe(day('2024-12-15'));
  });
});

describe('grid rows', () => {
  it('are calendar months keyed by their first day, partial at both ends', () => {
    const g = buildGrid(day('2025-01-15'), day('2025-03-10'));
    expect(g.labels).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(Array.from(g.start)).toEqual([day('2025-01-15'), day('2025-02-01'), day('2025-03-01')]);
    expect(Array.from(g.end)).toEqual([day('2025-01-31'), day('2025-02-28'), day('2025-03-10')]);
    expect(Array.from(g.monthDays)).toEqual([31, 28, 31]);
    expect(Array.from(g.nextMonth)).toEqual([day('2025-02-01'), day('2025-03-01'), day('2025-04-01')]);
  });
  it('cover 600 whole months for 50 years from a first of month', () => {
    const g = buildGrid(day('2025-01-01'), cashFlowEnd(day('2025-01-01'), 50));
    expect(g.labels.length).toBe(600);
    expect(g.labels[599]).toBe('2074-12-01');
  });
  it('rowOf finds the row of a day, −1 outside; cutGrid ends the last kept row at the cut day', () => {
    const g = buildGrid(day('2025-01-15'), day('2025-12-31'));
    expect(rowOf(g, day('2025-01-15'))).toBe(0);
    expect(rowOf(g, day('2025-01-14'))).toBe(-1);
    expect(rowOf(g, day('2025-03-31'))).toBe(2);
    expect(rowOf(g, day('2025-04-01'))).toBe(3);
    expect(rowOf(g, day('2026-01-01'))).toBe(-1);
    const c = cutGrid(g, 3, day('2025-03-20'));
    expect(c.labels).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(c.end[2]).toBe(day('2025-03-20'));
    expect(g.end[2]).toBe(day('2025-03-31'));
  });
  it('sharedGrid builds a grid once for the wells that share its days, the same as buildGrid', () => {
    const a = sharedGrid(day('2025-01-15'), day('2074-12-31'));
    expect(sharedGrid(day('2025-01-15'), day('2074-12-31'))).toBe(a);
    expect(sharedGrid(day('2025-01-16'), day('2074-12-31'))).not.toBe(a);
    expect(a).toEqual(buildGrid(day('2025-01-15'), day('2074-12-31')));
  });
});

describe('monthly volumes (sums of the daily values)', () => {
  it('100 BBL/D gives 3,100 BBL in January, 2,800 in February, and a partial first month its days', () => {
    const g = buildGrid(day('2025-01-20'), day('2025-03-31'));
    const v = monthlyVolumes(g, flatSeries('2025-01-01', 365, 100));
    expect(Array.from(v)).toEqual([1200, 2800, 3100]);
  });
  it('counts 0 for days outside the series (before its start and after its end)', () => {
    const g = buildGrid(day('2025-01-01'), day('2025-03-31'));
    const v = monthlyVolumes(g, flatSeries('2025-01-11', 40, 10));
    expect(Array.from(v)).toEqual([210, 190, 0]);
    expect(Array.from(monthlyVolumes(g, undefined))).toEqual([0, 0, 0]);
    expect(sumDays(flatSeries('2025-01-11', 40, 10), day('2024-01-01'), day('2024-12-31'))).toBe(0);
  });
  it('an exponential decline matches the closed-form monthly sum q0·(e^(−Da) − e^(−D(b+1)))/(1 − e^(−D))', () => {
    const q0 = 1000;
    const D = 0.002; // nominal per day
    const start = '2025-01-01';
    const values = new Float64Array(3000).map((_, i) => q0 * Math.exp(-D * i));
    const g = buildGrid(day('2025-03-10'), cashFlowEnd(day('2025-03-10'), 5));
    const v = monthlyVolumes(g, { start: day(start), values });
    for (let r = 0; r < g.labels.length; r++) {
      const a = g.start[r]! - day(start);
      const b = g.end[r]! - day(start);
      const closed = (q0 * (Math.exp(-D * a) - Math.exp(-D * (b + 1)))) / (1 - Math.exp(-D));
      expectClose(v[r]!, closed, 1e-11);
    }
    // A whole month's days agree with an independent calendar (Date.UTC).
    expect(g.end[1]! - g.start[1]! + 1).toBe(daysBetween('2025-04-01', '2025-05-01'));
  });
});

describe('agreement with @econ/decline monthlySeries', () => {
  it('property: rows and monthly volumes equal monthlySeries of a series covering the same days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: day('1999-12-01'), max: day('2030-01-01') }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        (from, length, seed) => {
          const values = new Float64Array(length + 1).map((_, i) => ((i * seed) % 97) + 0.5);
          const series = { start: from, values };
          const g = buildGrid(from, from + length);
          const ref = monthlySeries(series);
          expect(g.labels).toEqual(ref.labels);
          expect(Array.from(monthlyVolumes(g, series))).toEqual(Array.from(ref.values));
          let days = 0;
          for (let r = 0; r < g.labels.length; r++) days += g.end[r]! - g.start[r]! + 1;
          expect(days).toBe(length + 1);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('monthly volumes of several series at once', () => {
  it('property: monthlyVolumesOf gives each series monthlyVolumes’ sums, to the bit', () => {
    const series = fc.record({
      offset: fc.integer({ min: -400, max: 900 }),
      days: fc.integer({ min: 0, max: 1_500 }),
      q0: fc.double({ min: 0, max: 5_000, noNaN: true }),
      d: fc.double({ min: 0, max: 0.01, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 1_200 }),
        fc.array(series, { minLength: 1, maxLength: 7 }),
        (startShift, length, list) => {
          const from = day('2025-01-01') + startShift;
          const g = buildGrid(from, from + length);
          const all = list.map((x) => ({
            start: day('2025-01-01') + x.offset,
            values: Float64Array.from({ length: x.days }, (_, i) => x.q0 * Math.exp(-x.d * i) * (1 + (i % 7) / 10)),
          }));
          const together = monthlyVolumesOf(g, all);
          return (
            together.length === all.length &&
            all.every((x, k) => {
              const alone = monthlyVolumes(g, x);
              return alone.every((v, r) => Object.is(v, together[k]![r]));
            })
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
