import {
  DEFAULT_TERMINAL_DEFF,
  type ErrorDetail,
  FIT_SERIES,
  type FitFromWellsPhase,
  type FitFromWellsRequest,
  type FitFromWellsResult,
  FitInput,
  fitsView,
  NORMALIZATION_HEADERS,
  type NormalizationInput,
  PHASES,
  type Phase,
  type PhaseFitModel,
  type TypeCurveFits,
} from '@econ/contract';
import {
  civilFromDayIndex,
  dayIndexFromCivil,
  dayOfStep,
  type FitResult,
  fitSeries,
  fromDayIndex,
  type StepResolution,
  type TypeCurveCloud,
  type TypeCurveWellInput,
  toDayIndex,
  typeCurveCloud,
} from '@econ/decline';
import type { Deps } from '../appEnv';
import { conflict } from '../http/errors';
import { historyRecords } from '../productions/history';
import { headersOf as wellHeaderValues } from '../resources/wellHeaderSql';
import { wellsOfProject } from '../resources/wellStore';
import { type PhaseMultipliers, readNormalization, writeFitsFromWells } from './fitStore';
import type { TypeCurveRow } from './store';

/*
 * Fitting a type curve from its wells (issue 18; decision 029): the wells' histories and headers
 * and the curve's normalization are read, the pure `typeCurveCloud` and `fitSeries` of
 * @econ/decline do the numbers, and the fits and per-well multipliers are written in one
 * transaction (`writeFitsFromWells`).
 */

/**
 * A well's numeric headers by the keys normalization documents use (spec 2.9's
 * `perf_lateral_length`; every numeric header of the catalog, which the console offers).
 */
const headersOf = (w: Awaited<ReturnType<typeof wellsOfProject>>[number]) => {
  const values = wellHeaderValues(w) as Record<string, unknown>;
  const out: Record<string, number | undefined> = {};
  for (const [key, { name }] of NORMALIZATION_HEADERS) {
    const v = values[name];
    if (typeof v === 'number') out[key] = v;
  }
  return out;
};

interface Loaded {
  names: Map<string, string>;
  inputs: Record<Phase, TypeCurveWellInput[]>;
  normalization: NormalizationInput | undefined;
}

/** The type curve's wells with their headers and one resolution's history, and its normalization. */
async function load(deps: Pick<Deps, 'db'>, row: TypeCurveRow, resolution: StepResolution): Promise<Loaded> {
  const wells = await wellsOfProject(deps.db, row.projectId, row.wells ?? []);
  const excluded = new Set(row.excludedWells ?? []);
  const history = await historyRecords(
    deps.db,
    resolution,
    wells.map((w) => w.id),
  );
  const inputs = Object.fromEntries(
    PHASES.map((phase) => [
      phase,
      wells.map((w) => ({
        id: w.id,
        excluded: excluded.has(w.id),
        headers: headersOf(w),
        records: (history.get(w.id) ?? []).map((r) => ({ day: toDayIndex(r.date), volume: r[phase] })),
      })),
    ]),
  ) as unknown as Record<Phase, TypeCurveWellInput[]>;
  return {
    names: new Map(wells.map((w) => [w.id, w.wellName])),
    inputs,
    normalization: await readNormalization(deps.db, row.id),
  };
}

type Cloud = Extract<TypeCurveCloud, { ok: true }>;

/** The cloud of one phase, or the 409 saying why there is none (nothing is written). */
function cloudOf(
  loaded: Loaded,
  phase: Phase,
  o: { resolution: StepResolution; align: 'peak' | 'first'; normalize: boolean; minWells?: number | undefined },
): Cloud {
  const cloud = typeCurveCloud(loaded.inputs[phase], { phase, ...o, normalization: loaded.normalization });
  if (cloud.ok) return cloud;
  throw conflict(`Cannot fit ${phase} from the wells: ${cloud.reason}`, [
    { field: cloud.field, rule: cloud.rule, value: cloud.value as ErrorDetail['value'], message: cloud.reason },
  ]);
}

/** A phase's result in the contract's form; `startDay` dates the steps, `series` the fits. */
function phaseView(
  loaded: Loaded,
  phase: Phase,
  cloud: Cloud,
  o: { resolution: StepResolution; align: 'peak' | 'first' },
  extra: { startDay?: number; series?: Record<(typeof FIT_SERIES)[number], FitResult>; cloud?: boolean } = {},
): FitFromWellsPhase {
  const { plan } = cloud;
  const out: FitFromWellsPhase = {
    phase,
    resolution: o.resolution,
    align: o.align,
    minWells: cloud.minWells,
    steps: cloud.steps.map((s) => ({
      step: s.step,
      ...(extra.startDay !== undefined ? { date: fromDayIndex(dayOfStep(o.resolution, extra.startDay, s.step)) } : {}),
      wellCount: s.wellCount,
      p10: s.p10,
      p50: s.p50,
      p90: s.p90,
      average: s.average,
    })),
    wells: cloud.wells.map((w) => {
      const name = loaded.names.get(w.id);
      const base = {
        well: w.id,
        ...(name !== undefined ? { wellName: name } : {}),
        status: w.status,
        cumulative: w.cumulative,
        peakRate: w.peakRate,
        ...(w.x !== undefined ? { x: w.x } : {}),
      };
      if (w.status !== 'used') return { ...base, reason: w.reason };
      return {
        ...base,
        multipliers: w.multipliers,
        ...(w.note ? { note: w.note } : {}),
        startDate: fromDayIndex(w.startDay),
      };
    }),
  };
  if (plan) {
    out.normalization = {
      source: plan.source,
      xAxis: plan.xAxis,
      yAxis: plan.doc.yAxis,
      factors: plan.factors,
      ...(Number.isFinite(plan.targetX) ? { targetX: plan.targetX } : {}),
    };
  }
  if (cloud.stop) out.stop = cloud.stop;
  if (extra.series) {
    out.series = Object.fromEntries(
      FIT_SERIES.map((k) => {
        const f = extra.series![k];
        return [
          k,
          f.ok
            ? {
                ok: true,
                eur: f.eur,
                r2: f.quality.r2,
                rmseLogRate: f.quality.rmseLogRate,
                pointsUsed: f.quality.pointsUsed,
              }
            : { ok: false, reason: f.reason },
        ];
      }),
    ) as FitFromWellsPhase['series'];
  }
  if (extra.cloud) {
    out.cloud = cloud.wells.flatMap((w) => {
      if (w.status !== 'used') return [];
      const steps: number[] = [];
      const rates: number[] = [];
      w.rates.forEach((q, k) => {
        if (q > 0) {
          steps.push(k);
          rates.push(q);
        }
      });
      return [{ well: w.id, steps, rates }];
    });
  }
  return out;
}

/**
 * The normalized cloud, per-step series and multipliers of one phase, nothing fitted or written
 * (`GET …/fit-from-wells`): what the console draws before fitting.
 */
export async function previewFromWells(
  deps: Pick<Deps, 'db'>,
  row: TypeCurveRow,
  q: {
    phase: Phase;
    resolution: StepResolution;
    align: 'peak' | 'first';
    normalize: boolean;
    minWells?: number | undefined;
  },
): Promise<FitFromWellsPhase> {
  const loaded = await load(deps, row, q.resolution);
  return phaseView(loaded, q.phase, cloudOf(loaded, q.phase, q), q, { cloud: true });
}

/** The fitter's options of a phase's model: `arps_modified` gets the default terminal decline. */
const fitOptions = (m: PhaseFitModel) => ({
  model: m.model,
  ...(m.bRange ? { bRange: m.bRange } : {}),
  ...(m.dEffRange ? { dEffRange: m.dEffRange } : {}),
  ...(m.loss ? { loss: m.loss } : {}),
  ...(m.model === 'arps_modified' ? { terminalDEff: m.terminalDEff ?? DEFAULT_TERMINAL_DEFF } : {}),
});

/** The first day of the clock's month (UTC): the default step 0 of the fits. */
const monthStart = (now: Date) => dayIndexFromCivil(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);

/**
 * Fits the phases of the request from the type curve's wells and (unless `dryRun`) writes the fits
 * and the per-well multipliers in one transaction. A phase without wells of production, a
 * normalization that cannot be applied or a phase none of whose series could be fitted is a 409
 * naming it, and nothing is written.
 */
export async function fitFromWells(
  deps: Pick<Deps, 'db' | 'clock'>,
  row: TypeCurveRow,
  body: FitFromWellsRequest,
): Promise<FitFromWellsResult> {
  const loaded = await load(deps, row, body.resolution);
  const startDay = body.startDate !== undefined ? toDayIndex(body.startDate) : monthStart(deps.clock.now());
  const start = civilFromDayIndex(startDay);
  const endDay = dayIndexFromCivil(start.y + body.durationYears, start.m, start.d) - 1;
  const fits: TypeCurveFits = {};
  const multipliers: PhaseMultipliers[] = [];
  const phases: FitFromWellsResult['phases'] = {};
  for (const phase of PHASES) {
    const model = body.phases[phase];
    if (model === undefined) continue;
    const cloud = cloudOf(loaded, phase, body);
    const series = fitSeries(cloud.steps, {
      resolution: body.resolution,
      startDay,
      endDay,
      regression: body.regressionType,
      ...fitOptions(model),
    });
    const fitted = FIT_SERIES.filter((k) => series[k].ok);
    if (fitted.length === 0) {
      const details = FIT_SERIES.map((k) => {
        const f = series[k];
        return { field: `phases.${phase}`, rule: 'fit', value: k, message: f.ok ? '' : `${k}: ${f.reason}` };
      });
      throw conflict(
        `No series of ${phase} could be fitted with ${model.model}: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
    const raw: Record<string, unknown> = {
      fitType: 'rate',
      regressionType: body.regressionType,
      eurPercentileMatched: false,
    };
    for (const k of fitted) {
      const f = series[k];
      if (f.ok) raw[k] = { segments: [{ segmentIndex: 0, ...f.segment }] };
    }
    // The stored form, checked by the same rules as PUT /{id}/fits.
    fits[phase] = FitInput.parse(raw);
    if (body.normalize) {
      // Write rule 3: multipliers are set when normalization is applied; a phase whose
      // normalization is empty keeps none. With normalize false the stored ones are left as they are.
      const factors = cloud.plan?.factors ?? [];
      multipliers.push({
        phase,
        rows:
          factors.length === 0
            ? []
            : cloud.wells.flatMap((w) =>
                w.status === 'used'
                  ? [{ wellId: w.id, eur: w.multipliers.eur ?? null, peak: w.multipliers.peak ?? null }]
                  : [],
              ),
      });
    }
    phases[phase] = phaseView(loaded, phase, cloud, body, { startDay, series });
  }
  if (body.dryRun) return { dryRun: true, fits: fitsView(fits), phases };
  const stored = await writeFitsFromWells(deps, row.projectId, row.id, fits, multipliers);
  return { dryRun: false, fits: fitsView(stored.stored, stored.updatedAt), phases };
}
