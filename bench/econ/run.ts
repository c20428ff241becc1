/**
 * Econ engine benchmark (issue 8): well-months per second of `runWell` over 1,000 wells × 50 years
 * (600 monthly rows each: oil, gas and water forecasts, a dated oil price deck, fixed, variable and
 * tax expenses, two CAPEX rows, a 16-rate discount table, the lastPositiveCashFlow cut-off, so the
 * gross cut-off run, the net run, 18 NPVs and the IRR are all computed), against two baselines on
 * the same wells in the same run:
 *  - `sum monthly`: a plain loop that sums the same monthly arrays (volume × price over phases and
 *    months; the arrays are precomputed, untimed) — the floor of any monthly engine;
 *  - `daily → monthly`: a plain loop that sums the daily forecast values into monthly arrays (the
 *    data pass every run has to make).
 * Both loops and the engine are warmed up, then measured in alternating rounds; medians reported.
 *
 *   npm run bench:econ
 *   BENCH_WELLS=200 BENCH_ROUNDS=3 npm run bench:econ
 */
import { toDayIndex } from '@econ/decline';
import { buildGrid, cashFlowEnd, monthlyVolumes, runWell, type WellInput } from '@econ/econ';
import { prng } from '../prng';
import { reportSummary } from '../summary';

const WELLS = Number(process.env.BENCH_WELLS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const YEARS = 50;
const AS_OF = '2025-01-01';

const rand = prng(0xec0_8);
const start = toDayIndex(AS_OF);
const end = cashFlowEnd(start, YEARS);
const days = end - start + 1;
const decline = (q0: number, d: number) => ({
  start,
  values: new Float64Array(days).map((_, i) => q0 * Math.exp(-d * i)),
});
const priceRows = Array.from({ length: 10 }, (_, k) => ({ from: `${2025 + k}-01-01`, price: 60 + k }));

const wells: WellInput[] = Array.from({ length: WELLS }, () => ({
  asOfDate: AS_OF,
  discountDate: AS_OF,
  maxWellLife: YEARS,
  volumes: {
    oil: decline(200 + 800 * rand(), 0.0002 + 0.0004 * rand()),
    gas: decline(500 + 2000 * rand(), 0.0002 + 0.0004 * rand()),
    water: decline(100 + 300 * rand(), 0.0001),
  },
  ownership: { workingInterest: 75, netRevenueInterest: 60, leaseNetRevenueInterest: 80 },
  prices: { oil: { rows: priceRows }, gas: { flat: 3 } },
  expenses: { fixedPerWellMonth: 5_000, variable: { oil: 2, water: 1 }, severanceTaxPct: 4.6, adValoremTaxPct: 2 },
  capex: [
    { date: AS_OF, amount: 6_000_000, calculation: 'gross' },
    { date: '2026-06-15', amount: 250_000, calculation: 'gross', dealTerms: 1.1 },
  ],
  discountTable: {
    discountMethod: 'monthly',
    cashAccrualTime: 'mid_month',
    firstDiscount: 10,
    secondDiscount: 15,
    discounts: [0, 2, 5, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 100].map((discountTable) => ({ discountTable })),
  },
  cutOff: {
    lastPositiveCashFlow: true,
    triggerEclCapex: false,
    includeCapex: false,
    econLimitDelay: 0,
    minLife: { none: true },
    alignDependentPhases: false,
  },
}));

const grid = buildGrid(start, end);
const months = grid.labels.length;
const monthly = wells.map((w) => [monthlyVolumes(grid, w.volumes.oil), monthlyVolumes(grid, w.volumes.gas)] as const);

let sink = 0;
let engineRows = 0;
function engine(): number {
  let rows = 0;
  for (const w of wells) {
    const r = runWell(w);
    rows += r.monthly.labels.length;
    sink += r.oneLiner.firstDiscountNpv;
  }
  engineRows = rows;
  return WELLS * months;
}
function sumMonthly(): number {
  for (const [oil, gas] of monthly) {
    let s = 0;
    for (let m = 0; m < months; m++) s += oil[m]! * 65 + gas[m]! * 3;
    sink += s;
  }
  return WELLS * months;
}
function dailyToMonthly(): number {
  for (const w of wells) {
    for (const series of [w.volumes.oil!, w.volumes.gas!, w.volumes.water!]) {
      const out = new Float64Array(months);
      for (let m = 0; m < months; m++) {
        let s = 0;
        for (let d = grid.start[m]! - start; d <= grid.end[m]! - start; d++) s += series.values[d]!;
        out[m] = s;
      }
      sink += out[0]!;
    }
  }
  return WELLS * months;
}

/** Grid well-months per second (the rows before cut-offs: both runs walk the whole grid). */
function time(f: () => number): number {
  const t0 = performance.now();
  const wellMonths = f();
  return (wellMonths / (performance.now() - t0)) * 1000;
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;

for (const f of [engine, sumMonthly, dailyToMonthly]) f(); // warm-up
const rates = { engine: [] as number[], sumMonthly: [] as number[], dailyToMonthly: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  rates.engine.push(time(engine));
  rates.sumMonthly.push(time(sumMonthly));
  rates.dailyToMonthly.push(time(dailyToMonthly));
}
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const e = median(rates.engine);
const b1 = median(rates.sumMonthly);
const b2 = median(rates.dailyToMonthly);
console.log(
  `econ bench: ${WELLS} wells × ${YEARS} years (${months} months each; ${engineRows} rows kept after cut-offs), ${ROUNDS} rounds, medians`,
);
console.log(`  engine (runWell)        ${fmt(e)} well-months/s`);
console.log(`  baseline sum monthly    ${fmt(b1)} well-months/s   ratio engine/baseline ${(e / b1).toExponential(3)}`);
console.log(`  baseline daily→monthly  ${fmt(b2)} well-months/s   ratio engine/baseline ${(e / b2).toFixed(3)}`);
if (!Number.isFinite(sink)) console.log('(sink)', sink);
reportSummary({
  bench: `econ (${WELLS} wells × ${YEARS} years)`,
  figure: `runWell ${fmt(e)} well-months/s`,
  baseline: `daily→monthly sums ${fmt(b2)} well-months/s`,
  ratio: e / b2,
});
