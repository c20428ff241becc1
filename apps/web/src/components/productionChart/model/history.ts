import { civilFromDayIndex, daysInMonth, toDayIndex } from '@econ/decline';

/** The phases the chart draws, in legend order. */
export const PHASES = ['oil', 'gas', 'water'] as const;
export type ChartPhase = (typeof PHASES)[number];

/** Daily records hold one day's volumes; monthly records one month's (`date` the month's first day). */
export type HistoryResolution = 'daily' | 'monthly';

/**
 * The fields of a production record the chart reads (the API leaves out fields that are null);
 * anything but a finite number counts as not measured.
 */
export interface HistoryRecord {
  date: string;
  oil?: unknown;
  gas?: unknown;
  water?: unknown;
}

/**
 * A well's history as columns, in date order: `days` are day indexes (days since 1900-01-01),
 * `volumes` BBL or MCF per record (a day's or a month's); undefined where not measured.
 */
export interface History {
  resolution: HistoryResolution;
  days: number[];
  volumes: Record<ChartPhase, (number | undefined)[]>;
}

const measured = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Columns from production records (sorted by date here, as the chart draws left to right). */
export function historyFromRecords(resolution: HistoryResolution, records: readonly HistoryRecord[]): History {
  const sorted = [...records].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    resolution,
    days: sorted.map((r) => toDayIndex(r.date)),
    volumes: {
      oil: sorted.map((r) => measured(r.oil)),
      gas: sorted.map((r) => measured(r.gas)),
      water: sorted.map((r) => measured(r.water)),
    },
  };
}

/** Days in the calendar month of a day index. */
export function monthDays(day: number): number {
  const { y, m } = civilFromDayIndex(day);
  return daysInMonth(y, m);
}

/** How history values are drawn: per-day rates, or the record's own volume (a month's, for monthly). */
export type HistoryValue = 'rate' | 'volume';

/**
 * A phase's drawn values, one per record: a daily record's volume is its rate (BBL/D, MCF/D); a
 * monthly record's rate is its volume over the days in its month (so 28-, 30- and 31-day months
 * do not draw a sawtooth). With `value: 'volume'` the record's volume as is. A missing value is
 * null; a zero stays 0 (a linear axis draws it, a log axis leaves it out: see `frame.ts`).
 */
export function phaseValues(history: History, phase: ChartPhase, value: HistoryValue = 'rate'): (number | null)[] {
  const perDay = history.resolution === 'monthly' && value === 'rate';
  return history.volumes[phase].map((v, i) => {
    if (v === undefined || v < 0) return null;
    return perDay ? v / monthDays(history.days[i]!) : v;
  });
}

/**
 * A phase's cumulative volume (BBL or MCF) at the end of each record: the running sum of its
 * volumes, a missing volume adding nothing.
 */
export function cumulativeValues(history: History, phase: ChartPhase): number[] {
  let sum = 0;
  return history.volumes[phase].map((v) => {
    sum += v ?? 0;
    return sum;
  });
}

/** A phase's cumulative volume of the records strictly before `day` (where a forecast takes over). */
export function cumulativeBefore(history: History, phase: ChartPhase, day: number): number {
  let sum = 0;
  const volumes = history.volumes[phase];
  for (let i = 0; i < history.days.length && history.days[i]! < day; i++) sum += volumes[i] ?? 0;
  return sum;
}

/**
 * Gas/oil ratio in scf/bbl (gas MCF × 1000 / oil BBL) and water/oil ratio (BBL/BBL) of each record;
 * null where oil is missing or zero (no ratio) or the ratio is zero or missing (a log axis).
 */
export function ratioValues(history: History): { gor: (number | null)[]; wor: (number | null)[] } {
  const { oil, gas, water } = history.volumes;
  const ratio = (num: number | undefined, o: number | undefined, scale: number) =>
    o !== undefined && o > 0 && num !== undefined && num > 0 ? (num * scale) / o : null;
  return {
    gor: oil.map((o, i) => ratio(gas[i], o, 1000)),
    wor: oil.map((o, i) => ratio(water[i], o, 1)),
  };
}

/**
 * The last drawable point of a phase: the latest record with a positive volume (trailing zeros and
 * missing values skipped), as its date and its per-day rate; undefined when there is none.
 */
export function lastPoint(history: History, phase: ChartPhase): { day: number; rate: number } | undefined {
  const volumes = history.volumes[phase];
  for (let i = history.days.length - 1; i >= 0; i--) {
    const v = volumes[i];
    if (v !== undefined && v > 0) {
      const day = history.days[i]!;
      return { day, rate: history.resolution === 'monthly' ? v / monthDays(day) : v };
    }
  }
  return undefined;
}

/**
 * The last point of a ratio of two phases (a ratio forecast's start, e.g. gas on oil in MCF/BBL):
 * the latest record where both volumes are positive, as its date and volume / base volume
 * (the days cancel); undefined when there is none.
 */
export function lastRatioPoint(
  history: History,
  phase: ChartPhase,
  base: ChartPhase,
): { day: number; rate: number } | undefined {
  const num = history.volumes[phase];
  const den = history.volumes[base];
  for (let i = history.days.length - 1; i >= 0; i--) {
    const n = num[i];
    const d = den[i];
    if (n !== undefined && n > 0 && d !== undefined && d > 0) return { day: history.days[i]!, rate: n / d };
  }
  return undefined;
}
