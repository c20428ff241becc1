import {
  emptyPhases,
  FIT_SERIES,
  type Fit,
  type FitSegment,
  type NormalizationInput,
  PHASES,
  type Phase,
  type TypeCurveFits,
} from '@econ/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { typeCurveFits, typeCurveMultipliers, typeCurveNormalizations, typeCurves } from '../db/schema';
import { notFound } from '../http/errors';

/*
 * Storage of a type curve's fits (one row per phase) and normalization document (one row), spec
 * part 2.9. Each write moves the type curve's `updatedAt` in the same transaction.
 */

/** Segment fields in the order of spec part 2.8 (jsonb does not keep the order written). */
const SEGMENT_FIELDS = [
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
] as const;

const inOrder = (series: { segments: FitSegment[] } | undefined) =>
  series && {
    segments: series.segments.map(
      (seg) =>
        Object.fromEntries(SEGMENT_FIELDS.filter((k) => seg[k] !== undefined).map((k) => [k, seg[k]])) as FitSegment,
    ),
  };

/** A stored fit with its segments' fields back in the spec's order. */
function orderedFit(fit: Fit): Fit {
  const out: Fit = { ...fit };
  const ratio = fit.ratio ? { ...fit.ratio } : undefined;
  for (const key of FIT_SERIES) {
    if (fit[key]) out[key] = inOrder(fit[key]);
    if (ratio?.[key]) ratio[key] = inOrder(ratio[key]);
  }
  if (ratio) out.ratio = ratio;
  return out;
}

/** A type curve's stored fits (of `phases`, or all) and when each phase was written. */
export interface StoredFits {
  stored: TypeCurveFits;
  updatedAt: Partial<Record<Phase, string>>;
}

/** The stored fits of a type curve (only `phases` when given) and when each phase was written. */
export async function readFits(db: Db, id: string, phases?: readonly Phase[]): Promise<StoredFits> {
  const rows = await db
    .select()
    .from(typeCurveFits)
    .where(and(eq(typeCurveFits.typeCurveId, id), phases ? inArray(typeCurveFits.phase, [...phases]) : undefined));
  const stored: TypeCurveFits = {};
  const updatedAt: Partial<Record<Phase, string>> = {};
  for (const r of rows) {
    stored[r.phase] = orderedFit(r.fit as Fit);
    updatedAt[r.phase] = r.updatedAt.toISOString();
  }
  return { stored, updatedAt };
}

/**
 * Bumps the type curve's updatedAt inside a write transaction; the row lock also orders
 * concurrent writes to one curve. 404 when the curve was deleted meanwhile.
 */
async function touchCurve(tx: Db, projectId: string, id: string, now: Date): Promise<void> {
  const touched = await tx
    .update(typeCurves)
    .set({ updatedAt: now })
    .where(and(eq(typeCurves.id, id), eq(typeCurves.projectId, projectId)))
    .returning({ id: typeCurves.id });
  if (touched.length === 0) throw notFound(`No type curve with id ${id} in project ${projectId}`);
}

/**
 * Replaces a type curve's fits (write rule 1): the phases of `fits` are written with `updatedAt`
 * now, a stored phase missing from it is deleted. Returns the stored fits as {@link readFits} does.
 */
export async function replaceFits(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  id: string,
  fits: TypeCurveFits,
): Promise<StoredFits> {
  const now = deps.clock.now();
  const phases = PHASES.filter((p) => fits[p] !== undefined);
  return deps.db.transaction(async (tx) => {
    await touchCurve(tx, projectId, id, now);
    await tx
      .delete(typeCurveFits)
      .where(and(eq(typeCurveFits.typeCurveId, id), notInArray(typeCurveFits.phase, phases)));
    await upsertFits(tx, id, fits, now);
    return readFits(tx, id);
  });
}

/** Writes the fits of the phases `fits` holds, each with `updatedAt` now; other phases are left alone. */
async function upsertFits(tx: Db, id: string, fits: TypeCurveFits, now: Date): Promise<void> {
  for (const phase of PHASES) {
    const fit = fits[phase];
    if (fit === undefined) continue;
    await tx
      .insert(typeCurveFits)
      .values({ typeCurveId: id, phase, fit, updatedAt: now })
      .onConflictDoUpdate({
        target: [typeCurveFits.typeCurveId, typeCurveFits.phase],
        set: { fit, updatedAt: now },
      });
  }
}

/** The per-well multipliers of one phase from one application of its normalization (null: not normalized). */
export interface PhaseMultipliers {
  phase: Phase;
  rows: { wellId: string; eur: number | null; peak: number | null }[];
}

/**
 * Writes fits fitted from the type curve's wells (decision 029), in one transaction: the phases of
 * `fits` are replaced (the other stored phases are kept), and each phase of `multipliers` has its
 * stored per-well multipliers replaced by `rows` (none: deleted), stamped `appliedAt` now.
 */
export async function writeFitsFromWells(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  id: string,
  fits: TypeCurveFits,
  multipliers: readonly PhaseMultipliers[],
): Promise<StoredFits> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await touchCurve(tx, projectId, id, now);
    await upsertFits(tx, id, fits, now);
    for (const { phase, rows } of multipliers) {
      await tx
        .delete(typeCurveMultipliers)
        .where(and(eq(typeCurveMultipliers.typeCurveId, id), eq(typeCurveMultipliers.phase, phase)));
      if (rows.length === 0) continue;
      await tx.insert(typeCurveMultipliers).values(rows.map((r) => ({ typeCurveId: id, phase, ...r, appliedAt: now })));
    }
    return readFits(tx, id);
  });
}

/** The stored per-well multipliers of a type curve's phase, by well id. */
export async function readMultipliers(
  db: Db,
  id: string,
  phase: Phase,
): Promise<Map<string, { eur: number | null; peak: number | null }>> {
  const rows = await db
    .select()
    .from(typeCurveMultipliers)
    .where(and(eq(typeCurveMultipliers.typeCurveId, id), eq(typeCurveMultipliers.phase, phase)));
  return new Map(rows.map((r) => [r.wellId, { eur: r.eur, peak: r.peak }]));
}

/** The stored fits of each of these type curves (as written: segment fields in jsonb order), keyed by id. */
export async function fitsOfCurves(db: Db, ids: readonly string[]): Promise<Map<string, TypeCurveFits>> {
  const out = new Map<string, TypeCurveFits>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(typeCurveFits)
    .where(inArray(typeCurveFits.typeCurveId, [...ids]));
  for (const r of rows) {
    const fits = out.get(r.typeCurveId) ?? {};
    fits[r.phase] = r.fit as Fit;
    out.set(r.typeCurveId, fits);
  }
  return out;
}

/** The stored normalization documents of these type curves, keyed by id (never-normalized ones left out). */
export async function normalizationsOf(db: Db, ids: readonly string[]): Promise<Map<string, NormalizationInput>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(typeCurveNormalizations)
    .where(inArray(typeCurveNormalizations.typeCurveId, [...ids]));
  return new Map(rows.map((n) => [n.typeCurveId, n.document as NormalizationInput]));
}

/** The stored normalization document of a type curve, or undefined when it was never normalized. */
export async function readNormalization(db: Db, id: string): Promise<NormalizationInput | undefined> {
  const [row] = await db.select().from(typeCurveNormalizations).where(eq(typeCurveNormalizations.typeCurveId, id));
  return row ? (row.document as NormalizationInput) : undefined;
}

/**
 * Replaces a type curve's normalization document (write rule 2). Multipliers are never recomputed
 * (write rule 3): those of the phases the document leaves empty are deleted.
 */
export async function replaceNormalization(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  id: string,
  doc: NormalizationInput,
): Promise<void> {
  const now = deps.clock.now();
  const empty = emptyPhases(doc);
  await deps.db.transaction(async (tx) => {
    await touchCurve(tx, projectId, id, now);
    await tx
      .insert(typeCurveNormalizations)
      .values({ typeCurveId: id, document: doc, updatedAt: now })
      .onConflictDoUpdate({ target: typeCurveNormalizations.typeCurveId, set: { document: doc, updatedAt: now } });
    if (empty.length > 0) {
      await tx
        .delete(typeCurveMultipliers)
        .where(and(eq(typeCurveMultipliers.typeCurveId, id), inArray(typeCurveMultipliers.phase, empty)));
    }
  });
}
