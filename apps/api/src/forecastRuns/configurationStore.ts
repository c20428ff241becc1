import type {
  ForecastConfiguration,
  ForecastConfigurationInput,
  ForecastConfigurationPatch,
  ForecastSettings,
} from '@econ/contract';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/pgErrors';
import { forecastConfigurations } from '../db/schema';
import { type Applied, twice } from '../http/batch';
import { conflict, notFound } from '../http/errors';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from '../resources/listing';

/* Saved auto-forecast settings in storage: a company's named ForecastSettings (names unique per company). */

type Row = typeof forecastConfigurations.$inferSelect;

export const configurationView = (r: Row): ForecastConfiguration => ({
  id: r.id,
  name: r.name,
  settings: r.settings as ForecastSettings,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The configuration of the company with this id, or 404 naming `field`. */
export async function requireConfiguration(db: Db, companyId: string, id: string, field = 'path.id'): Promise<Row> {
  const [row] = await db
    .select()
    .from(forecastConfigurations)
    .where(and(eq(forecastConfigurations.companyId, companyId), eq(forecastConfigurations.id, id)))
    .limit(1);
  if (!row) {
    throw notFound(`No forecast configuration with id ${id}`, [
      { field, rule: 'existing configuration', value: id, message: `no forecast configuration with id ${id}` },
    ]);
  }
  return row;
}

export const nameTaken = (name: string, earlier?: number) =>
  twice(
    { field: 'name', rule: 'unique name', value: name, message: `a forecast configuration named "${name}" exists` },
    earlier,
  );

/** Writes one record (its own transaction): create, upsert by name, or patch by id. */
export async function writeConfiguration(
  deps: Deps,
  companyId: string,
  mode: 'post' | 'put' | 'patch',
  v: ForecastConfigurationInput | ForecastConfigurationPatch,
): Promise<Applied> {
  const { db, clock } = deps;
  const now = clock.now();
  const byName = async (name: string) =>
    (
      await db
        .select()
        .from(forecastConfigurations)
        .where(and(eq(forecastConfigurations.companyId, companyId), eq(forecastConfigurations.name, name)))
        .for('update')
    )[0];
  if (mode === 'patch') {
    const p = v as ForecastConfigurationPatch;
    const row = await requireConfiguration(db, companyId, p.id, 'id');
    const name = p.name ?? row.name;
    const other = name === row.name ? undefined : await byName(name);
    if (other) throw conflict(`a forecast configuration named "${name}" exists`, [nameTaken(name)]);
    await db
      .update(forecastConfigurations)
      .set({ name, settings: p.settings ?? row.settings, updatedAt: now })
      .where(eq(forecastConfigurations.id, row.id));
    return { code: 200, fields: { id: row.id, name } };
  }
  const input = v as ForecastConfigurationInput;
  const existing = await byName(input.name);
  if (existing && mode === 'post')
    throw conflict(`a forecast configuration named "${input.name}" exists`, [nameTaken(input.name)]);
  if (existing) {
    await db
      .update(forecastConfigurations)
      .set({ settings: input.settings, updatedAt: now })
      .where(eq(forecastConfigurations.id, existing.id));
    return { code: 200, fields: { id: existing.id, name: input.name } };
  }
  const id = newObjectId(clock);
  try {
    await db.insert(forecastConfigurations).values({
      id,
      companyId,
      name: input.name,
      settings: input.settings,
      createdAt: now,
      updatedAt: now,
    });
  } catch (e) {
    // Another request created the name since it was looked up.
    if (isUniqueViolation(e))
      throw conflict(`a forecast configuration named "${input.name}" exists`, [nameTaken(input.name)]);
    throw e;
  }
  return { code: 201, fields: { id, name: input.name } };
}

/** The company's configurations, as a list (sorted by id, name or timestamps). */
export function configurationList(db: Db, companyId: string): ListSource<ForecastConfiguration> {
  const cols = {
    id: forecastConfigurations.id,
    name: forecastConfigurations.name,
    createdAt: forecastConfigurations.createdAt,
    updatedAt: forecastConfigurations.updatedAt,
  };
  return tableList(
    db,
    forecastConfigurations,
    eq(forecastConfigurations.companyId, companyId),
    cols,
    configurationView,
  );
}

/** Deletes the company's configuration with this id; how many were deleted (0 or 1). */
export async function deleteConfiguration(db: Db, companyId: string, id: string): Promise<number> {
  const deleted = await db
    .delete(forecastConfigurations)
    .where(and(eq(forecastConfigurations.companyId, companyId), eq(forecastConfigurations.id, id)))
    .returning({ id: forecastConfigurations.id });
  return deleted.length;
}
