import {
  type ForecastSettings,
  PHASES,
  type Phase,
  type PhaseFitResult,
  type PhaseFitSettings,
  SegmentInput,
  type Series,
  type StoredSegment,
} from '@econ/contract';
import {
  civilFromDayIndex,
  dayIndexFromCivil,
  daysInMonth,
  type FitOptions,
  fitHistory,
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

export interface WellFit {
  phases: Partial<Record<Phase, PhaseFitResult>>;
  /** The segments to store per fitted phase and series (canonical, validated by the contract). */
  segments: Partial<Record<Phase, FitSeries>>;
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

/** Fits the phases `settings` names for one well. */
export function fitWell(well: WellToFit, settings: ForecastSettings): WellFit {
  const out: WellFit = { phases: {}, segments: {} };
  for (const phase of PHASES) {
    const s = settings.phases[phase];
    if (!s) continue;
    const stored = well.stored[phase];
    if (stored?.hasBest && !settings.overwrite) {
      out.phases[phase] = { status: 'skipped', reason: KEPT_REASON };
      continue;
    }
    if (stored?.ratio && !settings.overwrite) {
      out.phases[phase] = {
        status: 'skipped',
        reason: 'the phase is a ratio forecast (overwrite is off): its series would read the fit as a ratio',
      };
      continue;
    }
    const points = historyPoints(
      well.history.map((r) => ({ date: r.date, volume: r[phase] })),
      well.resolution,
    );
    if (points.length === 0) {
      out.phases[phase] = { status: 'skipped', reason: `no ${phase} history (${well.resolution})` };
      continue;
    }
    const endDay = yearsAfter(points[points.length - 1]!.record, settings.years);
    const fit = fitHistory(points, {
      ...fitOptions(s, endDay),
      ...(settings.percentiles ? { percentiles: true } : {}),
    });
    if (!fit.ok) {
      out.phases[phase] = {
        status: 'failed',
        reason: fit.reason,
        ...(fit.quality ? { pointsUsed: fit.quality.pointsUsed, pointsExcluded: fit.quality.excluded.length } : {}),
      };
      continue;
    }
    const cases: [Series, unknown][] = [['best', fit.segment]];
    const p = fit.percentiles;
    if (p?.ok) cases.push(['p10', p.p10.segment], ['p50', p.p50.segment], ['p90', p.p90.segment]);
    const series: FitSeries = {};
    let invalid: string | undefined;
    for (const [name, segment] of cases) {
      const parsed = SegmentInput.safeParse(segment);
      if (parsed.success) series[name] = [parsed.data];
      else {
        // The fitter's bounds keep its segments valid; a refusal here names what the contract refused.
        const issue = parsed.error.issues[0]!;
        invalid = `the fitted ${name} segment is not valid: ${issue.path.join('.')} ${issue.message}`;
        break;
      }
    }
    if (invalid) {
      out.phases[phase] = { status: 'failed', reason: invalid };
      continue;
    }
    out.segments[phase] = series;
    out.phases[phase] = {
      status: 'fitted',
      segmentType: fit.segment.segmentType,
      eur: fit.eur,
      r2: fit.quality.r2,
      rmseLogRate: fit.quality.rmseLogRate,
      pointsUsed: fit.quality.pointsUsed,
      pointsExcluded: fit.quality.excluded.length,
      ...(p?.ok ? { eurP10: p.p10.eur, eurP50: p.p50.eur, eurP90: p.p90.eur } : {}),
      ...(p && !p.ok ? { note: `no P10/P50/P90: ${p.reason}` } : {}),
    };
  }
  return out;
}
