/**
 * Decline benchmark (acceptance: target ratio >= 0.5; >= 0.8 with BENCH_MIX=arps, issue 23): daily
 * values per second of `dailySeries` over 10,000 well-phases × 3 contiguous segments × 30 years,
 * against a baseline loop that computes one `Math.exp` per value into a Float64Array (the same
 * number of values, the same series lengths), measured in the same run on the same machine, and
 * their ratio.
 *
 * The well-phases are generated deterministically (seeded PRNG) through the package's public API
 * (`toSegment` with API-style inputs); building them is not timed, computing every daily series is.
 * Both loops are warmed up, then measured in alternating rounds; the medians are reported.
 * The ratio depends on the mix of segment types (printed): an exponential day costs one exp, an Arps
 * day a degree-12 polynomial (decision 063; an exp and a log1p before it), a flat or linear day none.
 *
 *   npm run bench:decline
 *   BENCH_ROUNDS=9 npm run bench:decline
 *   BENCH_WELLS=2000 npm run bench:decline    # a quicker, smaller run
 *   BENCH_MIX=arps npm run bench:decline      # Arps-heavy mix (below)
 *
 * BENCH_MIX selects the well-phase plans: `field` (the default) draws each well from the rough field
 * mix of `wellPlan`; `arps` makes every well arps_modified → exp_dec → arps, so about two thirds of
 * the days are Arps days (the costliest per value until decision 063).
 */
import { dailySeries, fromDayIndex, type Segment, type SegmentInput, toDayIndex, toSegment } from '@econ/decline';
import { reportSummary } from '../summary';

const WELLS = Number(process.env.BENCH_WELLS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MIX = process.env.BENCH_MIX ?? 'field';
if (MIX !== 'field' && MIX !== 'arps') throw new Error(`BENCH_MIX must be 'field' or 'arps' (got ${MIX})`);
/** The Arps-heavy mix has its own target (issue 23). */
const TARGET = MIX === 'arps' ? 0.8 : 0.5;
/** 30 years of 365.25 days, rounded up to whole days. */
const DAYS = Math.ceil(30 * 365.25);
const SEED = 0x5eed_dec1;

/** mulberry32: a small seeded PRNG, so every run benchmarks the same well-phases. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const between = (lo: number, hi: number) => lo + (hi - lo) * random();
const intBetween = (lo: number, hi: number) => Math.floor(between(lo, hi + 1));

type Parameters = Omit<SegmentInput, 'startDate' | 'endDate' | 'qStart'>;
/** Segment parameters by role; each picks its type with the given weights. */
const pick = (choices: [number, () => Parameters][]): Parameters => {
  const total = choices.reduce((s, [w]) => s + w, 0);
  let u = random() * total;
  for (const [w, make] of choices) {
    u -= w;
    if (u < 0) return make();
  }
  return choices[choices.length - 1]![1]();
};
const shale = (): Parameters => ({
  segmentType: 'arps_modified',
  dEff: between(0.55, 0.85),
  b: between(0.8, 1.6),
  realizedDEffSw: between(0.05, 0.1),
});
const arps = (lo: number, hi: number, bLo: number, bHi: number) => (): Parameters => ({
  segmentType: 'arps',
  dEff: between(lo, hi),
  b: between(bLo, bHi),
});
const exponential = (lo: number, hi: number) => (): Parameters => ({ segmentType: 'exp_dec', dEff: between(lo, hi) });
const flat = (): Parameters => ({ segmentType: 'flat' });
/** A slow linear decline: dEff ≤ 0.03/year keeps the rate ≥ 0 over the ≤ 26 years a tail lasts. */
const linear = (): Parameters => ({ segmentType: 'linear', dEff: between(0.005, 0.03) });

/** Three roles of a well-phase's forecast: early decline, mid-life, tail (weights are rough field mixes). */
function wellPlan(): [Parameters, Parameters, Parameters] {
  // BENCH_MIX=arps: every well is modified Arps, then exponential, then an Arps tail.
  if (MIX === 'arps') return [shale(), exponential(0.06, 0.12)(), arps(0.04, 0.1, 0.3, 0.6)()];
  const kind = random();
  if (kind < 0.45) {
    // unconventional: modified Arps, then exponential, then a flat, Arps or exponential tail
    return [
      shale(),
      exponential(0.06, 0.12)(),
      pick([
        [0.4, flat],
        [0.3, arps(0.04, 0.1, 0.3, 0.6)],
        [0.3, exponential(0.04, 0.08)],
      ]),
    ];
  }
  if (kind < 0.75) {
    // conventional: hyperbolic, then exponential, then a linear or flat tail
    return [
      arps(0.2, 0.5, 0.2, 0.9)(),
      exponential(0.05, 0.15)(),
      pick([
        [0.5, linear],
        [0.5, flat],
      ]),
    ];
  }
  if (kind < 0.9) {
    // plateau (contract-limited gas), then Arps or exponential, then exponential
    return [
      flat(),
      pick([
        [0.5, arps(0.2, 0.5, 0.3, 1.0)],
        [0.5, exponential(0.1, 0.3)],
      ]),
      exponential(0.05, 0.1)(),
    ];
  }
  // exponential, then a modified-Arps revival after a refrac, then flat
  return [exponential(0.1, 0.3)(), shale(), flat()];
}

/** Builds one well-phase: 3 contiguous segments over DAYS days, each starting at the previous qEnd. */
function wellPhase(): Segment[] {
  const first = intBetween(toDayIndex('2015-01-01'), toDayIndex('2025-12-31'));
  const lengths = [intBetween(365, 5 * 365), intBetween(3 * 365, 12 * 365)];
  lengths.push(DAYS - lengths[0]! - lengths[1]!);
  const plan = wellPlan();
  const segments: Segment[] = [];
  let start = first;
  let q = between(50, 3000);
  for (let i = 0; i < 3; i++) {
    const seg = toSegment({
      ...plan[i]!,
      qStart: q,
      startDate: fromDayIndex(start),
      endDate: fromDayIndex(start + lengths[i]! - 1),
    });
    segments.push(seg);
    start = seg.end + 1;
    q = seg.qEnd;
  }
  return segments;
}

const wells: Segment[][] = [];
for (let w = 0; w < WELLS; w++) wells.push(wellPhase());
const daysByType = new Map<string, number>();
let totalValues = 0;
for (const segments of wells) {
  for (const seg of segments) {
    const days = seg.end - seg.start + 1;
    daysByType.set(seg.type, (daysByType.get(seg.type) ?? 0) + days);
    totalValues += days;
  }
}
// The baseline's decline per well-phase (1/day): 5 %–85 %/year nominal.
const baselineD = Float64Array.from(wells, () => between(0.05, 0.85) / 365.25);
const baselineQ0 = Float64Array.from(wells, (segments) => segments[0]!.q0);
const lengths = Int32Array.from(wells, (segments) => segments[2]!.end - segments[0]!.start + 1);

/** Results feed this sink and it is printed, so V8 cannot drop the work. */
let sink = 0;

function engineRound(): number {
  const t0 = performance.now();
  let count = 0;
  for (let w = 0; w < wells.length; w++) {
    const { values } = dailySeries(wells[w]!);
    sink += values[(w * 7919) % values.length]!;
    count += values.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (count !== totalValues) throw new Error(`engine produced ${count} values, expected ${totalValues}`);
  return count / seconds;
}

function baselineRound(): number {
  const t0 = performance.now();
  let count = 0;
  for (let w = 0; w < wells.length; w++) {
    const n = lengths[w]!;
    const q0 = baselineQ0[w]!;
    const D = baselineD[w]!;
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = q0 * Math.exp(-D * i);
    sink += values[(w * 7919) % n]!;
    count += n;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (count !== totalValues) throw new Error(`baseline produced ${count} values, expected ${totalValues}`);
  return count / seconds;
}

// Warm both (JIT), then alternate so drift on a noisy machine hits both alike.
engineRound();
baselineRound();
const engine: number[] = [];
const baseline: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  engine.push(engineRound());
  baseline.push(baselineRound());
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const engineRate = median(engine);
const baselineRate = median(baseline);
const ratio = engineRate / baselineRate;
const mega = (x: number) => `${(x / 1e6).toFixed(1)} M/s`;
const spread = (xs: number[]) => `${mega(Math.min(...xs))} – ${mega(Math.max(...xs))}`;
const mix = [...daysByType]
  .sort((a, b) => b[1] - a[1])
  .map(([type, days]) => `${type} ${((100 * days) / totalValues).toFixed(0)} %`)
  .join(', ');

console.log(
  `decline benchmark (BENCH_MIX=${MIX}): ${WELLS} well-phases × 3 segments × ${DAYS} days = ${totalValues.toLocaleString('en-US')} daily values per round, ${ROUNDS} rounds after warm-up`,
);
console.log(`  days by segment type: ${mix}`);
console.log('  | loop                              | median values/s | range over rounds      |');
console.log('  |-----------------------------------|-----------------|------------------------|');
console.log(
  `  | dailySeries (engine)              | ${mega(engineRate).padStart(15)} | ${spread(engine).padEnd(22)} |`,
);
console.log(
  `  | one Math.exp per value (baseline) | ${mega(baselineRate).padStart(15)} | ${spread(baseline).padEnd(22)} |`,
);
console.log(
  `  ratio engine / baseline: ${ratio.toFixed(3)} (target >= ${TARGET}): ${ratio >= TARGET ? 'PASS' : 'FAIL'}`,
);
const allocated = (totalValues * Float64Array.BYTES_PER_ELEMENT) / 2 ** 20;
console.log(
  `  memory: peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; each loop allocates ${allocated.toFixed(0)} MiB of series per round (${((DAYS * 8) / 1024).toFixed(1)} KiB each, not kept)`,
);
console.log(`  (result sink ${sink.toExponential(3)})`);
reportSummary({
  bench: `decline (BENCH_MIX=${MIX})`,
  figure: `dailySeries ${mega(engineRate)} values`,
  baseline: `one Math.exp per value ${mega(baselineRate)}`,
  ratio,
  target: `≥ ${TARGET}`,
  met: ratio >= TARGET,
});
