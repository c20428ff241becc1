import {
  PRODUCTION_SUMMARY_FIELDS,
  type ProductionSummaryField,
  RANGE_OPERATORS,
  type RangeOperator,
  type Well,
  type WellInput,
  type WellListQuery,
} from '@econ/contract';
import { and, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { wells } from '../db/schema';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from './listing';

/* The wells of projects in storage. `chosenID` + `dataSource` are unique in the company. */

export type WellRow = typeof wells.$inferSelect;

const optional = <K extends string, V>(key: K, v: V | null): Partial<Record<K, V>> =>
  v === null ? {} : ({ [key]: v } as Record<K, V>);

export const toWell = (r: WellRow): Well => ({
  id: r.id,
  project: r.projectId,
  wellName: r.wellName,
  chosenID: r.chosenId,
  dataSource: r.dataSource as Well['dataSource'],
  ...optional('api14', r.api14),
  ...optional('county', r.county),
  ...optional('state', r.state),
  ...optional('firstProdDate', r.firstProdDate),
  ...optional('perfLateralLength', r.perfLateralLength),
  ...optional('lateralLength', r.lateralLength),
  ...optional('measuredDepth', r.measuredDepth),
  ...optional('trueVerticalDepth', r.trueVerticalDepth),
  ...Object.fromEntries(PRODUCTION_SUMMARY_FIELDS.flatMap((f) => (r[f] === null ? [] : [[f, r[f]]]))),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A new well's production summary: none until production is written. */
const NO_PRODUCTION = Object.fromEntries(PRODUCTION_SUMMARY_FIELDS.map((f) => [f, null])) as Record<
  ProductionSummaryField,
  null
>;

const SQL_OPERATOR: Record<RangeOperator, (c: PgColumn, v: unknown) => SQL> = { gt, ge: gte, lt, le: lte };

/**
 * The project's wells as a list source (sort fields of WELL_SORT), with the range filters on the
 * production summary (`cumOil[ge]`...) that the query holds.
 */
export function wellList(db: Db, projectId: string, query: Partial<WellListQuery> = {}): ListSource<Well> {
  const cols: Record<string, PgColumn> = {
    id: wells.id,
    wellName: wells.wellName,
    chosenID: wells.chosenId,
    api14: wells.api14,
    createdAt: wells.createdAt,
    updatedAt: wells.updatedAt,
    ...Object.fromEntries(PRODUCTION_SUMMARY_FIELDS.map((f) => [f, wells[f]])),
  };
  const ranges = PRODUCTION_SUMMARY_FIELDS.flatMap((f) =>
    RANGE_OPERATORS.flatMap((op) => {
      const v = query[`${f}[${op}]`];
      return v === undefined ? [] : [SQL_OPERATOR[op](wells[f], v)];
    }),
  );
  return tableList(db, wells, and(eq(wells.projectId, projectId), ...ranges), cols, toWell);
}

/** The natural key of a company well. */
export const wellKeyOf = (w: { chosenID: string; dataSource: string }) => `${w.chosenID}\u0000${w.dataSource}`;

/** A well of the project, or undefined. */
export async function findWell(db: Db, projectId: string, id: string): Promise<WellRow | undefined> {
  const [row] = await db
    .select()
    .from(wells)
    .where(and(eq(wells.id, id), eq(wells.projectId, projectId)))
    .limit(1);
  return row;
}

/** The wells of the project among `ids`, in the order of `ids` (unknown ids left out). */
export async function wellsOfProject(db: Db, projectId: string, ids: readonly string[]): Promise<WellRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(wells)
    .where(and(eq(wells.projectId, projectId), inArray(wells.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The keys ({@link wellKeyOf}) the company's wells already hold among those with a `chosenID` of `chosen`. */
export async function takenWellKeys(db: Db, companyId: string, chosen: string[]): Promise<Set<string>> {
  const unique = [...new Set(chosen)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ chosenID: wells.chosenId, dataSource: wells.dataSource })
    .from(wells)
    .where(and(eq(wells.companyId, companyId), inArray(wells.chosenId, unique)));
  return new Set(rows.map(wellKeyOf));
}

/**
 * Inserts wells into a project in one statement; each is one row, written whole or not at all.
 * Returns the stored well of each input, or undefined where its key was taken meanwhile.
 */
export async function insertWells(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: string,
  projectId: string,
  inputs: WellInput[],
): Promise<(Well | undefined)[]> {
  const now = deps.clock.now();
  const rows = inputs.map(
    (w) =>
      ({
        id: newObjectId(deps.clock),
        companyId,
        projectId,
        wellName: w.wellName,
        chosenId: w.chosenID,
        dataSource: w.dataSource,
        api14: w.api14 ?? null,
        county: w.county ?? null,
        state: w.state ?? null,
        firstProdDate: w.firstProdDate ?? null,
        perfLateralLength: w.perfLateralLength ?? null,
        lateralLength: w.lateralLength ?? null,
        measuredDepth: w.measuredDepth ?? null,
        trueVerticalDepth: w.trueVerticalDepth ?? null,
        ...NO_PRODUCTION,
        createdAt: now,
        updatedAt: now,
      }) satisfies typeof wells.$inferInsert,
  );
  const inserted = await deps.db.insert(wells).values(rows).onConflictDoNothing().returning({ id: wells.id });
  const ids = new Set(inserted.map((r) => r.id));
  return rows.map((row) => (ids.has(row.id) ? toWell(row) : undefined));
}

/** Every well id of the project, in id order. */
export async function projectWellIds(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ id: wells.id })
    .from(wells)
    .where(eq(wells.projectId, projectId))
    .orderBy(sql`${wells.id}`);
  return rows.map((r) => r.id);
}
