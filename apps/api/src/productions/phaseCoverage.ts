import { PHASES, type Phase } from '@econ/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { dailyProductions, monthlyProductions, wells } from '../db/schema';

/*
 * Which phases each well has produced (spec part 2.9: a type-curve well drops out of a phase only
 * when it has no production for that phase). A read of the production tables beside the
 * production store (decision 025).
 */

/** A phase's column of both production tables (the same name in each). */
const COLUMN: Record<Phase, 'oil' | 'gas' | 'water'> = { oil: 'oil', gas: 'gas', water: 'water' };

/** True when the well has a daily or monthly record with a positive volume of the phase. */
const produced = (phase: Phase): SQL<boolean> => {
  const daily = dailyProductions[COLUMN[phase]];
  const monthly = monthlyProductions[COLUMN[phase]];
  return sql<boolean>`(exists (select 1 from ${dailyProductions} where ${dailyProductions.wellId} = ${wells.id} and ${daily} > 0)
    or exists (select 1 from ${monthlyProductions} where ${monthlyProductions.wellId} = ${wells.id} and ${monthly} > 0))`;
};

/**
 * The phases with production of each of the wells: a phase is there when the well has at least
 * one daily or monthly record with a positive volume of it (a null or 0 volume is no production).
 * Each test is an `exists` on the tables' (well, date) key, so it stops at the first such record.
 * Wells that are not stored are left out of the map.
 */
export async function phasesWithProduction(db: Db, wellIds: readonly string[]): Promise<Map<string, Set<Phase>>> {
  const out = new Map<string, Set<Phase>>();
  const ids = [...new Set(wellIds)];
  for (let k = 0; k < ids.length; k += 1000) {
    const rows = await db
      .select({ id: wells.id, oil: produced('oil'), gas: produced('gas'), water: produced('water') })
      .from(wells)
      .where(inArray(wells.id, ids.slice(k, k + 1000)));
    for (const r of rows) out.set(r.id, new Set(PHASES.filter((p) => r[p] === true)));
  }
  return out;
}
