import {
  type ForecastSettings,
  PHASES,
  type Phase,
  type PhaseFitResult,
  type PhaseFitSettings,
  SegmentInput,
  type StoredSegment,
} from '@econ/contract';
import {
  civilFromDayIndex,
  dayIndexFromCivil,
  daysInMonth,
  type FitOptions,
  fitDecline,
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

export interface WellFit {
  phases: Partial<Record<Phase, PhaseFitResult>>;
  /** The best segments to store per fitted phase (canonical, validated by the contract). */
  segments: Partial<Record<Phase, StoredSegment[]>>;
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
    const endDay = yearsAfter(points[points.length - 1]!.day, settings.years);
    const fit = fitDecline(points, fitOptions(s, endDay));
    if (!fit.ok) {
      out.phases[phase] = {
        status: 'failed',
        reason: fit.reason,
        ...(fit.quality ? { pointsUsed: fit.quality.pointsUsed, pointsExcluded: fit.quality.excluded.length } : {}),
      };
      continue;
    }
    const parsed = SegmentInput.safeParse(fit.segment);
    if (!parsed.success) {
      // The fitter's bounds keep its segments valid; a refusal here names what the contract refused.
      const issue = parsed.error.issues[0]!;
      out.phases[phase] = {
        status: 'failed',
        reason: `the fitted segment is not valid: ${issue.path.join('.')} ${issue.message}`,
      };
      continue;
    }
    out.segments[phase] = [parsed.data];
    out.phases[phase] = {
      status: 'fitted',
      segmentType: fit.segment.segmentType,
      eur: fit.eur,
      r2: fit.quality.r2,
      rmseLogRate: fit.quality.rmseLogRate,
      pointsUsed: fit.quality.pointsUsed,
      pointsExcluded: fit.quality.excluded.length,
    };
  }
  return out;
}
