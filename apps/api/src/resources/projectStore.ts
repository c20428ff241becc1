import type { Project, ProjectInput } from '@econ/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { projects } from '../db/schema';
import { notFound } from '../http/errors';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { scopedTableList } from './listing';

/* Projects in storage: the lookup every project-scoped route starts from, and the bulk create. */

export type ProjectRow = typeof projects.$inferSelect;

export const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The project, scoped to the caller's company, or 404. */
export async function requireProject(
  deps: Pick<Deps, 'db'>,
  companyId: string,
  projectId: string,
): Promise<ProjectRow> {
  const [row] = await deps.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(`No project with id ${projectId}`);
  return row;
}

/** The company's projects as a list source (sort fields of PROJECT_SORT). */
export function projectList(db: Db, companyId: string): ListSource<Project> {
  const cols = { id: projects.id, name: projects.name, createdAt: projects.createdAt, updatedAt: projects.updatedAt };
  return scopedTableList(db, projects, projects.companyId, companyId, cols, toProject);
}

/** The names among `names` that projects of the company already use. */
export async function takenProjectNames(db: Db, companyId: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), inArray(projects.name, names)));
  return new Set(rows.map((r) => r.name));
}

/**
 * Inserts projects in one statement; each is one row, written whole or not at all. Returns the
 * stored project of each input, or undefined where its name was taken meanwhile.
 */
export async function insertProjects(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: string,
  inputs: ProjectInput[],
): Promise<(Project | undefined)[]> {
  const now = deps.clock.now();
  const rows = inputs.map((p) => ({
    id: newObjectId(deps.clock),
    companyId,
    name: p.name,
    createdAt: now,
    updatedAt: now,
  }));
  const inserted = await deps.db.insert(projects).values(rows).onConflictDoNothing().returning({ id: projects.id });
  const ids = new Set(inserted.map((r) => r.id));
  return rows.map((row) => (ids.has(row.id) ? toProject(row) : undefined));
}
