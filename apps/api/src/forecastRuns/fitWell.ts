import {
  type ForecastSettings,
  PHASES,
  type Phase,
  type PhaseFitResult,
  type PhaseFitSettings,
  SegmentList,
  type Series,
  type StoredSegment,
} from '@econ/contract';
import {
  civilFromDayIndex,
  dayIndexFromCivil,
  daysInMonth,
  type FitOptions,
  fitHistory,
  fitRatio,
  fitSequence,
  type HistoryPoint,
  historyPoints,
  toDayIndex,
} from '@econ/decline';
import type { HistoryRecord } from '@econ/econ';

/*
 * One well of a forecast run (pure): each phase the settings name is fitted to the well's history,
 * or skipped (no history, segments kept) or failed (the fitter's reason), with the segments to store.
 */

/** What the run knows of a well's phase before fitting it. */
export interface StoredPhaseState {
  /** Best segments are stored for the phase. */
  hasBest: boolean;
  /** The phase is stored as a ratio forecast. */
  ratio: boolean;
}

export interface WellToFit {
  /** The history records of the resolution used (date order not required). */
  history: readonly HistoryRecord[];
  resolution: 'daily' | 'monthly';
  stored: Partial<Record<Phase, StoredPhaseState>>;
}

/** The series a fit writes: best, and P10/P50/P90 when asked for and the fit gives them. */
export type FitSeries = Partial<Record<Series, StoredSegment[]>>;

/** How a fitted phase is stored: a rate, or a ratio over its base phase. */
export type FittedKind = { forecastType: 'rate' } | { forecastType: 'ratio'; basePhase: Phase };

export interface WellFit {
  phases: Partial<Record<Phase, PhaseFitResult>>;
  /** The segments to store per fitted phase and series (canonical, validated by the contract). */
  segments: Partial<Record<Phase, FitSeries>>;
  kinds: Partial<Record<Phase, FittedKind>>;
}

/** Why a phase with stored segments is left alone, when overwrite is off. */
export const KEPT_REASON = 'best segments are already stored (overwrite is off)';

/** The fitter's options for a phase's settings. */
export function fitOptions(s: PhaseFitSettings, endDay: number): FitOptions {
  return {
    model: s.model,
    start: s.start === 'peak' || s.start === 'first' ? s.start : toDayIndex(s.start),
    endDay,
    bRange: [s.bMin, s.bMax],
    dEffRange: [s.dEffMin, s.dEffMax],
    ...(s.model === 'arps_modified' ? { terminalDEff: s.terminalDEff } : {}),
    ...(s.qStart === undefined ? {} : { qStart: s.qStart }),
    loss: s.loss,
    regression: s.regressionType,
    ...(s.recentHalfLifeDays === undefined ? {} : { recentWeight: { halfLifeDays: s.recentHalfLifeDays } }),
  };
}

/** The day `years` calendar years after `day` (29 February becomes the 28th in a common year). */
export function yearsAfter(day: number, years: number): number {
  const { y, m, d } = civilFromDayIndex(day);
  return dayIndexFromCivil(y + years, m, Math.min(d, daysInMonth(y + years, m)));
}

/** One phase fitted: its result, and the series to store when it was fitted. */
interface PhaseFit {
  result: PhaseFitResult;
  series?: FitSeries;
}

/** The segments of each case parsed by the contract (canonical), or why one was refused. */
function parsedSeries(cases: [Series, unknown][]): { series: FitSeries } | { invalid: string } {
  const series: FitSeries = {};
  for (const [name, segments] of cases) {
    const parsed = SegmentList.safeParse(segments);
    if (!parsed.success) {
      // The fitter's bounds keep its segments valid; a refusal here names what the contract refused.
      const issue = parsed.error.issues[0]!;
      return { invalid: `the fitted ${name} segment is not valid: ${issue.path.join('.')} ${issue.message}` };
    }
    series[name] = parsed.data;
  }
  return { series };
}

const refused = (reason: string, quality?: { pointsUsed: number; excluded: unknown[] }): PhaseFit => ({
  result: {
    status: 'failed',
    reason,
    ...(quality ? { pointsUsed: quality.pointsUsed, pointsExcluded: quality.excluded.length } : {}),
  },
});

/** A rate phase: a decline fitted to its history (P10/P50/P90 beside best when asked). */
function fitRatePhase(
  points: HistoryPoint[],
  s: PhaseFitSettings,
  settings: ForecastSettings,
  endDay: number,
): PhaseFit {
  if (s.rampUp) return fitRampUp(points, s, endDay);
  const fit = fitHistory(points, { ...fitOptions(s, endDay), ...(settings.percentiles ? { percentiles: true } : {}) });
  if (!fit.ok) return refused(fit.reason, fit.quality);
  const cases: [Series, unknown][] = [['best', [fit.segment]]];
  const p = fit.percentiles;
  if (p?.ok) cases.push(['p10', [p.p10.segment]], ['p50', [p.p50.segment]], ['p90', [p.p90.segment]]);
  const parsed = parsedSeries(cases);
  if ('invalid' in parsed) return refused(parsed.invalid);
  return {
    series: parsed.series,
    result: {
      status: 'fitted',
      segmentType: fit.segment.segmentType,
      eur: fit.eur,
      r2: fit.quality.r2,
      rmseLogRate: fit.quality.rmseLogRate,
      pointsUsed: fit.quality.pointsUsed,
      pointsExcluded: fit.quality.excluded.length,
      ...(p?.ok ? { eurP10: p.p10.eur, eurP50: p.p50.eur, eurP90: p.p90.eur } : {}),
      ...(p && !p.ok ? { note: `no P10/P50/P90: ${p.reason}` } : {}),
    },
  };
}

/** A ramp-up is looked for in this many records after the first producing one. */
export const RAMP_UP_RECORDS = 12;

/**
 * A ramp-up (flat or linear) from the first producing record, then the decline: two contiguous
 * segments. The decline's start is searched among the first RAMP_UP_RECORDS records after the first
 * (each a record's own day, so a monthly decline starts on the first of its month), keeping the
 * lowest RMSE of log rate. No P10/P50/P90 (the method gives none).
 */
function fitRampUp(points: HistoryPoint[], s: PhaseFitSettings, endDay: number): PhaseFit {
  const producing = points.filter((p) => p.rate > 0);
  const first = producing[0];
  if (!first) return refused(`no production: every rate is 0`);
  const o = fitOptions(s, endDay);
  const options = {
    segments: [
      { model: s.rampUp! },
      {
        model: s.model,
        ...(o.bRange ? { bRange: o.bRange } : {}),
        ...(o.dEffRange ? { dEffRange: o.dEffRange } : {}),
        ...(o.terminalDEff === undefined ? {} : { terminalDEff: o.terminalDEff }),
      },
    ],
    endDay,
    start: first.record,
    ...(o.regression ? { regression: o.regression } : {}),
    ...(o.loss ? { loss: o.loss } : {}),
    ...(o.recentWeight ? { recentWeight: o.recentWeight } : {}),
  };
  let best: Extract<ReturnType<typeof fitSequence>, { ok: true }> | undefined;
  let last: ReturnType<typeof fitSequence> | undefined;
  for (const candidate of producing.slice(2, 2 + RAMP_UP_RECORDS)) {
    const fit = fitSequence(points, { ...options, breakpoints: [candidate.record] });
    last = fit;
    if (fit.ok && (!best || fit.quality.rmseLogRate < best.quality.rmseLogRate)) best = fit;
  }
  if (!best) return refused(last && !last.ok ? last.reason : 'too few producing points for a ramp-up and a decline');
  const parsed = parsedSeries([['best', best.segments]]);
  if ('invalid' in parsed) return refused(parsed.invalid);
  return {
    series: parsed.series,
    result: {
      status: 'fitted',
      segmentType: best.segments.map((x) => x.segmentType).join(' + '),
      eur: best.eur,
      r2: best.quality.r2,
      rmseLogRate: best.quality.rmseLogRate,
      pointsUsed: best.quality.pointsUsed,
      pointsExcluded: best.quality.excluded.length,
    },
  };
}

/**
 * A ratio phase over its base phase, from the first month (or day) both produce, or from the date
 * asked: an exponential trend rising or falling, or flat or linear when that is the model.
 */
function fitRatioPhase(
  phase: Phase,
  points: HistoryPoint[],
  basePoints: HistoryPoint[],
  s: PhaseFitSettings,
  endDay: number,
): PhaseFit {
  const base = new Map(basePoints.map((p) => [p.day, p.rate]));
  const firstPaired = points.find((p) => p.rate > 0 && (base.get(p.day) ?? 0) > 0);
  const start = s.start !== 'peak' && s.start !== 'first' ? toDayIndex(s.start) : firstPaired?.record;
  const fit = fitRatio(basePoints, points, {
    model: s.model === 'flat' || s.model === 'linear' ? s.model : 'exponential',
    basePhase: s.basePhase!,
    phase,
    endDay,
    loss: s.loss,
    ...(start === undefined ? {} : { start }),
    ...(s.recentHalfLifeDays === undefined ? {} : { recentWeight: { halfLifeDays: s.recentHalfLifeDays } }),
  });
  if (!fit.ok) return refused(fit.reason, fit.quality);
  const parsed = parsedSeries([['best', fit.segments]]);
  if ('invalid' in parsed) return refused(parsed.invalid);
  return {
    series: parsed.series,
    result: {
      status: 'fitted',
      segmentType: fit.segments[0]!.segmentType,
      basePhase: fit.basePhase,
      r2: fit.quality.r2,
      rmseLogRate: fit.quality.rmseLogRate,
      pointsUsed: fit.quality.pointsUsed,
      pointsExcluded: fit.quality.excluded.length,
    },
  };
}

/** Fits the phases `settings` names for one well. */
export function fitWell(well: WellToFit, settings: ForecastSettings): WellFit {
  const out: WellFit = { phases: {}, segments: {}, kinds: {} };
  const pointsOf = (phase: Phase) =>
    historyPoints(
      well.history.map((r) => ({ date: r.date, volume: r[phase] })),
      well.resolution,
    );
  for (const phase of PHASES) {
    const s = settings.phases[phase];
    if (!s) continue;
    const isRatio = s.forecastType === 'ratio';
    const stored = well.stored[phase];
    if (stored?.hasBest && !settings.overwrite) {
      out.phases[phase] = { status: 'skipped', reason: KEPT_REASON };
      continue;
    }
    if (stored && stored.ratio !== isRatio && !settings.overwrite) {
      const kind = stored.ratio ? 'a ratio' : 'a rate';
      out.phases[phase] = {
        status: 'skipped',
        reason: `the phase is stored as ${kind} forecast (overwrite is off): its other series would read the fit as ${isRatio ? 'a ratio' : 'a rate'}`,
      };
      continue;
    }
    if (isRatio && well.stored[s.basePhase!]?.ratio && settings.phases[s.basePhase!]?.forecastType !== 'rate') {
      out.phases[phase] = {
        status: 'failed',
        reason: `the base phase ${s.basePhase} is stored as a ratio forecast; a ratio must be based on a rate phase (fit ${s.basePhase} as a rate too)`,
      };
      continue;
    }
    const points = pointsOf(phase);
    if (points.length === 0) {
      out.phases[phase] = { status: 'skipped', reason: `no ${phase} history (${well.resolution})` };
      continue;
    }
    const endDay = yearsAfter(points[points.length - 1]!.record, settings.years);
    const fit = isRatio
      ? fitRatioPhase(phase, points, pointsOf(s.basePhase!), s, endDay)
      : fitRatePhase(points, s, settings, endDay);
    out.phases[phase] = fit.result;
    if (fit.series) {
      out.segments[phase] = fit.series;
      out.kinds[phase] = isRatio ? { forecastType: 'ratio', basePhase: s.basePhase! } : { forecastType: 'rate' };
    }
  }
  return out;
}
