import type { PagingQuery } from '@econ/contract';
import { asc, count, desc, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';
import type { ListSource } from '../http/paging';
import { sortOf } from '../http/paging';

/**
 * A list source over one table: `where` scopes it (company, project...), `columns` maps each
 * sort field to its column (or an expression over the table); ties are broken by `id` so pages never overlap.
 */
export function tableList<T, R extends { id: string }>(
  db: Db,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
  columns: Record<string, PgColumn | SQL>,
  map: (row: R) => T,
): ListSource<T> {
  return {
    async page(page: PagingQuery, limit: number) {
      const { field, desc: descending } = sortOf(page.sort);
      const column = columns[field] ?? table.id;
      const order = descending ? [desc(column), desc(table.id)] : [asc(column), asc(table.id)];
      const rows = (await db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .offset(page.skip)
        .limit(limit)) as unknown as R[];
      return rows.map(map);
    },
    async count() {
      const [row] = await db
        .select({ n: count() })
        .from(table as PgTable)
        .where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/** A scoped list's prepared page statements, per database handle, by table, scope and order. */
const preparedPages = new WeakMap<
  object,
  Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>
>();

/**
 * `tableList` for the common case of a list scoped by one column (a company's projects, a
 * project's type curves, a forecast's runs), through a prepared statement per table, scope column
 * and order, made once per database handle: a page is then one `execute` with the scope, skip and
 * limit, with no query built per request (about a tenth of a small list request's time, issue 23).
 */
export function scopedTableList<T, R extends { id: string }>(
  db: Db,
  table: PgTable & { id: PgColumn },
  scope: PgColumn,
  scopeValue: string,
  columns: Record<string, PgColumn>,
  map: (row: R) => T,
): ListSource<T> {
  return {
    async page(page: PagingQuery, limit: number) {
      const { field, desc: descending } = sortOf(page.sort);
      const column = columns[field] ?? table.id;
      const key = `${getTableName(table)}_${scope.name}_${column.name}_${descending ? 'desc' : 'asc'}`;
      let cache = preparedPages.get(db);
      if (!cache) {
        cache = new Map();
        preparedPages.set(db, cache);
      }
      let statement = cache.get(key);
      if (!statement) {
        const order = descending ? [desc(column), desc(table.id)] : [asc(column), asc(table.id)];
        statement = db
          .select()
          .from(table as PgTable)
          .where(eq(scope, sql.placeholder('scope')))
          .orderBy(...order)
          .offset(sql.placeholder('skip'))
          .limit(sql.placeholder('limit'))
          .prepare(`list_${key}`);
        cache.set(key, statement);
      }
      const rows = (await statement.execute({ scope: scopeValue, skip: page.skip, limit })) as R[];
      return rows.map(map);
    },
    count: () => tableList(db, table, eq(scope, scopeValue), columns, map).count(),
  };
}
