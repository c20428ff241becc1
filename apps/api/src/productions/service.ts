import type { ProductionFilter, ProductionKey, ProductionResolution } from '@econ/contract';
import type { Db } from '../db/connection';
import { notFound } from '../http/errors';
import { formatPath } from '../http/zodDetails';
import {
  deleteProductionKeys,
  deleteProductions,
  type ProductionScope,
  refKey,
  resolveWells,
  type WrittenRecord,
  wellsWithProduction,
  writeRecords,
} from './store';
import { lockWells, refreshSummaries } from './summary';

/*
 * Production writes with the wells' summary kept (decision 022): each runs in one transaction that
 * first locks the wells it touches (in id order), writes, and refreshes their summary.
 */

/** Writes the records (create or upsert) and refreshes their wells' summary; see {@link writeRecords}. */
export function writeProductions(
  db: Db,
  resolution: ProductionResolution,
  scope: { companyId: string; now: Date },
  records: readonly WrittenRecord[],
  mode: 'create' | 'upsert',
): Promise<Map<string, boolean>> {
  const wellIds = records.map((r) => r.wellId);
  return db.transaction(async (tx) => {
    await lockWells(tx, wellIds);
    const written = await writeRecords(tx, resolution, scope, records, mode);
    await refreshSummaries(tx, wellIds);
    return written;
  });
}

/** Refreshes the wells' summary after writes that ran in transactions of their own (PATCH). */
export function refreshWellSummaries(db: Db, wellIds: readonly string[]): Promise<void> {
  return db.transaction(async (tx) => {
    await lockWells(tx, wellIds);
    await refreshSummaries(tx, wellIds);
  });
}

/** Deletes the records of the scope matching the filter; the number deleted. */
export function deleteMatching(
  db: Db,
  resolution: ProductionResolution,
  scope: ProductionScope,
  filter: ProductionFilter,
): Promise<number> {
  return db.transaction(async (tx) => {
    const touched = await wellsWithProduction(tx, resolution, scope, filter);
    await lockWells(tx, touched);
    const deleted = await deleteProductions(tx, resolution, scope, filter);
    await refreshSummaries(tx, touched);
    return deleted;
  });
}

/**
 * Deletes the listed records in one transaction: every well must be in the scope (else a 404
 * naming the records, nothing deleted). The number deleted.
 */
export async function deleteListed(
  db: Db,
  resolution: ProductionResolution,
  scope: ProductionScope,
  keys: ProductionKey[],
  where: string,
): Promise<number> {
  const found = await resolveWells(db, scope, keys);
  const missing = keys.flatMap((k, i) => {
    if (found.has(refKey(k))) return [];
    const field = k.well !== undefined ? 'well' : 'chosenID';
    return [
      {
        field: formatPath([i, field]),
        rule: `well ${where}`,
        value: k.well ?? k.chosenID,
        message: `No well ${k.well ?? `${k.chosenID} (${k.dataSource})`} ${where}`,
      },
    ];
  });
  if (missing.length) {
    throw notFound(`${missing.length} listed record(s) name a well that is not ${where}; nothing was deleted`, missing);
  }
  const pairs = keys.map((k) => ({ wellId: found.get(refKey(k))!, date: k.date }));
  return db.transaction(async (tx) => {
    const wellIds = pairs.map((p) => p.wellId);
    await lockWells(tx, wellIds);
    const n = await deleteProductionKeys(tx, resolution, pairs);
    await refreshSummaries(tx, wellIds);
    return n;
  });
}
