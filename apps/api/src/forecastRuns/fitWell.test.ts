import { ForecastSettings } from '@econ/contract';
import { dayIndexFromCivil, fromDayIndex, toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { fitWell, KEPT_REASON, yearsAfter } from './fitWell';

/** 36 months from 2020-01: oil declining exponentially, gas = oil × a GOR rising 2 % a month. */
function history() {
  return Array.from({ length: 36 }, (_, k) => {
    const date = fromDayIndex(dayIndexFromCivil(2020 + Math.floor(k / 12), (k % 12) + 1, 1));
    const oil = 30_000 * Math.exp(-0.04 * k);
    return { date, oil, gas: oil * 1.5 * 1.02 ** k, water: 0 };
  });
}
const settings = (phases: unknown, more: object = {}) => ForecastSettings.parse({ phases, ...more });

describe('one well of a forecast run', () => {
  it('fits a rate phase from the first of its peak month to `years` after its last record', () => {
    const fit = fitWell(
      { history: history(), resolution: 'monthly', stored: {} },
      settings({ oil: { model: 'exp_dec' } }),
    );
    expect(fit.phases.oil).toMatchObject({ status: 'fitted', segmentType: 'exp_dec', pointsUsed: 36 });
    expect(fit.kinds.oil).toEqual({ forecastType: 'rate' });
    expect(fit.segments.oil!.best![0]).toMatchObject({ startDate: '2020-01-01', endDate: '2072-12-01' });
  });

  it('fits GOR as a rising ratio over oil, from the first month both produce, stored as a ratio on oil', () => {
    const fit = fitWell(
      { history: history(), resolution: 'monthly', stored: {} },
      settings({ oil: {}, gas: { forecastType: 'ratio', basePhase: 'oil' } }),
    );
    expect(fit.phases.gas).toMatchObject({
      status: 'fitted',
      segmentType: 'exp_inc',
      basePhase: 'oil',
      pointsUsed: 36,
    });
    expect(fit.kinds.gas).toEqual({ forecastType: 'ratio', basePhase: 'oil' });
    const [seg] = fit.segments.gas!.best!;
    expect(seg).toMatchObject({ segmentType: 'exp_inc', startDate: '2020-01-01' });
    // 1.5 MCF/BBL rising 2 % a month: about 27 % a year.
    expect(seg!.qStart!).toBeGreaterThan(1.45);
    expect(seg!.qStart!).toBeLessThan(1.55);
    expect(fit.phases.gas!.r2!).toBeGreaterThan(0.99);
  });

  it('a ramp-up then a decline: two contiguous segments, the switch found near the peak', () => {
    const ramp = Array.from({ length: 6 }, (_, k) => ({
      date: fromDayIndex(dayIndexFromCivil(2019, 7 + k, 1)),
      oil: 2_000 + 4_000 * k,
      gas: 0,
      water: 0,
    }));
    const fit = fitWell(
      { history: [...ramp, ...history()], resolution: 'monthly', stored: {} },
      settings({ oil: { model: 'exp_dec', rampUp: 'linear' } }),
    );
    expect(fit.phases.oil).toMatchObject({ status: 'fitted', segmentType: 'linear + exp_dec' });
    const [up, decline] = fit.segments.oil!.best!;
    expect(up).toMatchObject({ segmentType: 'linear', startDate: '2019-07-01' });
    expect(decline!.segmentType).toBe('exp_dec');
    // Contiguous, and the decline starts on the first of the peak month.
    expect(toDayIndex(decline!.startDate)).toBe(toDayIndex(up!.endDate) + 1);
    expect(decline!.startDate).toBe('2020-01-01');
  });

  it('skips a phase with best segments stored, or stored as the other kind, unless overwrite', () => {
    const stored = { oil: { hasBest: true, ratio: false }, gas: { hasBest: false, ratio: false } };
    const s = settings({ oil: {}, gas: { forecastType: 'ratio', basePhase: 'oil' } });
    const kept = fitWell({ history: history(), resolution: 'monthly', stored }, s);
    expect(kept.phases.oil).toEqual({ status: 'skipped', reason: KEPT_REASON });
    expect(kept.phases.gas!.status).toBe('skipped');
    expect(kept.phases.gas!.reason).toMatch(/stored as a rate forecast/);
    const over = fitWell({ history: history(), resolution: 'monthly', stored }, { ...s, overwrite: true });
    expect(over.phases.oil!.status).toBe('fitted');
    expect(over.phases.gas!.status).toBe('fitted');
  });

  it('a ratio whose base phase is stored as a ratio (and not refitted as a rate) fails with the reason', () => {
    const stored = { oil: { hasBest: true, ratio: true } };
    const fit = fitWell(
      { history: history(), resolution: 'monthly', stored },
      settings({ gas: { forecastType: 'ratio', basePhase: 'oil' } }),
    );
    expect(fit.phases.gas).toMatchObject({ status: 'failed', reason: expect.stringMatching(/based on a rate phase/) });
  });

  it('years after: the same day, 29 February made the 28th', () => {
    expect(fromDayIndex(yearsAfter(toDayIndex('2024-02-29'), 1))).toBe('2025-02-28');
    expect(fromDayIndex(yearsAfter(toDayIndex('2022-12-01'), 50))).toBe('2072-12-01');
  });
});

describe('ratio settings', () => {
  it('a ratio names another phase that is not itself a ratio', () => {
    const issues = (phases: unknown) =>
      ForecastSettings.safeParse({ phases }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ gas: { forecastType: 'ratio' } })).toEqual([
      ['phases.gas.basePhase', 'basePhase is required for a ratio'],
    ]);
    expect(issues({ gas: { forecastType: 'ratio', basePhase: 'gas' } })).toEqual([
      ['phases.gas.basePhase', 'basePhase must differ from the phase (gas)'],
    ]);
    expect(
      issues({ oil: { forecastType: 'ratio', basePhase: 'gas' }, gas: { forecastType: 'ratio', basePhase: 'oil' } }),
    ).toHaveLength(2);
    expect(issues({ oil: {}, water: { forecastType: 'ratio', basePhase: 'oil' } })).toBeUndefined();
  });
});
