import {
  type OwnershipQualifier,
  type OwnershipQualifierInput,
  type OwnershipReversionFunctions,
  ownershipReversionView,
} from '@econ/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import { ownershipQualifiers, wells } from '../db/schema';
import { type ListSource, sortOf } from '../http/paging';
import { newObjectId } from '../ids';

/* Ownership qualifiers in storage (decision 053): one row per well and qualifier key. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/** What is stored in `ownership`: the validated object and the name clients gave it. */
interface Stored {
  ownership: OwnershipReversionFunctions['ownership'];
  name?: string;
}

const COLUMNS = {
  id: ownershipQualifiers.id,
  well: ownershipQualifiers.wellId,
  qualifierKey: ownershipQualifiers.qualifierKey,
  createdAt: ownershipQualifiers.createdAt,
  updatedAt: ownershipQualifiers.updatedAt,
};

const select = {
  id: ownershipQualifiers.id,
  wellId: ownershipQualifiers.wellId,
  chosenId: wells.chosenId,
  dataSource: wells.dataSource,
  qualifierKey: ownershipQualifiers.qualifierKey,
  ownership: ownershipQualifiers.ownership,
  createdAt: ownershipQualifiers.createdAt,
  updatedAt: ownershipQualifiers.updatedAt,
};

type Row = { [K in keyof typeof select]: unknown } & { createdAt: Date; updatedAt: Date };

function toQualifier(r: Row): OwnershipQualifier {
  const stored = r.ownership as Stored;
  const view = ownershipReversionView({ ownership: stored.ownership }).ownership;
  return {
    id: r.id as string,
    well: r.wellId as string,
    chosenID: r.chosenId as string,
    dataSource: r.dataSource as string,
    qualifierKey: r.qualifierKey as string,
    ownership: { ...(stored.name === undefined ? {} : { name: stored.name }), ...view },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface QualifierFilter {
  well?: string[] | undefined;
  chosenID?: string[] | undefined;
  qualifierKey?: string[] | undefined;
}

/** The company's ownership qualifiers as a list source. */
export function qualifierList(db: Db, companyId: string, f: QualifierFilter): ListSource<OwnershipQualifier> {
  const where = and(
    eq(ownershipQualifiers.companyId, companyId),
    f.well?.length ? inArray(ownershipQualifiers.wellId, f.well) : undefined,
    f.chosenID?.length ? inArray(wells.chosenId, f.chosenID) : undefined,
    f.qualifierKey?.length ? inArray(ownershipQualifiers.qualifierKey, f.qualifierKey) : undefined,
  );
  const base = () =>
    db.select(select).from(ownershipQualifiers).innerJoin(wells, eq(wells.id, ownershipQualifiers.wellId));
  return {
    async page(page, limit) {
      const { field, desc: d } = sortOf(page.sort);
      const col = COLUMNS[field as keyof typeof COLUMNS] ?? ownershipQualifiers.id;
      const order = d ? [desc(col), desc(ownershipQualifiers.id)] : [asc(col), asc(ownershipQualifiers.id)];
      const rows = await base()
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit);
      return rows.map((r) => toQualifier(r as Row));
    },
    async count() {
      const [row] = await db
        .select({ n: count() })
        .from(ownershipQualifiers)
        .innerJoin(wells, eq(wells.id, ownershipQualifiers.wellId))
        .where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/** One ownership qualifier of the company, or undefined. */
export async function findQualifier(db: Db, companyId: string, id: string): Promise<OwnershipQualifier | undefined> {
  const [row] = await db
    .select(select)
    .from(ownershipQualifiers)
    .innerJoin(wells, eq(wells.id, ownershipQualifiers.wellId))
    .where(and(eq(ownershipQualifiers.id, id), eq(ownershipQualifiers.companyId, companyId)))
    .limit(1);
  return row ? toQualifier(row as Row) : undefined;
}

/** The company's wells named by the records, by id and by `chosenID\0dataSource`. */
export async function companyWellsOf(db: Db, companyId: string, records: OwnershipQualifierInput[]) {
  const ids = [...new Set(records.flatMap((r) => (r.well ? [r.well] : [])))];
  const chosen = [...new Set(records.flatMap((r) => (r.well ? [] : [r.chosenID!])))];
  const conds: SQL[] = [];
  if (ids.length) conds.push(inArray(wells.id, ids));
  if (chosen.length) conds.push(inArray(wells.chosenId, chosen));
  const byId = new Map<string, { id: string; chosenID: string; dataSource: string }>();
  const byKey = new Map<string, string>();
  if (conds.length === 0) return { byId, byKey };
  const rows = await db
    .select({ id: wells.id, chosenId: wells.chosenId, dataSource: wells.dataSource })
    .from(wells)
    .where(and(eq(wells.companyId, companyId), sql.join(conds, sql` OR `)));
  for (const w of rows) {
    byId.set(w.id, { id: w.id, chosenID: w.chosenId, dataSource: w.dataSource });
    byKey.set(`${w.chosenId}\u0000${w.dataSource}`, w.id);
  }
  return { byId, byKey };
}

/** Per well, its qualifier keys already stored. */
export async function storedKeys(db: Db, wellIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (wellIds.length === 0) return out;
  const rows = await db
    .select({ wellId: ownershipQualifiers.wellId, key: ownershipQualifiers.qualifierKey })
    .from(ownershipQualifiers)
    .where(inArray(ownershipQualifiers.wellId, wellIds));
  for (const r of rows) {
    const keys = out.get(r.wellId) ?? new Set<string>();
    keys.add(r.key);
    out.set(r.wellId, keys);
  }
  return out;
}

/**
 * Writes one qualifier: `create` inserts (undefined when the well has the key), `upsert` replaces
 * the well's qualifier of that key or inserts.
 */
export async function writeQualifier(
  deps: { db: Conn; clock: Clock },
  companyId: string,
  wellId: string,
  r: OwnershipQualifierInput,
  mode: 'create' | 'upsert',
): Promise<{ id: string; inserted: boolean } | undefined> {
  const now = deps.clock.now();
  const ownership: Stored = {
    ownership: r.ownership,
    ...(r.ownershipName === undefined ? {} : { name: r.ownershipName }),
  };
  const insert = deps.db.insert(ownershipQualifiers).values({
    id: newObjectId(deps.clock),
    companyId,
    wellId,
    qualifierKey: r.qualifierKey,
    ownership,
    createdAt: now,
    updatedAt: now,
  });
  const [row] =
    mode === 'create'
      ? await insert.onConflictDoNothing().returning({ id: ownershipQualifiers.id, inserted: sql<boolean>`true` })
      : await insert
          .onConflictDoUpdate({
            target: [ownershipQualifiers.wellId, ownershipQualifiers.qualifierKey],
            set: { ownership, updatedAt: now },
          })
          .returning({ id: ownershipQualifiers.id, inserted: sql<boolean>`(xmax = 0)` });
  return row;
}
