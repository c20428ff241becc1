import type { ProductionResolution } from '@econ/contract';
import type { HistoryRecord } from '@econ/econ';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { dailyProductions, monthlyProductions } from '../db/schema';

/** Wells whose history is read per statement (a well's 10 years of daily records are about 3,650 rows). */
const WELLS_PER_READ = 50;

/**
 * The oil, gas and water records of the wells at one resolution, by well, in date order: what the
 * economics read of a well's production history.
 */
export async function historyRecords(
  db: Db,
  resolution: ProductionResolution,
  wellIds: readonly string[],
): Promise<Map<string, HistoryRecord[]>> {
  const t = resolution === 'daily' ? dailyProductions : monthlyProductions;
  const out = new Map<string, HistoryRecord[]>();
  for (let k = 0; k < wellIds.length; k += WELLS_PER_READ) {
    const rows = await db
      .select({ wellId: t.wellId, date: t.date, oil: t.oil, gas: t.gas, water: t.water })
      .from(t)
      .where(inArray(t.wellId, wellIds.slice(k, k + WELLS_PER_READ)))
      .orderBy(asc(t.wellId), asc(t.date));
    for (const { wellId, ...record } of rows) {
      const list = out.get(wellId);
      if (list) list.push(record);
      else out.set(wellId, [record]);
    }
  }
  return out;
}
