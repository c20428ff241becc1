import {
  emptyPhases,
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
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../appEnv';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../db/pgErrors';
import {
  forecastPhases,
  forecastSeries,
  forecasts,
  forecastWells,
  typeCurveFits,
  typeCurveMultipliers,
  typeCurveNormalizations,
  typeCurves,
  wells as wellsTable,
} from '../../db/schema';
import { wellsOfForecast } from '../../forecasts/store';
import type { Parsed } from '../../http/batch';
import { invalid } from '../../http/errors';
import { zodDetails } from '../../http/zodDetails';
import { newObjectId } from '../../ids';
import type { TypeCurveRow } from '../store';

/* Storage of the V1 type-curve routes: V1 shapes converted to and from the V2 rows (spec 9.5). */

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

/** The stored V2 fits of each type curve, keyed by id. */
async function fitsOf(db: Db, ids: string[]): Promise<Map<string, TypeCurveFits>> {
  const out = new Map<string, TypeCurveFits>();
  if (ids.length === 0) return out;
  const rows = await db.select().from(typeCurveFits).where(inArray(typeCurveFits.typeCurveId, ids));
  for (const r of rows) {
    const fits = out.get(r.typeCurveId) ?? {};
    fits[r.phase] = r.fit as Fit;
    out.set(r.typeCurveId, fits);
  }
  return out;
}

/** Stored rows as V1 returned them: fits with `type`, `basePhase` and series `eur`, and normalization. */
export async function v1Views(db: Db, rows: TypeCurveRow[]): Promise<V1TypeCurveView[]> {
  const ids = rows.map((r) => r.id);
  const fits = await fitsOf(db, ids);
  const norms = new Map(
    ids.length
      ? (await db.select().from(typeCurveNormalizations).where(inArray(typeCurveNormalizations.typeCurveId, ids))).map(
          (n) => [n.typeCurveId, n.document as NormalizationDoc],
        )
      : [],
  );
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
export interface V1Record {
  rec: V1TypeCurveInput;
  fits: TypeCurveFitsInput;
  normalization: NormalizationDoc | undefined;
}

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
  if (rec.forecast !== undefined) {
    const [f] = await db
      .select({ id: forecasts.id })
      .from(forecasts)
      .where(and(eq(forecasts.id, rec.forecast), eq(forecasts.projectId, projectId)))
      .limit(1);
    if (!f)
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
  const now = deps.clock.now();
  try {
    return await insertOrReplace();
  } catch (err) {
    // Another request took the name between the check and the insert.
    if (!isUniqueViolation(err, 'type_curves_project_name_uq')) throw err;
    throw fail('name', 'unique', `A type curve named "${rec.name}" already exists in project ${projectId}`, rec.name);
  }

  function insertOrReplace() {
    return db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(typeCurves)
        .where(and(eq(typeCurves.projectId, projectId), eq(typeCurves.name, rec.name)))
        .limit(1);
      if (existing && mode === 'create') {
        throw fail(
          'name',
          'unique',
          `A type curve named "${rec.name}" already exists in project ${projectId}`,
          rec.name,
        );
      }
      const fields = {
        forecastId: rec.forecast ?? null,
        forecastSeries: rec.forecast !== undefined ? (existing?.forecastSeries ?? 'best') : null,
        wells: rec.forecast !== undefined ? wells : null,
        v1RegressionType: rec.regressionType,
        updatedAt: now,
      };
      let id: string;
      if (existing) {
        id = existing.id;
        const keep = new Set(wells);
        const excluded = (existing.excludedWells ?? []).filter((w) => keep.has(w));
        await tx
          .update(typeCurves)
          .set({ ...fields, excludedWells: rec.forecast !== undefined ? excluded : null })
          .where(eq(typeCurves.id, id));
        await tx.delete(typeCurveFits).where(eq(typeCurveFits.typeCurveId, id));
        await tx.delete(typeCurveNormalizations).where(eq(typeCurveNormalizations.typeCurveId, id));
      } else {
        id = newObjectId(deps.clock);
        await tx.insert(typeCurves).values({
          id,
          projectId,
          name: rec.name,
          ...fields,
          excludedWells: rec.forecast !== undefined ? [] : null,
          createdAt: now,
        });
      }
      const phases = PHASES.filter((ph) => fits[ph] !== undefined);
      if (phases.length) {
        await tx
          .insert(typeCurveFits)
          .values(phases.map((phase) => ({ typeCurveId: id, phase, fit: fits[phase] as Fit, updatedAt: now })));
      }
      if (normalization) {
        await tx.insert(typeCurveNormalizations).values({ typeCurveId: id, document: normalization, updatedAt: now });
      }
      if (existing) {
        // Write rule 3 holds for V1 replaces too: phases left without normalization lose their multipliers.
        const empty = normalization ? emptyPhases(normalization) : [...PHASES];
        if (empty.length) {
          await tx
            .delete(typeCurveMultipliers)
            .where(and(eq(typeCurveMultipliers.typeCurveId, id), inArray(typeCurveMultipliers.phase, empty)));
        }
      }
      return { created: !existing, id, name: rec.name };
    });
  }
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
  const names = new Map(
    (
      await db
        .select({ id: wellsTable.id, name: wellsTable.wellName })
        .from(wellsTable)
        .where(inArray(wellsTable.id, ids))
    ).map((w) => [w.id, w.name]),
  );
  const series = (row.forecastSeries ?? 'best').toLowerCase() as 'best' | 'p10' | 'p50' | 'p90';
  const inForecast = new Set<string>();
  const perWell = new Map<string, TypeCurveFits>();
  if (row.forecastId !== null) {
    for (const w of await db
      .select({ id: forecastWells.wellId })
      .from(forecastWells)
      .where(and(eq(forecastWells.forecastId, row.forecastId), inArray(forecastWells.wellId, ids)))) {
      inForecast.add(w.id);
    }
    const kinds = await db
      .select()
      .from(forecastPhases)
      .where(and(eq(forecastPhases.forecastId, row.forecastId), inArray(forecastPhases.wellId, ids)));
    const segs = await db
      .select()
      .from(forecastSeries)
      .where(
        and(
          eq(forecastSeries.forecastId, row.forecastId),
          inArray(forecastSeries.wellId, ids),
          eq(forecastSeries.series, series),
        ),
      );
    for (const s of segs) {
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
