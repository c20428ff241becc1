import type { DataFrequency, ForecastKind, Phase, Series, StoredSegment } from '@econ/contract';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { forecastPhases, forecastSeries } from '../db/schema';
import type { PhaseRow, SeriesRow } from './store';

/*
 * The forecast parameters in storage (spec parts 2.8 and 4.3): one well, phase and series's
 * segments, and how the phase is forecast (its kind), written whole under a lock on the well.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One well, phase and series of a forecast. */
export interface Combination {
  forecastId: string;
  wellId: string;
  phase: Phase;
  series: Series;
}

/** How a well and phase is forecast; the single-combination (V1) routes keep it, the bulk PUT sets it. */
export interface PhaseKind {
  forecastType: ForecastKind;
  basePhase: Phase | undefined;
  dataFrequency: DataFrequency;
}

export const DEFAULT_KIND: PhaseKind = { forecastType: 'rate', basePhase: undefined, dataFrequency: 'monthly' };

const seriesKey = (k: Combination) =>
  and(
    eq(forecastSeries.forecastId, k.forecastId),
    eq(forecastSeries.wellId, k.wellId),
    eq(forecastSeries.phase, k.phase),
    eq(forecastSeries.series, k.series),
  );

/** The stored phase kind of a combination (or undefined) and its segments (or undefined). */
export async function readCombination(
  db: Db,
  k: Combination,
): Promise<{ phase: PhaseRow | undefined; series: SeriesRow | undefined }> {
  const [[series], [phase]] = await Promise.all([
    db.select().from(forecastSeries).where(seriesKey(k)).limit(1),
    db
      .select()
      .from(forecastPhases)
      .where(
        and(
          eq(forecastPhases.forecastId, k.forecastId),
          eq(forecastPhases.wellId, k.wellId),
          eq(forecastPhases.phase, k.phase),
        ),
      )
      .limit(1),
  ]);
  return { phase, series: series as SeriesRow | undefined };
}

/** The phase rows of one well of a forecast, locked for the rest of the transaction. */
async function lockWellPhases(tx: Tx, forecastId: string, wellId: string): Promise<PhaseRow[]> {
  return tx
    .select()
    .from(forecastPhases)
    .where(and(eq(forecastPhases.forecastId, forecastId), eq(forecastPhases.wellId, wellId)))
    .for('update');
}

/**
 * Why a well's phases would not form valid ratio forecasts once `phase` takes `kind`, or
 * undefined: a ratio must be based on a rate phase, so a phase that is the base of another
 * phase's ratio cannot itself become a ratio.
 */
export function ratioConflict(
  existing: PhaseRow[],
  phase: Phase,
  kind: PhaseKind,
): { field: 'basePhase' | 'forecastType'; message: string } | undefined {
  if (kind.forecastType !== 'ratio' || !kind.basePhase) return undefined;
  const base = existing.find((p) => p.phase === kind.basePhase);
  if (base?.forecastType === 'ratio') {
    return {
      field: 'basePhase',
      message: `basePhase ${kind.basePhase} is itself a ratio forecast (on ${base.basePhase}); a ratio must be based on a rate phase`,
    };
  }
  const dependant = existing.find((p) => p.phase !== phase && p.forecastType === 'ratio' && p.basePhase === phase);
  if (dependant) {
    return {
      field: 'forecastType',
      message: `${phase} is the base of the ${dependant.phase} ratio forecast, so it must stay a rate forecast`,
    };
  }
  return undefined;
}

export type WriteOutcome = { ok: true } | { ok: false; field: string; message: string };

/**
 * Writes the segments of one combination in one transaction (applied whole or not at all).
 * `mode: 'insert'` fails when segments exist; `'replace'` replaces them. `kind` (bulk PUT) sets
 * how the phase is forecast; without it a new phase is a monthly rate forecast and an existing
 * one keeps its kind.
 */
export async function writeCombination(
  db: Db,
  now: Date,
  k: Combination,
  segments: StoredSegment[],
  mode: 'insert' | 'replace',
  kind?: PhaseKind,
): Promise<WriteOutcome> {
  return db
    .transaction(async (tx) => {
      const phases = await lockWellPhases(tx, k.forecastId, k.wellId);
      const current = phases.find((p) => p.phase === k.phase);
      if (kind) {
        const conflict = ratioConflict(phases, k.phase, kind);
        if (conflict) return { ok: false, ...conflict } as const;
      }
      const next = kind ?? (current ? undefined : DEFAULT_KIND);
      if (next) {
        const values = {
          forecastType: next.forecastType,
          basePhase: next.basePhase ?? null,
          dataFrequency: next.dataFrequency,
          updatedAt: now,
        };
        await tx
          .insert(forecastPhases)
          .values({ forecastId: k.forecastId, wellId: k.wellId, phase: k.phase, ...values, createdAt: now })
          .onConflictDoUpdate({
            target: [forecastPhases.forecastId, forecastPhases.wellId, forecastPhases.phase],
            set: values,
          });
      } else {
        await tx
          .update(forecastPhases)
          .set({ updatedAt: now })
          .where(
            and(
              eq(forecastPhases.forecastId, k.forecastId),
              eq(forecastPhases.wellId, k.wellId),
              eq(forecastPhases.phase, k.phase),
            ),
          );
      }
      const row = { ...k, segments, segmentsCount: segments.length, createdAt: now, updatedAt: now };
      if (mode === 'insert') {
        const inserted = await tx
          .insert(forecastSeries)
          .values(row)
          .onConflictDoNothing()
          .returning({ n: forecastSeries.segmentsCount });
        if (inserted.length === 0) {
          tx.rollback();
        }
      } else {
        await tx
          .insert(forecastSeries)
          .values(row)
          .onConflictDoUpdate({
            target: [forecastSeries.forecastId, forecastSeries.wellId, forecastSeries.phase, forecastSeries.series],
            set: { segments, segmentsCount: segments.length, updatedAt: now },
          });
      }
      return { ok: true } as const;
    })
    .catch((err: unknown) => {
      if (isRollback(err)) {
        return {
          ok: false,
          field: 'segments',
          message: `segments already exist for well ${k.wellId}, ${k.phase}, ${k.series}; use PUT to replace them`,
        } as const;
      }
      throw err;
    });
}

const isRollback = (err: unknown): boolean => err instanceof TransactionRollbackError;

/**
 * Deletes the segments of one combination; returns how many segments were deleted. A phase
 * left with no series is deleted with it.
 */
export async function deleteCombination(db: Db, k: Combination): Promise<number> {
  return db.transaction(async (tx) => {
    await lockWellPhases(tx, k.forecastId, k.wellId);
    const deleted = await tx.delete(forecastSeries).where(seriesKey(k)).returning({ n: forecastSeries.segmentsCount });
    const count = deleted.reduce((sum, r) => sum + r.n, 0);
    if (count > 0) {
      await tx.execute(sql`
        delete from ${forecastPhases} p
        where p.forecast_id = ${k.forecastId} and p.well_id = ${k.wellId} and p.phase = ${k.phase}
          and not exists (
            select 1 from ${forecastSeries} s
            where s.forecast_id = p.forecast_id and s.well_id = p.well_id and s.phase = p.phase)`);
    }
    return count;
  });
}
