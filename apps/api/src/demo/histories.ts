import {
  civilFromDayIndex,
  type DailySeries,
  dailySeries,
  daysInMonth,
  fromDayIndex,
  type SegmentInput,
  toDayIndex,
  toSegment,
} from '@econ/decline';
import { type Random, seededRandom } from './random';

/*
 * Demo production history (issue 17 follow-up, decision 025): the daily and monthly records a well
 * would have reported while it followed a decline, so the forecast that continues that decline
 * starts where the history ends. Pure and deterministic for a seed.
 */

export type HistoryPhase = 'oil' | 'gas' | 'water';
const PHASES: readonly HistoryPhase[] = ['oil', 'gas', 'water'];

/** A phase's decline in the shape of a forecast parameter record (spec 2.8): a rate, or a ratio on another phase. */
export type PhaseDecline =
  | { forecastType: 'rate'; segments: readonly SegmentInput[] }
  | { forecastType: 'ratio'; basePhase: HistoryPhase; segments: readonly SegmentInput[] };

export interface HistoryInput {
  /** The well id the records name. */
  well: string;
  /** First day of the history (first production), YYYY-MM-DD. */
  startDate: string;
  /** Last day of the history, inclusive: the day before the forecast's as-of date. */
  endDate: string;
  /** The declines the well followed; a phase left out has no volumes (null). A ratio's base must be a rate phase. */
  phases: Partial<Record<HistoryPhase, PhaseDecline>>;
  seed: number;
  /** Standard deviation of ln(noise) per phase (default oil 0.08, gas 0.1, water 0.12). */
  sigma?: Partial<Record<HistoryPhase, number>>;
}

/**
 * A daily record as `POST /v1/daily-productions` takes it (the contract's `DailyProductionInput`):
 * volumes in BBL or MCF (null: the phase is not measured), `choke` in 64ths of an inch.
 */
export type DailyRecord = { well: string; date: string; hoursOn: number; choke: number } & Record<
  HistoryPhase,
  number | null
>;
/** A monthly record as `POST /v1/monthly-productions` takes it (`MonthlyProductionInput`): `date` the month's first day. */
export type MonthlyRecord = { well: string; date: string; daysOn: number; choke: number } & Record<
  HistoryPhase,
  number | null
>;

export interface History {
  daily: DailyRecord[];
  monthly: MonthlyRecord[];
  /** Per day of the history, what the well did (for tests and charts): hours on and the choke's rate factor. */
  days: { start: number; hours: Uint8Array; chokeFactor: Float64Array };
}

const SIGMA: Record<HistoryPhase, number> = { oil: 0.08, gas: 0.1, water: 0.12 };
/** Choke sizes in 64ths of an inch: the well is on its final choke for the last year of history. */
const FINAL_CHOKES = [32, 36, 40, 48] as const;

/**
 * Daily and monthly records of a well over [startDate, endDate]. Each producing day's volume is the
 * decline's daily volume (decline-math.md: the rate at the whole-day index) times the choke's rate
 * factor, times hoursOn/24, times a multiplicative log-normal noise e^(σ·Z) (median 1). A ratio
 * phase is its ratio times the base phase's recorded volume, times its own noise. Downtime: a few
 * whole days down each month (0–3), an occasional partial day, and multi-week shut-ins (one per
 * ~3 years, at least one); a day down reports 0 volumes and hoursOn 0. The choke opens once or twice
 * (a step up in rate, factor (choke/final)^0.6), the last time at least a year before endDate (when
 * the history is long enough), so the last year runs at the decline's level.
 *
 * Monthly records are the sums of the daily volumes of the calendar month's days in the history,
 * `daysOn` the days with hoursOn > 0, `choke` the choke on the month's last day in the history.
 * Volumes are rounded to 0.01 (monthly sums are of the rounded daily volumes).
 *
 * @throws {RangeError} when endDate is before startDate, or a ratio's base is missing or not a rate
 * @example
 * const { daily, monthly } = productionHistory({
 *   well: id, startDate: '2021-03-01', endDate: '2026-10-31', seed: 7,
 *   phases: { oil: { forecastType: 'rate', segments: oilSegments } },
 * });
 */
export function productionHistory(input: HistoryInput): History {
  const start = toDayIndex(input.startDate);
  const end = toDayIndex(input.endDate);
  if (end < start) throw new RangeError(`endDate ${input.endDate} is before startDate ${input.startDate}`);
  const n = end - start + 1;
  const random = seededRandom(input.seed);
  const hours = downtime(random, start, n);
  const { chokes, factor } = chokeSteps(random, n);

  const volumes = new Map<HistoryPhase, Float64Array>();
  const expected = (segments: readonly SegmentInput[]) => onWindow(dailySeries(segments.map(toSegment)), start, n);
  const sigmaOf = (p: HistoryPhase) => input.sigma?.[p] ?? SIGMA[p];
  for (const phase of PHASES) {
    const decline = input.phases[phase];
    if (decline?.forecastType !== 'rate') continue;
    const rate = expected(decline.segments);
    const out = new Float64Array(n);
    const sigma = sigmaOf(phase);
    for (let i = 0; i < n; i++) {
      const z = random.normal();
      out[i] = round2(rate[i]! * factor[i]! * (hours[i]! / 24) * Math.exp(sigma * z));
    }
    volumes.set(phase, out);
  }
  for (const phase of PHASES) {
    const decline = input.phases[phase];
    if (decline?.forecastType !== 'ratio') continue;
    const base = volumes.get(decline.basePhase);
    if (!base || input.phases[decline.basePhase]?.forecastType !== 'rate') {
      throw new RangeError(`${phase} is a ratio on ${decline.basePhase}, which is not a rate phase of the history`);
    }
    const ratio = expected(decline.segments);
    const out = new Float64Array(n);
    const sigma = sigmaOf(phase);
    for (let i = 0; i < n; i++) {
      const z = random.normal();
      out[i] = round2(base[i]! * ratio[i]! * Math.exp(sigma * z));
    }
    volumes.set(phase, out);
  }

  const daily: DailyRecord[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const volume = (p: HistoryPhase) => volumes.get(p)?.[i] ?? null;
    daily[i] = {
      well: input.well,
      date: fromDayIndex(start + i),
      oil: volume('oil'),
      gas: volume('gas'),
      water: volume('water'),
      hoursOn: hours[i]!,
      choke: chokes[i]!,
    };
  }
  return { daily, monthly: monthlyOf(input.well, daily, start, volumes), days: { start, hours, chokeFactor: factor } };
}

/** The daily values of a series on the days [start, start + n), 0 outside it. */
function onWindow(series: DailySeries, start: number, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = series.values[start + i - series.start] ?? 0;
  return out;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Hours on per day: whole days down each month, occasional partial days, and multi-week shut-ins. */
function downtime(random: Random, start: number, n: number): Uint8Array {
  const hours = new Uint8Array(n).fill(24);
  for (let i = 0; i < n; i++) if (random.next() < 0.03) hours[i] = random.int(6, 22);
  // 0–3 whole days down per calendar month (40 %, 30 %, 20 %, 10 %).
  let i = 0;
  while (i < n) {
    const { d } = civilFromDayIndex(start + i);
    const monthDays = monthLength(start + i) - d + 1;
    const span = Math.min(monthDays, n - i);
    const u = random.next();
    const down = u < 0.4 ? 0 : u < 0.7 ? 1 : u < 0.9 ? 2 : 3;
    for (let k = 0; k < down; k++) hours[i + random.int(0, span - 1)] = 0;
    i += span;
  }
  // Shut-ins of 2–6 weeks, one per ~3 years and at least one, never in the first month.
  const years = n / 365.25;
  const shutIns = Math.max(1, Math.round(years / 3));
  for (let k = 0; k < shutIns && n > 60; k++) {
    const length = Math.min(random.int(14, 42), n - 31);
    const from = random.int(30, n - length);
    hours.fill(0, from, from + length);
  }
  return hours;
}

const monthLength = (day: number) => {
  const { y, m } = civilFromDayIndex(day);
  return daysInMonth(y, m);
};

/** The choke per day (64ths of an inch) and its rate factor relative to the final choke. */
function chokeSteps(random: Random, n: number): { chokes: Float64Array; factor: Float64Array } {
  const final = FINAL_CHOKES[random.int(0, FINAL_CHOKES.length - 1)]!;
  const steps = random.next() < 0.5 ? 1 : 2;
  const sizes = steps === 1 ? [final - 8] : [final - 12, final - 6];
  // Change days: after the first month, and at least a year before the end when there is room.
  const last = n > 400 + 60 ? n - 400 : Math.floor(n / 2);
  const first = Math.min(30, last);
  const changes = Array.from({ length: steps }, () => random.int(first, last)).sort((a, b) => a - b);
  const chokes = new Float64Array(n).fill(final);
  const factor = new Float64Array(n).fill(1);
  let from = 0;
  for (let k = 0; k < steps; k++) {
    const size = sizes[k]!;
    chokes.fill(size, from, changes[k]);
    factor.fill((size / final) ** 0.6, from, changes[k]);
    from = changes[k]!;
  }
  return { chokes, factor };
}

/** Sums of the daily records per calendar month: volumes, producing days, the month's last choke. */
function monthlyOf(
  well: string,
  daily: DailyRecord[],
  start: number,
  volumes: Map<HistoryPhase, Float64Array>,
): MonthlyRecord[] {
  const out: MonthlyRecord[] = [];
  let i = 0;
  while (i < daily.length) {
    const { y, m, d } = civilFromDayIndex(start + i);
    const stop = Math.min(i + monthLength(start + i) - d + 1, daily.length);
    const r: MonthlyRecord = {
      well,
      date: `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`,
      oil: null,
      gas: null,
      water: null,
      daysOn: 0,
      choke: daily[stop - 1]!.choke,
    };
    for (let k = i; k < stop; k++) if (daily[k]!.hoursOn > 0) r.daysOn++;
    for (const phase of PHASES) {
      const v = volumes.get(phase);
      if (!v) continue;
      let sum = 0;
      for (let k = i; k < stop; k++) sum += v[k]!;
      r[phase] = round2(sum);
    }
    out.push(r);
    i = stop;
  }
  return out;
}
