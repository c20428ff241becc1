import type { PagingQuery } from '@econ/contract';
import { asc, count, desc, type SQL } from 'drizzle-orm';
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
