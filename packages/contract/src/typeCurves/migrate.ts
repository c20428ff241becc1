import { dailySeries, eur, multiplySeries, toSegment } from '@econ/decline';
import { PHASES, type Phase } from '../forecasts';
import type { Fit, FitSegment, FitSeriesKey, RegressionType, TypeCurveFits } from './fits';
import { FIT_SERIES } from './fits';
import type { NormalizationPhase } from './normalization';
import { NORMALIZATION_PHASES } from './normalization';
import type { V1Fit, V1NormalizationFit, V1PhaseNormalization, V1Series, V1TypeCurve } from './v1';

/*
 * V1 ↔ V2 type-curve mapping (spec part 9.5) and the migration assistant. Pure, no Node APIs: the
 * console runs it in the browser, the CLI and the V1 routes on the server.
 */

/** The segment fields a V2 fit accepts (part 2.8 plus segmentIndex and the deprecated names). */
const SEGMENT_KEYS = new Set([
  'segmentIndex',
  'segmentType',
  'startDate',
  'endDate',
  'qStart',
  'd',
  'dEff',
  'b',
  'slope',
  'realizedDEffSw',
  'qEnd',
  'diEffSec',
  'targetDSwEffSec',
  'flatValue',
]);

/** The V1 fit fields V2 removed (spec part 9.5), dropped with a note. */
export const V1_REMOVED_FIT_FIELDS = ['resolution', 'align', 'normalize', 'normalizations'] as const;

type LooseFit = { type?: unknown; basePhase?: unknown } & Record<string, unknown>;
type LooseSeries = { segments?: unknown };

/** A V1 series' segments as V2 takes them: unknown keys and `eur` dropped, segmentIndex filled in. */
function seriesToV2(series: LooseSeries, dropped: Set<string>): { segments: Record<string, unknown>[] } {
  const list = Array.isArray(series.segments) ? series.segments : [];
  return {
    segments: list.map((s, i) => {
      if (!s || typeof s !== 'object') return s as Record<string, unknown>;
      const out: Record<string, unknown> = { segmentIndex: i };
      for (const [k, v] of Object.entries(s)) {
        if (SEGMENT_KEYS.has(k)) {
          if (v !== null) out[k] = v;
        } else dropped.add(k);
      }
      return out;
    }),
  };
}

/**
 * One V1 fit as a V2 fit body (spec part 9.5): `type` → `fitType`, `basePhase` → `ratio.basePhase`,
 * the curve's `regressionType` on the fit, `eurPercentileMatched` false; removed fields and series
 * `eur` dropped. `dropped` collects the names of what was left out.
 */
export function v1FitToV2(
  fit: LooseFit,
  regressionType: RegressionType,
  dropped: Set<string> = new Set(),
): Record<string, unknown> {
  for (const k of V1_REMOVED_FIT_FIELDS) if (fit[k] !== undefined) dropped.add(k);
  const series: Record<string, unknown> = {};
  for (const key of FIT_SERIES) {
    const s = fit[key];
    if (s && typeof s === 'object') {
      if ((s as { eur?: unknown }).eur !== undefined) dropped.add('eur');
      series[key] = seriesToV2(s as LooseSeries, dropped);
    }
  }
  const out: Record<string, unknown> = { fitType: fit.type, regressionType, eurPercentileMatched: false };
  if (fit.type === 'ratio') out.ratio = { basePhase: fit.basePhase, ...series };
  else Object.assign(out, series);
  return out;
}

/** V1 fits keyed by phase as the V2 `PUT /{id}/fits` body. */
export function v1FitsToV2(
  fits: Partial<Record<Phase, LooseFit>>,
  regressionType: RegressionType,
  dropped: Set<string> = new Set(),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const phase of PHASES) {
    const fit = fits[phase];
    if (fit !== undefined) out[phase] = v1FitToV2(fit, regressionType, dropped);
  }
  return out;
}

/** V1 x axis when none was given. */
export const DEFAULT_X_AXIS = 'perf_lateral_length';

/** A V1 normalization fit as one V2 segment over the whole x range (xStart 0). */
const normSegment = (fit: V1NormalizationFit) =>
  fit.fitType === 'linear'
    ? { xStart: 0, fitType: 'linear', aValue: fit.slope, bValue: fit.intercept }
    : fit.fitType === 'power_law_fit'
      ? { xStart: 0, fitType: 'power_law_fit', aValue: fit.coefficient, bValue: fit.exponent }
      : { xStart: 0, fitType: '1_to_1' };

/** The V2 phase document of a V1 phase normalization; a phase without one has empty segments. */
function phaseToV2(p: V1PhaseNormalization | undefined) {
  if (p === undefined)
    return { xAxis: DEFAULT_X_AXIS, yAxis: 'eur', targets: [], eur: { segments: [] }, peak: { segments: [] } };
  const both = p.normalizationType === 'eur_and_q_peak';
  return {
    xAxis: p.xAxis ?? DEFAULT_X_AXIS,
    yAxis: both ? 'eur_and_peak' : 'eur',
    targets: Object.entries(p.target ?? {}).map(([key, value]) => ({ key, value })),
    eur: { segments: [normSegment(p.eur)] },
    peak: { segments: both && p.qPeak ? [normSegment(p.qPeak)] : [] },
  };
}

/**
 * A V1 normalization as the V2 `PUT /{id}/normalization` body (spec part 9.5): all three phases;
 * `eur` → yAxis `eur`, `eur_and_q_peak` → `eur_and_peak`, slope/intercept and
 * coefficient/exponent → aValue/bValue; no normalization → empty segments.
 */
export function v1NormalizationToV2(norm: Partial<Record<Phase, V1PhaseNormalization>> | undefined) {
  return Object.fromEntries(NORMALIZATION_PHASES.map((phase) => [phase, phaseToV2(norm?.[phase])])) as Record<
    NormalizationPhase,
    ReturnType<typeof phaseToV2>
  >;
}

type V2Segment = { xStart: number; fitType: string; aValue?: number | undefined; bValue?: number | undefined };
type V2Phase = {
  xAxis?: string | undefined;
  yAxis: string;
  targets: { key: string; value: number }[];
  eur: { segments: V2Segment[] };
  peak: { segments: V2Segment[] };
};

const normFitToV1 = (s: V2Segment): V1NormalizationFit =>
  s.fitType === 'linear'
    ? { fitType: 'linear', slope: s.aValue ?? 0, intercept: s.bValue ?? 0 }
    : s.fitType === 'power_law_fit'
      ? { fitType: 'power_law_fit', coefficient: s.aValue ?? 0, exponent: s.bValue ?? 0 }
      : { fitType: '1_to_1' };

/**
 * A stored V2 normalization document as V1 read it: a phase with no eur segment, or with a yAxis
 * V1 did not have (`peak`, `eur_per_pll`), is left out; V1 had one fit, the first segment's.
 */
export function v2NormalizationToV1(
  doc: Partial<Record<NormalizationPhase, V2Phase>>,
): Partial<Record<Phase, V1PhaseNormalization>> {
  const out: Partial<Record<Phase, V1PhaseNormalization>> = {};
  for (const phase of NORMALIZATION_PHASES) {
    const p = doc[phase];
    const first = p?.eur.segments[0];
    if (!p || !first || (p.yAxis !== 'eur' && p.yAxis !== 'eur_and_peak')) continue;
    const v1: V1PhaseNormalization = {
      normalizationType: p.yAxis === 'eur' ? 'eur' : 'eur_and_q_peak',
      xAxis: p.xAxis ?? DEFAULT_X_AXIS,
      target: Object.fromEntries(p.targets.map((t) => [t.key, t.value])),
      eur: normFitToV1(first),
    };
    const peak = p.peak.segments[0];
    if (p.yAxis === 'eur_and_peak' && peak) v1.qPeak = normFitToV1(peak);
    out[phase] = v1;
  }
  return out;
}

/* ------------------------------------------------------------------ V2 → V1 read */

const daily = (segments: readonly FitSegment[]) => dailySeries(segments.map((s) => toSegment(s)));

/** The series a fit holds, wherever V2 keeps them (on the fit or under ratio). */
const seriesOf = (fit: Fit): Partial<Record<FitSeriesKey, { segments: FitSegment[] }>> =>
  fit.fitType === 'ratio' ? (fit.ratio ?? {}) : fit;

/**
 * EUR of one series in thousands (MBBL for oil and water, MMCF for gas), as V1 reported it. A ratio
 * series is multiplied by the same series of its base phase; undefined when that is missing or the
 * segments cannot be evaluated.
 */
export function seriesEurThousands(fits: TypeCurveFits, phase: Phase, key: FitSeriesKey): number | undefined {
  const fit = fits[phase];
  const series = fit && seriesOf(fit)[key];
  if (!fit || !series || series.segments.length === 0) return undefined;
  try {
    let volumes = daily(series.segments);
    if (fit.fitType === 'ratio') {
      const base = fit.ratio && fits[fit.ratio.basePhase];
      const baseSeries = base && base.fitType === 'rate' ? base[key] : undefined;
      if (!baseSeries) return undefined;
      volumes = multiplySeries(volumes, daily(baseSeries.segments));
    }
    return eur(volumes) / 1000;
  } catch {
    return undefined;
  }
}

/** Stored V2 fits as V1 read them: `type`, `basePhase` on the fit, every series with its `eur`. */
export function v2FitsToV1(fits: TypeCurveFits): Partial<Record<Phase, V1Fit>> {
  const out: Partial<Record<Phase, V1Fit>> = {};
  for (const phase of PHASES) {
    const fit = fits[phase];
    if (!fit) continue;
    const v1: V1Fit = { type: fit.fitType };
    if (fit.fitType === 'ratio' && fit.ratio) v1.basePhase = fit.ratio.basePhase;
    const all = seriesOf(fit);
    for (const key of FIT_SERIES) {
      const s = all[key];
      if (!s) continue;
      const series: V1Series = { segments: s.segments.map((seg) => ({ ...seg })) };
      const e = seriesEurThousands(fits, phase, key);
      if (e !== undefined) series.eur = e;
      v1[key] = series;
    }
    out[phase] = v1;
  }
  return out;
}

/* ------------------------------------------------------------------ migration assistant */

/** One V2 call of a migration; `{id}` in the path is the id the first call returns. */
export interface MigrationCall {
  step: 'create' | 'fits' | 'normalization';
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
}

/** The plan for one V1 type curve: the ordered V2 calls and what could not be carried. */
export interface MigrationPlan {
  name: string;
  /** The V1 id (V2 keeps ids across the switch-over; a migration into another project gets a new one). */
  v1Id?: string;
  calls: MigrationCall[];
  notes: string[];
}

/** The placeholder for the new type curve's id in the paths of the second and third calls. */
export const NEW_ID = '{id}';

/**
 * Turns one V1 type curve (the V1 `GET /{id}` shape, optionally with its `normalization` and
 * `representativeWells`) into the V2 calls of spec part 9.5: POST the curve, PUT its fits (when it
 * has any), PUT its normalization. `notes` lists what V2 cannot carry.
 *
 * @example migrateV1TypeCurve(v1, projectId).calls.map((c) => `${c.method} ${c.path}`)
 */
export function migrateV1TypeCurve(v1: V1TypeCurve, projectId: string): MigrationPlan {
  const base = `/v2/projects/${projectId}/type-curves`;
  const notes: string[] = [];
  const record = v1 as V1TypeCurve & Record<string, unknown>;

  const curve: Record<string, unknown> = { name: v1.name };
  if (v1.forecast !== undefined) curve.forecast = v1.forecast;
  if (v1.wells?.length) {
    if (v1.forecast === undefined) {
      notes.push('wells were not carried: V2 wells require a forecast and the V1 type curve has none');
    } else {
      curve.wells = v1.wells;
      const reps = v1.representativeWells;
      if (reps === undefined) {
        notes.push(
          'excludedWells not set: representative wells were not given (add representativeWells from GET /representative-wells; rep false becomes excluded)',
        );
      } else {
        const assigned = new Set(v1.wells);
        const excluded = reps.filter((r) => !r.rep && assigned.has(r.id)).map((r) => r.id);
        if (excluded.length) curve.excludedWells = excluded;
      }
    }
  }
  if (v1.representativeWells !== undefined) {
    notes.push(
      'representative-well columns valid, hasData and hasForecast are removed in V2; eur and eurPll come from GET /v1/projects/{projectId}/forecasts/{forecastId}/outputs (eur in BBL or MCF: divide by 1000 to match V1)',
    );
  }
  if (record.validationCriteria !== undefined)
    notes.push('validationCriteria was not carried: V2 has no validation criteria');

  const calls: MigrationCall[] = [{ step: 'create', method: 'POST', path: base, body: curve }];

  const fits = v1.fits ?? {};
  const regressionType = v1.regressionType ?? 'rate';
  const dropped = new Set<string>();
  const fitsBody = v1FitsToV2(fits as Partial<Record<Phase, LooseFit>>, regressionType, dropped);
  if (Object.keys(fitsBody).length) {
    calls.push({ step: 'fits', method: 'PUT', path: `${base}/${NEW_ID}/fits`, body: fitsBody });
    notes.push(
      `regressionType ${regressionType} was set on every fit and eurPercentileMatched false (V1 kept neither per fit)`,
    );
    for (const k of V1_REMOVED_FIT_FIELDS) {
      if (dropped.has(k)) notes.push(`fit field ${k} was dropped: removed in V2`);
    }
    if (dropped.has('eur')) notes.push('series eur was dropped: V2 computes volumes from the segments');
    const other = [...dropped].filter((k) => k !== 'eur' && !(V1_REMOVED_FIT_FIELDS as readonly string[]).includes(k));
    if (other.length) notes.push(`segment fields ${other.join(', ')} were dropped: not segment fields of part 2.8`);
    notes.push('each phase uses one data frequency in V2; manual exclusions apply to production data only');
  } else {
    notes.push('the V1 type curve has no fits: only the type curve is created');
  }

  const norm = v1.normalization;
  const normBody = v1NormalizationToV2(norm);
  calls.push({ step: 'normalization', method: 'PUT', path: `${base}/${NEW_ID}/normalization`, body: normBody });
  const normalized = PHASES.filter((p) => norm?.[p] !== undefined);
  if (normalized.length === 0) notes.push('no normalization: every phase is written with empty segments');
  if (normalized.some((p) => norm?.[p]?.normalizationType === 'eur_and_q_peak' || norm?.[p]?.peakSmoothing)) {
    notes.push('peak is no longer smoothed (V1 used a 30-day moving average): peak normalization will differ');
  }

  const plan: MigrationPlan = { name: v1.name, calls, notes };
  if (v1.id !== undefined) plan.v1Id = v1.id;
  return plan;
}

/** The path of a planned call with the new type curve's id filled in. */
export const callPath = (call: MigrationCall, id: string): string => call.path.replace(NEW_ID, id);
