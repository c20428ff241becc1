import {
  type EconModelKind,
  type EconMonthlyRow,
  type EconOneLiner,
  type EconOneLinerRow,
  type EconRun,
  QUALIFIER_DEFAULT,
  type RunCombo,
} from '@econ/contract';
import { and, asc, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { econModels, econRuns, econRunWells, scenarioWells, wells } from '../db/schema';
import { notFound } from '../http/errors';
import { type ListSource, sortOf } from '../http/paging';
import { newObjectId } from '../ids';
import { scopedTableList } from '../resources/listing';
import { monthlyRows, packedValues, pageSpans } from './results';
import { oneLinerRow } from './serviceShapes';

export type EconRunRow = typeof econRuns.$inferSelect;
export type EconRunWellRow = typeof econRunWells.$inferSelect;

/** The API view of a run row. */
export function runView(r: EconRunRow): EconRun {
  return {
    id: r.id,
    project: r.projectId,
    scenario: r.scenarioId,
    status: r.status,
    runDate: r.runDate.toISOString(),
    forecast: r.forecastId,
    qualifiers: r.qualifiers as Partial<Record<EconModelKind, string>>,
    combos: runCombos(r),
    progress: { wellsTotal: r.wellsTotal, wellsDone: r.wellsDone, wellsFailed: r.wellsFailed },
    incomeTax: r.incomeTax,
    ...(r.startedAt ? { startedAt: r.startedAt.toISOString() } : {}),
    ...(r.finishedAt ? { finishedAt: r.finishedAt.toISOString() } : {}),
    ...(r.error ? { error: r.error } : {}),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The combos a run computes: its stored list, or one combo `default` of its qualifiers (runs before combos). */
export function runCombos(r: Pick<EconRunRow, 'combos' | 'qualifiers'>): RunCombo[] {
  const combos = r.combos as RunCombo[];
  if (combos.length > 0) return combos;
  return [{ comboName: QUALIFIER_DEFAULT, qualifiers: r.qualifiers as Partial<Record<EconModelKind, string>> }];
}

/** The run with this id, if there is one (of this scenario and project, when they are given). */
export async function findRun(
  db: Db,
  id: string,
  of: { scenarioId?: string; projectId?: string } = {},
): Promise<EconRunRow | undefined> {
  const [row] = await db
    .select()
    .from(econRuns)
    .where(
      and(
        eq(econRuns.id, id),
        of.scenarioId === undefined ? undefined : eq(econRuns.scenarioId, of.scenarioId),
        of.projectId === undefined ? undefined : eq(econRuns.projectId, of.projectId),
      ),
    )
    .limit(1);
  return row;
}

/** The run of this scenario, or 404 naming it. */
export async function requireRun(db: Db, scenarioId: string, id: string): Promise<EconRunRow> {
  const row = await findRun(db, id, { scenarioId });
  if (!row) throw notFound(`No econ run with id ${id} in scenario ${scenarioId}`);
  return row;
}

/** What a new run is made of (it starts `pending`, dated now). */
export interface NewRun {
  projectId: string;
  scenarioId: string;
  forecastId: string;
  qualifiers: Partial<Record<EconModelKind, string>>;
  /** Empty: one combo `default` of `qualifiers`. */
  combos: RunCombo[];
  wellsTotal: number;
}

/** Queues a run: a `pending` row any worker may take. */
export async function insertRun(deps: Pick<Deps, 'db' | 'clock'>, run: NewRun): Promise<EconRunRow> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(econRuns)
    .values({ id: newObjectId(deps.clock), status: 'pending', runDate: now, ...run, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** The runs of a scenario, as a list (sorted by id, run date or timestamps). */
export function runList(db: Db, scenarioId: string): ListSource<EconRun> {
  const cols = {
    id: econRuns.id,
    runDate: econRuns.runDate,
    createdAt: econRuns.createdAt,
    updatedAt: econRuns.updatedAt,
  };
  return scopedTableList(db, econRuns, econRuns.scenarioId, scenarioId, cols, runView);
}

const ONE_LINER_COLUMNS = {
  comboName: econRunWells.comboName,
  wellName: econRunWells.wellName,
  well: econRunWells.wellId,
  firstDiscountNpv: econRunWells.firstDiscountNpv,
  secondDiscountNpv: econRunWells.secondDiscountNpv,
  bfit: econRunWells.bfit,
  irr: econRunWells.irr,
  econLimitDate: econRunWells.econLimitDate,
} as const;

/** A filter of one-liners: a combo, and the wells whose assigned reserves category has these values. */
export type OneLinerFilter = Partial<Record<'prmsClass' | 'prmsCategory' | 'prmsSubCategory' | 'comboName', string>>;

/**
 * The one-liners of a run, as a list: sorted on a money or name field, nulls last either way, ties
 * by combo and well id. Rows carry our fields and the service's `id` and `output` (decision 045).
 */
export function oneLinerList(db: Db, runId: string, filter: OneLinerFilter = {}): ListSource<EconOneLinerRow> {
  const { comboName, ...reserves } = filter;
  const conditions = Object.entries(reserves)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => sql`${econRunWells.oneLiner} -> 'reservesCategory' ->> ${k} = ${v}`);
  if (comboName !== undefined) conditions.push(eq(econRunWells.comboName, comboName));
  const where = and(eq(econRunWells.runId, runId), ...conditions);
  return {
    async page(page, limit) {
      const { field, desc: descending } = sortOf(page.sort);
      const column = ONE_LINER_COLUMNS[field as keyof typeof ONE_LINER_COLUMNS] ?? econRunWells.wellId;
      const order: SQL[] = descending
        ? [sql`${column} DESC NULLS LAST`, desc(econRunWells.comboName), desc(econRunWells.wellId)]
        : [sql`${column} ASC NULLS LAST`, asc(econRunWells.comboName), asc(econRunWells.wellId)];
      const rows = await db
        .select({ oneLiner: econRunWells.oneLiner, comboName: econRunWells.comboName, id: econRunWells.id })
        .from(econRunWells)
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit);
      return rows.map((r) => oneLinerRow(r.oneLiner as EconOneLiner, r.id, r.comboName));
    },
    count: async () => {
      if (conditions.length === 0) return storedWellCount(db, runId);
      const [row] = await db.select({ n: count() }).from(econRunWells).where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/**
 * Rows `skip` to `skip + take` of a run's monthly rows (ordered by well id, then month; `well` keeps
 * one well), and how many rows there are in all. Month counts are read first (small), then the
 * packed data of the wells the page touches only.
 */
export async function monthlyPage(
  db: Db,
  runId: string,
  q: { well?: string | undefined; comboName?: string | undefined; skip: number; take: number },
): Promise<{ rows: EconMonthlyRow[]; total: number }> {
  const ofRun = eq(econRunWells.runId, runId);
  const counts = await db
    .select({ comboName: econRunWells.comboName, wellId: econRunWells.wellId, months: econRunWells.months })
    .from(econRunWells)
    .where(
      and(
        ofRun,
        q.well ? eq(econRunWells.wellId, q.well) : undefined,
        q.comboName !== undefined ? eq(econRunWells.comboName, q.comboName) : undefined,
      ),
    )
    .orderBy(asc(econRunWells.comboName), asc(econRunWells.wellId));
  const rows: EconMonthlyRow[] = [];
  for (const span of pageSpans(counts, q.skip, q.take)) {
    const [stored] = await db
      .select()
      .from(econRunWells)
      .where(and(ofRun, eq(econRunWells.comboName, span.comboName), eq(econRunWells.wellId, span.wellId)));
    if (!stored) continue;
    const packed = {
      columns: stored.columns as never,
      firstMonth: stored.firstMonth,
      months: stored.months,
      data: packedValues(stored.monthly),
    };
    rows.push(...monthlyRows(span.wellId, span.comboName, packed, span.from, span.to));
  }
  return { rows, total: counts.reduce((n, w) => n + w.months, 0) };
}

/** The wells of a scenario with the headers a run reads, by id. */
export async function scenarioWellHeaders(db: Db, scenarioId: string) {
  return db
    .select({
      id: wells.id,
      wellName: wells.wellName,
      firstProdDate: wells.firstProdDate,
      lateralLength: wells.lateralLength,
      perfLateralLength: wells.perfLateralLength,
      measuredDepth: wells.measuredDepth,
      trueVerticalDepth: wells.trueVerticalDepth,
      firstProdDateDailyCalc: wells.firstProdDateDailyCalc,
      firstProdDateMonthlyCalc: wells.firstProdDateMonthlyCalc,
      lastProdDateDaily: wells.lastProdDateDaily,
      lastProdDateMonthly: wells.lastProdDateMonthly,
    })
    .from(scenarioWells)
    .innerJoin(wells, eq(wells.id, scenarioWells.wellId))
    .where(eq(scenarioWells.scenarioId, scenarioId))
    .orderBy(asc(wells.id));
}

/** The stored functions of the econ models with these ids, by id. */
export async function modelFunctions(
  db: Db,
  ids: readonly string[],
  kind?: EconModelKind,
): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: econModels.id, functions: econModels.functions })
    .from(econModels)
    .where(and(inArray(econModels.id, [...ids]), kind ? eq(econModels.kind, kind) : undefined));
  for (const r of rows) out.set(r.id, r.functions);
  return out;
}

/**
 * The stored wells of a run after `after` (combo name and well id), at most `limit`, in combo then
 * well-id order.
 */
export async function runWellsAfter(
  db: Db,
  runId: string,
  after: { comboName: string; wellId: string },
  limit: number,
): Promise<EconRunWellRow[]> {
  return db
    .select()
    .from(econRunWells)
    .where(
      and(
        eq(econRunWells.runId, runId),
        or(
          gt(econRunWells.comboName, after.comboName),
          and(eq(econRunWells.comboName, after.comboName), gt(econRunWells.wellId, after.wellId)),
        ),
      ),
    )
    .orderBy(asc(econRunWells.comboName), asc(econRunWells.wellId))
    .limit(limit);
}

/** The combo names of a run's stored results, sorted. */
export async function runComboNames(db: Db, runId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ comboName: econRunWells.comboName })
    .from(econRunWells)
    .where(eq(econRunWells.runId, runId))
    .orderBy(asc(econRunWells.comboName));
  return rows.map((r) => r.comboName);
}

/** Wells stored for a run (all of them once it is complete). */
export async function storedWellCount(db: Db, runId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(econRunWells).where(eq(econRunWells.runId, runId));
  return Number(row?.n ?? 0);
}
