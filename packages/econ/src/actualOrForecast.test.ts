import { econModelExample } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import type { HistoryRecord } from './inputs/history';
import { type AssignedModels, wellInput } from './inputs/wellInput';
import { flatPricing, parseModel } from './test/fixtures';
import { runWell } from './well';

/*
 * Reference cases of actual or forecast (spec 2.3, 2.5; econ-math.md "Actual or forecast"), each
 * worked by hand: a well with monthly oil history of 3,000 BBL a month through 2024 and 3,100,
 * 2,800, 3,100 BBL in January to March 2025, a forecast of 50 BBL/D from 2024-06-01 to the end of
 * 2026, oil at $60, as-of and discount date 2025-01-01, one year of life.
 */

const parse = parseModel;

const example = econModelExample('date-settings') as { dateSetting: Record<string, unknown>; cutOff: unknown };
const dateSettings = (over: Record<string, unknown> = {}) =>
  parse('date-settings', {
    ...example,
    dateSetting: {
      ...example.dateSetting,
      maxWellLife: 1,
      asOfDate: { date: '2025-01-01' },
      discountDate: { date: '2025-01-01' },
      productionDataResolution: 'monthly',
      ...over,
    },
  });
const PRICES = flatPricing({ oil: 60, gas: 3 });
const replace = (oil: Record<string, string>) =>
  parse('actual-forecast', {
    actualOrForecast: {
      ignoreHistoryProd: false,
      replaceActualWithForecast: { oil, gas: { asOfDate: '' }, water: { asOfDate: '' } },
      afterEconLimit: 'no',
    },
  });

const MONTHLY: HistoryRecord[] = [
  ...Array.from({ length: 12 }, (_, m) => ({ date: `2024-${String(m + 1).padStart(2, '0')}-01`, oil: 3000 })),
  { date: '2025-01-01', oil: 3100 },
  { date: '2025-02-01', oil: 2800 },
  { date: '2025-03-01', oil: 3100 },
];
/** December 2024 day by day, 100 BBL/D. */
const DAILY: HistoryRecord[] = Array.from({ length: 31 }, (_, d) => ({
  date: `2024-12-${String(d + 1).padStart(2, '0')}`,
  oil: 100,
}));
const FORECAST_DAYS = toDayIndex('2026-12-31') - toDayIndex('2024-06-01') + 1;
const FORECAST = {
  volumes: { oil: { start: toDayIndex('2024-06-01'), values: new Float64Array(FORECAST_DAYS).fill(50) } },
  segments: { oil: [{ startDate: '2024-06-01', endDate: '2026-12-31' }] },
  resolution: 'monthly' as const,
};
const SUMMARY = {
  firstProdDateMonthlyCalc: '2024-01-01',
  lastProdDateMonthly: '2025-03-01',
  firstProdDateDailyCalc: '2024-12-01',
  lastProdDateDaily: '2024-12-31',
};

function run(models: AssignedModels, opts: { history?: boolean; well?: Record<string, string> } = {}) {
  const withHistory = opts.history ?? true;
  const mapped = wellInput({
    runDate: '2024-11-22',
    well: { id: 'w', ...(withHistory ? SUMMARY : {}), ...opts.well },
    forecast: FORECAST,
    models: { 'date-settings': dateSettings(), pricing: PRICES, ...models },
    ...(withHistory ? { histories: { monthly: MONTHLY, daily: DAILY } } : {}),
  });
  return { ...runWell(mapped.input), input: mapped.input, warnings: mapped.warnings };
}

describe('actual or forecast: reference cases', () => {
  it('asOfDate: history before the as-of date (36,000 BBL), the forecast after (365 × 50); EUR is their sum', () => {
    const { oneLiner, monthly } = run({ 'actual-forecast': replace({ asOfDate: '' }) });
    expect(oneLiner.remaining.oil).toBeCloseTo(18_250, 6);
    expect(oneLiner.eur.oil).toBeCloseTo(36_000 + 18_250, 6);
    expect(monthly.grossVolume.oil[0]).toBeCloseTo(31 * 50, 6); // January 2025: the forecast, not 3,100
    expect(oneLiner.revenue).toBeCloseTo(18_250 * 60, 4);
  });

  it('never: the 2025 history (9,000 BBL) replaces the forecast until it ends, then the forecast', () => {
    const { oneLiner, monthly } = run({ 'actual-forecast': replace({ never: '' }) });
    expect(Array.from(monthly.grossVolume.oil.slice(0, 4))).toEqual([3100, 2800, 3100, 30 * 50]);
    expect(oneLiner.remaining.oil).toBeCloseTo(9_000 + 275 * 50, 6);
    expect(oneLiner.eur.oil).toBeCloseTo(36_000 + 9_000 + 275 * 50, 6);
  });

  it('date 2024-07-01: history before it (18,000), the forecast from it, before the as-of date too (184 × 50)', () => {
    const { oneLiner } = run({ 'actual-forecast': replace({ date: '2024-07-01' }) });
    expect(oneLiner.eur.oil).toBeCloseTo(18_000 + 184 * 50 + 18_250, 6);
    expect(oneLiner.remaining.oil).toBeCloseTo(18_250, 6);
  });

  it('moving the switch date moves the one-liners', () => {
    const early = run({ 'actual-forecast': replace({ date: '2024-07-01' }) }).oneLiner;
    const late = run({ 'actual-forecast': replace({ date: '2025-03-01' }) }).oneLiner;
    // Two months of 2025 history (5,900 BBL) instead of the forecast's 59 days × 50.
    expect(late.revenue - early.revenue).toBeCloseTo((5_900 - 59 * 50) * 60, 4);
    expect(late.eur.oil - early.eur.oil).toBeCloseTo(36_000 - 18_000 - 184 * 50 + 5_900 - 59 * 50, 6);
  });

  it('no history: the forecast before the as-of date (214 days × 50) counts as produced', () => {
    const { oneLiner } = run({ 'actual-forecast': replace({ asOfDate: '' }) }, { history: false });
    expect(oneLiner.eur.oil).toBeCloseTo(214 * 50 + 18_250, 6);
    expect(oneLiner.remaining.oil).toBeCloseTo(18_250, 6);
  });

  it('productionDataResolution daily reads the daily history (December 3,100), the forecast before it', () => {
    const models = {
      'date-settings': dateSettings({ productionDataResolution: 'daily' }),
      'actual-forecast': replace({ asOfDate: '' }),
    };
    const { oneLiner } = run(models);
    expect(oneLiner.eur.oil).toBeCloseTo(183 * 50 + 3_100 + 18_250, 6);
  });

  it('same_as_forecast reads the forecast resolution (monthly here)', () => {
    const models = {
      'date-settings': dateSettings({ productionDataResolution: 'same_as_forecast' }),
      'actual-forecast': replace({ asOfDate: '' }),
    };
    expect(run(models).oneLiner.eur.oil).toBeCloseTo(36_000 + 18_250, 6);
  });

  it('without an actual-forecast model, actuals are replaced on the as-of date', () => {
    expect(run({}).oneLiner.eur.oil).toBeCloseTo(36_000 + 18_250, 6);
  });

  it('ignoreHistoryProd and afterEconLimit yes: no history and no forecast volumes', () => {
    const ignore = parse('actual-forecast', { actualOrForecast: { ignoreHistoryProd: true } });
    expect(run({ 'actual-forecast': ignore }).oneLiner.eur.oil).toBe(0);
    const after = parse('actual-forecast', {
      actualOrForecast: {
        ignoreHistoryProd: false,
        replaceActualWithForecast: { oil: { never: '' }, gas: { never: '' }, water: { never: '' } },
        afterEconLimit: 'yes',
      },
    });
    expect(run({ 'actual-forecast': after }).oneLiner.eur.oil).toBe(0);
  });

  it('cashFlowPriorAsOfDate: rows before the as-of date hold the history (16/30 of November, December)', () => {
    const { input } = run({
      'date-settings': dateSettings({ cashFlowPriorAsOfDate: true }),
      'actual-forecast': replace({ asOfDate: '' }),
    });
    const { monthly, oneLiner } = runWell({
      ...input,
      capex: [{ date: '2024-11-15', amount: 1_000, calculation: 'gross' }],
    });
    expect(monthly.labels.slice(0, 3)).toEqual(['2024-11-01', '2024-12-01', '2025-01-01']);
    expect(monthly.grossVolume.oil[0]).toBeCloseTo(3_000 * (16 / 30), 6);
    expect(monthly.grossVolume.oil[1]).toBeCloseTo(3_000, 6);
    expect(monthly.revenue.oil[1]).toBeCloseTo(180_000, 4);
    expect(oneLiner.remaining.oil).toBeCloseTo(18_250, 6);
    expect(oneLiner.eur.oil).toBeCloseTo(36_000 + 18_250, 6);
  });

  it('the end of history (minLife endHist) and the FPD from productionData come from the history', () => {
    const { input } = run({
      'date-settings': dateSettings({
        fpdSourceHierarchy: {
          firstFpdSource: { productionData: true },
          secondFpdSource: { forecast: true },
          thirdFpdSource: { notUsed: true },
          fourthFpdSource: { notUsed: true },
          useForecastSchedule: true,
        },
      }),
    });
    expect(input.endOfHistory).toBe('2025-03-31');
    expect(input.firstProductionDate).toBe('2024-12-01');
  });
});
