import {
  type Fit,
  type NormalizationInput as NormalizationDoc,
  NormalizationInput,
  PHASES,
  type Phase,
  seriesEurThousands,
  type TypeCurveFits,
  TypeCurveFitsInput,
  type V1Fit,
  type V1PhaseNormalization,
  V1TypeCurveInput,
  v1FitsToV2,
  v1NormalizationToV2,
  v2FitsToV1,
  v2NormalizationToV1,
} from '@econ/contract';
import type { Deps } from '../../appEnv';
import type { Db } from '../../db/connection';
import { wellsOfForecast } from '../../forecasts/store';
import type { Parsed } from '../../http/batch';
import { invalid } from '../../http/errors';
import { zodDetails } from '../../http/zodDetails';
import { fitsOfCurves, normalizationsOf } from '../fitStore';
import { forecastTypeOf, type TypeCurveRow } from '../store';
import { forecastWellData, type V1Rows, wellNames, writeV1Rows } from './store';

/* The V1 type-curve operations: V1 shapes converted to and from the V2 rows (spec 9.5). */

/** A type curve as V1 returned it (spec part 2.9): no null, a field it lacks is left out. */
export interface V1TypeCurveView {
  id: string;
  name: string;
  forecast?: string;
  regressionType: 'rate' | 'cum';
  wells: string[];
  fits: Partial<Record<Phase, V1Fit>>;
  normalization?: Partial<Record<Phase, V1PhaseNormalization>>;
  createdAt: string;
  updatedAt: string;
}

/** Stored rows as V1 returned them: fits with `type`, `basePhase` and series `eur`, and normalization. */
export async function v1Views(db: Db, rows: TypeCurveRow[]): Promise<V1TypeCurveView[]> {
  const ids = rows.map((r) => r.id);
  const fits = await fitsOfCurves(db, ids);
  const norms = await normalizationsOf(db, ids);
  return rows.map((r) => {
    const f = fits.get(r.id) ?? {};
    const firstFit = PHASES.map((p) => f[p]).find((x) => x !== undefined);
    const view: V1TypeCurveView = {
      id: r.id,
      name: r.name,
      regressionType: (r.v1RegressionType ?? firstFit?.regressionType ?? 'rate') as 'rate' | 'cum',
      wells: r.wells ?? [],
      fits: v2FitsToV1(f),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
    if (r.forecastId !== null) view.forecast = r.forecastId;
    const doc = norms.get(r.id);
    if (doc) {
      const v1 = v2NormalizationToV1(doc);
      if (Object.keys(v1).length) view.normalization = v1;
    }
    return view;
  });
}

/** A V1 record's failure that needs storage to find: V1 reported 400 for every failure (spec part 4.4). */
const fail = (field: string, rule: string, message: string, value?: unknown) =>
  invalid(message, [{ field, rule, message, ...(value === undefined ? {} : { value }) }]);

/** A V1 record validated and converted: the record, its fits and normalization as the V2 tables hold them. */
export type V1Record = Omit<V1Rows, 'wells'>;

/** A V2 fits-body issue path as the V1 body names it: `oil.ratio.best…` is `fits.oil.best…`. */
export function v1FitPath(path: readonly PropertyKey[]): PropertyKey[] {
  const [phase, second, ...rest] = path;
  if (second === 'ratio') return ['fits', phase as PropertyKey, ...rest];
  return ['fits', ...path];
}

/**
 * Validates one V1 record and converts it to what the V2 tables hold. Failures name the V1 field;
 * the database rules (forecast in the project, wells in the forecast, name) are checked by
 * {@link writeV1Record}.
 */
export function parseV1Record(raw: unknown): Parsed<V1Record> {
  const parsed = V1TypeCurveInput.safeParse(raw);
  if (!parsed.success) return { ok: false, details: zodDetails(parsed.error, raw) };
  const rec = parsed.data;
  const fitsBody = v1FitsToV2(rec.fits as Record<string, Record<string, unknown>>, rec.regressionType);
  const fits = TypeCurveFitsInput.safeParse(fitsBody);
  if (!fits.success) {
    const issues = fits.error.issues.map((i) => ({ ...i, path: v1FitPath(i.path) }));
    return { ok: false, details: zodDetails({ issues } as never, raw) };
  }
  let normalization: NormalizationDoc | undefined;
  if (rec.normalization !== undefined) {
    const n = NormalizationInput.safeParse(v1NormalizationToV2(rec.normalization));
    if (!n.success) {
      const issues = n.error.issues.map((i) => ({ ...i, path: ['normalization', ...i.path] }));
      return { ok: false, details: zodDetails({ issues } as never, raw) };
    }
    normalization = n.data;
  }
  return { ok: true, value: { rec, fits: fits.data, normalization } };
}

/**
 * Writes one V1 record: `create` (POST /, a used name is 400) or `replace` (PUT /: the type curve of
 * that name is replaced whole, fits and normalization included, or created when missing). All or
 * nothing per record; a failure is a 400 (V1).
 */
export async function writeV1Record(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  { rec, fits, normalization }: V1Record,
  mode: 'create' | 'replace',
): Promise<{ created: boolean; id: string; name: string }> {
  const db = deps.db;
  if (rec.forecast !== undefined && (await forecastTypeOf(db, projectId, rec.forecast)) === undefined) {
    throw fail('forecast', 'exists', `No forecast with id ${rec.forecast} in project ${projectId}`, rec.forecast);
  }
  const wells = [...new Set(rec.wells ?? [])];
  if (wells.length) {
    if (rec.forecast === undefined) throw fail('wells', 'requires forecast', 'wells require a forecast');
    const inForecast = await wellsOfForecast(db, rec.forecast, wells);
    const stray = wells.filter((w) => !inForecast.has(w));
    if (stray.length) {
      throw fail(
        'wells',
        'in forecast',
        `wells must belong to forecast ${rec.forecast} (not in it: ${stray.join(', ')})`,
        stray,
      );
    }
  }
  const out = await writeV1Rows(deps, projectId, { rec, wells, fits, normalization }, mode);
  if (out === 'name taken') {
    throw fail('name', 'unique', `A type curve named "${rec.name}" already exists in project ${projectId}`, rec.name);
  }
  return out;
}

/** A representative-wells row of V1 (spec part 9.5; see {@link representativeWells}). */
export interface V1RepresentativeWellView {
  id: string;
  wellName?: string;
  rep: boolean;
  valid: boolean;
  hasData: boolean;
  hasForecast: boolean;
  eur: Partial<Record<Phase, number>>;
}

/**
 * The curve's wells as V1 listed them: `rep` is "not excluded"; `hasData` says the well is in the
 * curve's forecast, `hasForecast` that it has segments there for the curve's series, `valid` both;
 * `eur` per phase in MBBL or MMCF from the forecast's series named by forecastSeries (a ratio phase
 * times its base phase), left out for a phase without one.
 */
export async function representativeWells(db: Db, row: TypeCurveRow): Promise<V1RepresentativeWellView[]> {
  const ids = row.wells ?? [];
  if (ids.length === 0) return [];
  const excluded = new Set(row.excludedWells ?? []);
  const names = await wellNames(db, ids);
  const series = (row.forecastSeries ?? 'best').toLowerCase() as 'best' | 'p10' | 'p50' | 'p90';
  const perWell = new Map<string, TypeCurveFits>();
  const {
    inForecast,
    kinds,
    segments: stored,
  } = row.forecastId === null
    ? { inForecast: new Set<string>(), kinds: [], segments: [] }
    : await forecastWellData(db, row.forecastId, ids, series);
  for (const s of stored) {
    const kind = kinds.find((k) => k.wellId === s.wellId && k.phase === s.phase);
    const fits = perWell.get(s.wellId) ?? {};
    const segments = (s.segments as Record<string, unknown>[]).map((seg, i) => ({ segmentIndex: i, ...seg }));
    const fit: Fit =
      kind?.forecastType === 'ratio' && kind.basePhase
        ? {
            fitType: 'ratio',
            regressionType: 'rate',
            eurPercentileMatched: false,
            ratio: { basePhase: kind.basePhase, [series]: { segments } },
          }
        : { fitType: 'rate', regressionType: 'rate', eurPercentileMatched: false, [series]: { segments } };
    fits[s.phase] = fit as Fit;
    perWell.set(s.wellId, fits);
  }
  return ids.map((id) => {
    const fits = perWell.get(id) ?? {};
    const eur: Partial<Record<Phase, number>> = {};
    for (const phase of PHASES) {
      const e = seriesEurThousands(fits, phase, series);
      if (e !== undefined) eur[phase] = e;
    }
    const hasData = inForecast.has(id);
    const hasForecast = Object.keys(fits).length > 0;
    const out: V1RepresentativeWellView = {
      id,
      rep: !excluded.has(id),
      valid: hasData && hasForecast,
      hasData,
      hasForecast,
      eur,
    };
    const name = names.get(id);
    if (name) out.wellName = name;
    return out;
  });
}
