import { describe, expect, it } from 'vitest';
import { dayIndexFromCivil, fromDayIndex, toDayIndex } from './dayIndex';
import { fitDecline } from './fit/fitDecline';
import { fitHistory, historyPoints } from './historyPoints';

describe('history as fit points', () => {
  it('a monthly volume over the days of its month, at mid-month, standing for the month; zeros kept, unmeasured left out', () => {
    const points = historyPoints(
      [
        { date: '2024-03-01', volume: 3100 },
        { date: '2024-02-01', volume: 2900 },
        { date: '2024-04-01', volume: 0 },
        { date: '2024-05-01', volume: null },
        { date: '2024-06-01', volume: undefined },
      ],
      'monthly',
    );
    const feb = toDayIndex('2024-02-01');
    const mar = toDayIndex('2024-03-01');
    const apr = toDayIndex('2024-04-01');
    expect(points).toEqual([
      { day: feb + 14, rate: 100, record: feb, days: 29, from: feb },
      { day: mar + 15, rate: 100, record: mar, days: 31, from: mar },
      { day: apr + 14, rate: 0, record: apr, days: 30, from: apr },
    ]);
  });

  it('takes a daily volume as the rate of its day', () => {
    const d = toDayIndex('2024-02-29');
    expect(historyPoints([{ date: '2024-02-29', volume: 42 }], 'daily')).toEqual([
      { day: d, rate: 42, record: d, days: 1 },
    ]);
  });
});

/** Monthly volumes of an exponential decline (the sum of its daily rates over each month). */
function monthlyExp(q0: number, dPerDay: number, months: number) {
  const start = dayIndexFromCivil(2020, 1, 1);
  return Array.from({ length: months }, (_, k) => {
    const first = dayIndexFromCivil(2020 + Math.floor(k / 12), (k % 12) + 1, 1);
    const next = dayIndexFromCivil(2020 + Math.floor((k + 1) / 12), ((k + 1) % 12) + 1, 1);
    let volume = 0;
    for (let d = first; d < next; d++) volume += q0 * Math.exp(-dPerDay * (d - start));
    return { date: fromDayIndex(first), volume };
  });
}

describe('fitting history with record days', () => {
  const records = monthlyExp(1000, 0.002, 36);
  const end = toDayIndex('2049-12-31');

  it('a monthly decline recovered within 0.5 %: the fit starts on the first of the peak month', () => {
    const fit = fitHistory(historyPoints(records, 'monthly'), { model: 'exp_dec', endDay: end, loss: 'linear' });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment.startDate).toBe('2020-01-01');
    expect(Math.abs(fit.segment.qStart! / 1000 - 1)).toBeLessThan(0.005);
    // Placed on the first of the month (the old rule), the same history's qStart is well below.
    const firstOfMonth = historyPoints(records, 'monthly').map((p) => ({ day: p.record, rate: p.rate }));
    const old = fitDecline(firstOfMonth, { model: 'exp_dec', endDay: end, loss: 'linear' });
    expect(old.ok && old.segment.qStart! < 980).toBe(true);
  });

  it('regression on cumulative volume sums each month from its first day: recovered within 0.5 %', () => {
    const fit = fitHistory(historyPoints(records, 'monthly'), { model: 'exp_dec', endDay: end, regression: 'cum' });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(Math.abs(fit.segment.qStart! / 1000 - 1)).toBeLessThan(0.005);
  });

  it('exclusions and a chosen start are record days, and so are the excluded days reported', () => {
    const points = historyPoints(records, 'monthly');
    const march = toDayIndex('2020-03-01');
    const fit = fitHistory(points, {
      model: 'exp_dec',
      endDay: end,
      start: toDayIndex('2020-02-01'),
      exclude: [march],
    });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.segment.startDate).toBe('2020-02-01');
    expect(fit.quality.excluded).toEqual([
      { day: toDayIndex('2020-01-01'), reason: 'before the start' },
      { day: march, reason: 'excluded by the user' },
    ]);
  });
});
