import type {
  EconMonthlyExportRow,
  EconMonthlyResultColumn,
  EconOneLiner,
  EconOneLinerRow,
  EconRun,
  EconRunRootQuery,
  MonthlyEconResults,
  MonthlyExportFilters,
} from '@econ/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { econMonthlyExports, econRuns, econRunWells, projects, scenarios, wells } from '../db/schema';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from '../resources/listing';
import { packedValues, pageSpans } from './results';
import { exportRows, oneLinerRow, resultColumns } from './serviceShapes';
import { type EconRunRow, runView } from './store';

/*
 * Persistence of the service-shaped result routes (decision 045): the company's runs, a one-liner
 * by id, monthly results by well, and monthly exports (a saved filter over a complete run's rows).
 */

/** The ids of the company's projects, as a subquery. */
const companyProjects = (db: Db, companyId: string) =>
  db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, companyId));

/** The company's runs across projects, filtered by project, scenario and status. */
export function companyRunList(db: Db, companyId: string, q: EconRunRootQuery): ListSource<EconRun> {
  const where = and(
    inArray(econRuns.projectId, companyProjects(db, companyId)),
    q.project === undefined ? undefined : eq(econRuns.projectId, q.project),
    q.scenario === undefined ? undefined : eq(econRuns.scenarioId, q.scenario),
    q.status === undefined ? undefined : eq(econRuns.status, q.status),
  );
  const cols = {
    id: econRuns.id,
    runDate: econRuns.runDate,
    createdAt: econRuns.createdAt,
    updatedAt: econRuns.updatedAt,
  };
  return tableList(db, econRuns, where, cols, runView);
}

/** The run with this id if it is one of the company's. */
export async function findCompanyRun(db: Db, companyId: string, id: string): Promise<EconRunRow | undefined> {
  const [row] = await db
    .select()
    .from(econRuns)
    .where(and(eq(econRuns.id, id), inArray(econRuns.projectId, companyProjects(db, companyId))))
    .limit(1);
  return row;
}

/** The one-liner row of a run with this result-row id, if there is one. */
export async function findOneLiner(db: Db, runId: string, id: string): Promise<EconOneLinerRow | undefined> {
  const [row] = await db
    .select({ oneLiner: econRunWells.oneLiner, comboName: econRunWells.comboName, id: econRunWells.id })
    .from(econRunWells)
    .where(and(eq(econRunWells.runId, runId), eq(econRunWells.id, id)))
    .limit(1);
  return row && oneLinerRow(row.oneLiner as EconOneLiner, row.id, row.comboName);
}

const packedOf = (r: { columns: unknown; firstMonth: string | null; months: number; monthly: Uint8Array }) => ({
  columns: r.columns as never,
  firstMonth: r.firstMonth,
  months: r.months,
  data: packedValues(r.monthly),
});

const ofFilters = (runId: string, f: MonthlyExportFilters): SQL | undefined =>
  and(
    eq(econRunWells.runId, runId),
    f.well === undefined ? undefined : eq(econRunWells.wellId, f.well),
    f.comboName === undefined ? undefined : eq(econRunWells.comboName, f.comboName),
  );

/** Wells whose packed data is read at once (each up to ~48 columns × 600 months of float64). */
const READ_BATCH = 20;

/**
 * One page of monthly results: wells (combo and well pairs, in combo then well order) `skip` to
 * `skip + take`, each asked column as a list by month, grouped by combo; and whether more follow.
 */
export async function monthlyResultsPage(
  db: Db,
  run: EconRunRow,
  q: MonthlyExportFilters & { skip: number; take: number },
  columns: readonly EconMonthlyResultColumn[],
): Promise<{ body: MonthlyEconResults; hasNext: boolean }> {
  const keys = await db
    .select({ comboName: econRunWells.comboName, wellId: econRunWells.wellId, chosenId: wells.chosenId })
    .from(econRunWells)
    .leftJoin(wells, eq(wells.id, econRunWells.wellId))
    .where(ofFilters(run.id, q))
    .orderBy(asc(econRunWells.comboName), asc(econRunWells.wellId))
    .offset(q.skip)
    .limit(q.take + 1);
  const hasNext = keys.length > q.take;
  if (hasNext) keys.length = q.take;
  const [scenario] = await db
    .select({ name: scenarios.name })
    .from(scenarios)
    .where(eq(scenarios.id, run.scenarioId))
    .limit(1);
  const combos: MonthlyEconResults['combos'] = [];
  for (let start = 0; start < keys.length; start += READ_BATCH) {
    const batch = keys.slice(start, start + READ_BATCH);
    for (const comboName of new Set(batch.map((k) => k.comboName))) {
      const inCombo = batch.filter((k) => k.comboName === comboName);
      const stored = await db
        .select({
          wellId: econRunWells.wellId,
          columns: econRunWells.columns,
          firstMonth: econRunWells.firstMonth,
          months: econRunWells.months,
          monthly: econRunWells.monthly,
        })
        .from(econRunWells)
        .where(
          and(
            eq(econRunWells.runId, run.id),
            eq(econRunWells.comboName, comboName),
            inArray(
              econRunWells.wellId,
              inCombo.map((k) => k.wellId),
            ),
          ),
        );
      const byWell = new Map(stored.map((s) => [s.wellId, s]));
      let group = combos.at(-1);
      if (group?.combo_name !== comboName) {
        group = { combo_name: comboName, wells: [] };
        combos.push(group);
      }
      for (const k of inCombo) {
        const s = byWell.get(k.wellId);
        if (!s) continue;
        group.wells.push({
          well_id: k.wellId,
          well_chosen_id: k.chosenId ?? '',
          columns: resultColumns(packedOf(s), columns),
        });
      }
    }
  }
  return { body: { combos, scenario_id: run.scenarioId, scenario_name: scenario?.name ?? '' }, hasNext };
}

/** Saves a monthly export of a run: its filters (the rows are the run's, read when paged). */
export async function insertExport(
  deps: Pick<Deps, 'db' | 'clock'>,
  runId: string,
  filters: MonthlyExportFilters,
): Promise<string> {
  const id = newObjectId(deps.clock);
  await deps.db.insert(econMonthlyExports).values({ id, runId, filters, createdAt: deps.clock.now() });
  return id;
}

/** The filters of a run's monthly export, if the export exists. */
export async function findExport(db: Db, runId: string, id: string): Promise<MonthlyExportFilters | undefined> {
  const [row] = await db
    .select({ filters: econMonthlyExports.filters })
    .from(econMonthlyExports)
    .where(and(eq(econMonthlyExports.runId, runId), eq(econMonthlyExports.id, id)))
    .limit(1);
  return row?.filters;
}

/** How many rows an export with these filters holds (the service's `HEAD …/monthly-exports`). */
export async function exportRowCount(db: Db, runId: string, f: MonthlyExportFilters): Promise<number> {
  const [row] = await db
    .select({ rows: sql<string | number | null>`sum(${econRunWells.months})` })
    .from(econRunWells)
    .where(ofFilters(runId, f));
  return Number(row?.rows ?? 0);
}

/**
 * Rows `skip` to `skip + take` of an export (combo, well, then month order) and whether more
 * follow. Month counts are read first (one small row per well), then only the wells the page touches.
 */
export async function exportPage(
  db: Db,
  runId: string,
  f: MonthlyExportFilters,
  skip: number,
  take: number,
): Promise<{ rows: EconMonthlyExportRow[]; hasNext: boolean }> {
  const counts = await db
    .select({ comboName: econRunWells.comboName, wellId: econRunWells.wellId, months: econRunWells.months })
    .from(econRunWells)
    .where(ofFilters(runId, f))
    .orderBy(asc(econRunWells.comboName), asc(econRunWells.wellId));
  const rows: EconMonthlyExportRow[] = [];
  for (const span of pageSpans(counts, skip, take)) {
    const [stored] = await db
      .select({
        columns: econRunWells.columns,
        firstMonth: econRunWells.firstMonth,
        months: econRunWells.months,
        monthly: econRunWells.monthly,
      })
      .from(econRunWells)
      .where(
        and(
          eq(econRunWells.runId, runId),
          eq(econRunWells.comboName, span.comboName),
          eq(econRunWells.wellId, span.wellId),
        ),
      );
    if (stored) rows.push(...exportRows(span.wellId, span.comboName, packedOf(stored), span.from, span.to));
  }
  const total = counts.reduce((n, w) => n + w.months, 0);
  return { rows, hasNext: total > skip + take };
}
