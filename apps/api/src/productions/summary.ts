import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';

/*
 * The production summary of wells (decision 022): first and last dates with production, daily and
 * monthly, and cumulative volumes (monthly records, or daily ones when a well has no monthly
 * records). Stored on the well so lists sort and filter by it; every production write refreshes
 * the wells it touched.
 */

/** A day or month "produces" when any of oil, gas or water is above 0. */
const PRODUCING = '(coalesce(oil, 0) > 0 or coalesce(gas, 0) > 0 or coalesce(water, 0) > 0)';

/** The totals of one well's records in `table` (the well is `x`, the UPDATE's own FROM item). */
const totals = (table: string) =>
  sql.raw(`(select min(date) filter (where ${PRODUCING}) as first, max(date) filter (where ${PRODUCING}) as last,
          sum(coalesce(oil, 0)) as oil, sum(coalesce(gas, 0)) as gas, sum(coalesce(water, 0)) as water,
          count(*) as n
     from ${table} p where p.well_id = x.id)`);

/** The statement that recomputes the summary of the wells `where` selects (alias `w`). */
export function summaryUpdate(where: ReturnType<typeof sql>) {
  return sql`update wells w set
      first_prod_date_daily_calc = d.first, last_prod_date_daily = d.last,
      first_prod_date_monthly_calc = m.first, last_prod_date_monthly = m.last,
      cum_oil = case when m.n > 0 then m.oil when d.n > 0 then d.oil end,
      cum_gas = case when m.n > 0 then m.gas when d.n > 0 then d.gas end,
      cum_water = case when m.n > 0 then m.water when d.n > 0 then d.water end
    from wells x
      cross join lateral ${totals('daily_productions')} d
      cross join lateral ${totals('monthly_productions')} m
    where x.id = w.id and ${where}`;
}

/**
 * Locks the wells' rows (in id order, so two writers never wait on each other in a cycle) for the
 * rest of the transaction: production writes to the same well then refresh its summary one after
 * the other, each seeing the other's rows.
 */
export async function lockWells(db: Db, wellIds: readonly string[]): Promise<void> {
  const ids = [...new Set(wellIds)].sort();
  if (ids.length === 0) return;
  await db.execute(sql`select id from wells where id = any(${toArray(ids)}) order by id for update`);
}

/** Recomputes the production summary of the wells. */
export async function refreshSummaries(db: Db, wellIds: readonly string[]): Promise<void> {
  const ids = [...new Set(wellIds)];
  if (ids.length === 0) return;
  await db.execute(summaryUpdate(sql`w.id = any(${toArray(ids)})`));
}

/** A text[] parameter (drizzle would spread a JS array into a row). */
const toArray = (ids: readonly string[]) => sql`${`{${ids.map((id) => `"${id}"`).join(',')}}`}::text[]`;
