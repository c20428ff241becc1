import type { Tag, TagInput } from '@econ/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import { tags } from '../db/schema';
import type { ListSource } from '../http/paging';
import { newObjectId } from '../ids';
import { tableList } from '../resources/listing';

/* Tags in storage (decision 053). */

type Row = typeof tags.$inferSelect;

const toTag = (r: Row): Tag => ({
  id: r.id,
  name: r.name,
  description: r.description,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The company's tags as a list source (`names`: exact names). */
export function tagList(db: Db, companyId: string, names?: string[]): ListSource<Tag> {
  const where = and(eq(tags.companyId, companyId), names?.length ? inArray(tags.name, names) : undefined);
  const cols = { id: tags.id, name: tags.name, createdAt: tags.createdAt, updatedAt: tags.updatedAt };
  return tableList(db, tags, where, cols, toTag);
}

/** The names among `names` the company's tags hold. */
export async function takenTagNames(db: Db, companyId: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: tags.name })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.name, names)));
  return new Set(rows.map((r) => r.name));
}

/** Inserts tags in one statement; each stored tag, or undefined where its name was taken meanwhile. */
export async function insertTags(
  deps: { db: Db; clock: Clock },
  companyId: string,
  inputs: TagInput[],
): Promise<(Tag | undefined)[]> {
  const now = deps.clock.now();
  const rows = inputs.map((t) => ({
    id: newObjectId(deps.clock),
    companyId,
    name: t.name,
    description: t.description,
    createdAt: now,
    updatedAt: now,
  }));
  const inserted = await deps.db.insert(tags).values(rows).onConflictDoNothing().returning({ id: tags.id });
  const ids = new Set(inserted.map((r) => r.id));
  return rows.map((r) => (ids.has(r.id) ? toTag(r) : undefined));
}
