import { FIT_SERIES, type FitSegment, type FitSeriesKey, PHASES, type Phase, type TypeCurveFits } from '@econ/contract';
import {
  civilFromDayIndex,
  type DailySeries,
  dailySeries,
  dayIndexFromCivil,
  fromDayIndex,
  monthlySeries,
  multiplySeries,
  toSegment,
} from '@econ/decline';

/* Type-curve volumes (spec parts 2.9 and 4.4 `GET /{id}/volumes`): rows computed from the stored fits. */

export const VOLUME_RESOLUTIONS = ['daily', 'monthly'] as const;
export type VolumeResolution = (typeof VOLUME_RESOLUTIONS)[number];

/** One row: a date and, per phase with a value that day (or month), its series' volumes. */
export type VolumeRow = { date: string } & { [P in Phase]?: { [S in FitSeriesKey]?: number } };

/** The daily volumes of each fitted series, per phase (phases and series without a fit left out). */
export type PhaseSeries = Map<Phase, Map<FitSeriesKey, DailySeries>>;

const daily = (segments: readonly FitSegment[]): DailySeries =>
  dailySeries(segments.map(({ segmentIndex: _i, ...s }) => toSegment(s)));

/**
 * The daily volumes (BBL or MCF) of every fitted series. A rate fit's series are its segments'
 * daily rates. A ratio fit's series is the ratio times its base phase's same series, or the base's
 * `best` when the base lacks that series; it covers the ratio's days (a day the base does not cover
 * is 0, as for forecasts) and is left out when the base has neither series or is not a rate fit.
 */
export function fitDailySeries(fits: TypeCurveFits): PhaseSeries {
  const rates: PhaseSeries = new Map();
  for (const phase of PHASES) {
    const fit = fits[phase];
    if (fit?.fitType !== 'rate') continue;
    const bySeries = new Map<FitSeriesKey, DailySeries>();
    for (const key of FIT_SERIES) {
      const series = fit[key];
      if (series?.segments.length) bySeries.set(key, daily(series.segments));
    }
    rates.set(phase, bySeries);
  }
  const out: PhaseSeries = new Map();
  for (const phase of PHASES) {
    const fit = fits[phase];
    if (!fit) continue;
    if (fit.fitType === 'rate') {
      const own = rates.get(phase);
      if (own?.size) out.set(phase, own);
      continue;
    }
    const ratio = fit.ratio;
    const base = ratio ? rates.get(ratio.basePhase) : undefined;
    if (!ratio || !base) continue;
    const bySeries = new Map<FitSeriesKey, DailySeries>();
    for (const key of FIT_SERIES) {
      const series = ratio[key];
      const baseSeries = base.get(key) ?? base.get('best');
      if (!series?.segments.length || !baseSeries) continue;
      bySeries.set(key, multiplySeries(daily(series.segments), baseSeries));
    }
    if (bySeries.size) out.set(phase, bySeries);
  }
  return out;
}

const monthNumber = (day: number): number => {
  const { y, m } = civilFromDayIndex(day);
  return y * 12 + (m - 1);
};
const monthLabel = (n: number): string => fromDayIndex(dayIndexFromCivil(Math.floor(n / 12), (n % 12) + 1, 1));

/** A series placed on the row axis: its value at row `i` is `values[i - offset]` when in range. */
interface Placed {
  phase: Phase;
  key: FitSeriesKey;
  offset: number;
  values: Float64Array;
}

/**
 * One page of volume rows and the total number of rows. Rows run from the earliest start to the
 * latest end over all series: daily, one per day; monthly, one per calendar month labelled by its
 * first day, each value the sum of the series' daily volumes in that month (a partial month is not
 * scaled). A series with no day in a row's period has no key in it; a phase with no key is left
 * out (a row may then hold only `date`). Nothing is ever null.
 */
export function volumeRows(
  series: PhaseSeries,
  resolution: VolumeResolution,
  page: { skip: number; take: number },
): { rows: VolumeRow[]; total: number } {
  const all = [...series].flatMap(([phase, bySeries]) => [...bySeries].map(([key, s]) => ({ phase, key, s })));
  if (all.length === 0) return { rows: [], total: 0 };
  const first = Math.min(...all.map(({ s }) => s.start));
  const last = Math.max(...all.map(({ s }) => s.start + s.values.length - 1));
  let placed: Placed[];
  let total: number;
  let dateOf: (i: number) => string;
  if (resolution === 'daily') {
    placed = all.map(({ phase, key, s }) => ({ phase, key, offset: s.start - first, values: s.values }));
    total = last - first + 1;
    dateOf = (i) => fromDayIndex(first + i);
  } else {
    const firstMonth = monthNumber(first);
    placed = all.map(({ phase, key, s }) => ({
      phase,
      key,
      offset: monthNumber(s.start) - firstMonth,
      values: monthlySeries(s).values,
    }));
    total = monthNumber(last) - firstMonth + 1;
    dateOf = (i) => monthLabel(firstMonth + i);
  }
  const rows: VolumeRow[] = [];
  const end = Math.min(total, page.skip + page.take);
  for (let i = page.skip; i < end; i++) {
    const row: VolumeRow = { date: dateOf(i) };
    for (const p of placed) {
      const j = i - p.offset;
      if (j < 0 || j >= p.values.length) continue;
      const phaseRow = row[p.phase] ?? {};
      phaseRow[p.key] = p.values[j] as number;
      row[p.phase] = phaseRow;
    }
    rows.push(row);
  }
  return { rows, total };
}
