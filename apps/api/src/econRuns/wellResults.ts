import type { EconOneLiner } from '@econ/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { econRunWells } from '../db/schema';
import { type PackedMonthly, packedValues } from './results';

/*
 * A run's stored results, well by well, for readers that walk a whole run (the workbook export):
 * read a batch of wells at a time in well-id order, so a run of any size is never all in memory.
 */

/** The combo of results stored before combos existed. */
export const DEFAULT_COMBO = 'default';

/** One well's stored results: its one-liner and, when asked, its packed monthly rows. */
export interface WellResult {
  wellId: string;
  wellName: string;
  /** The one-liner's `comboName`, or {@link DEFAULT_COMBO} for results stored without one. */
  comboName: string;
  oneLiner: EconOneLiner;
  monthly?: PackedMonthly;
}

/** The combo a stored one-liner belongs to. */
export const comboOf = (oneLiner: unknown): string => {
  const name = (oneLiner as { comboName?: unknown } | null)?.comboName;
  return typeof name === 'string' && name !== '' ? name : DEFAULT_COMBO;
};

/**
 * The wells of a run in well-id order, `batch` at a time from the database; `monthly` reads the
 * packed rows too (else only the one-liners, a much lighter read); `comboName` keeps one combo.
 */
export async function* runWellResults(
  db: Db,
  runId: string,
  opts: { monthly: boolean; comboName?: string | undefined; batch?: number },
): AsyncGenerator<WellResult> {
  const batch = opts.batch ?? 100;
  const select = {
    wellId: econRunWells.wellId,
    wellName: econRunWells.wellName,
    oneLiner: econRunWells.oneLiner,
    ...(opts.monthly
      ? {
          firstMonth: econRunWells.firstMonth,
          months: econRunWells.months,
          columns: econRunWells.columns,
          monthly: econRunWells.monthly,
        }
      : {}),
  };
  let after = '';
  for (;;) {
    const rows = (await db
      .select(select)
      .from(econRunWells)
      .where(and(eq(econRunWells.runId, runId), gt(econRunWells.wellId, after)))
      .orderBy(asc(econRunWells.wellId))
      .limit(batch)) as {
      wellId: string;
      wellName: string;
      oneLiner: unknown;
      firstMonth?: string | null;
      months?: number;
      columns?: unknown;
      monthly?: Uint8Array;
    }[];
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.wellId;
    for (const r of rows) {
      const comboName = comboOf(r.oneLiner);
      if (opts.comboName !== undefined && comboName !== opts.comboName) continue;
      yield {
        wellId: r.wellId,
        wellName: r.wellName,
        comboName,
        oneLiner: r.oneLiner as EconOneLiner,
        ...(opts.monthly && r.monthly
          ? {
              monthly: {
                columns: r.columns as PackedMonthly['columns'],
                firstMonth: r.firstMonth ?? null,
                months: r.months ?? 0,
                data: packedValues(r.monthly),
              },
            }
          : {}),
      };
    }
    if (rows.length < batch) return;
  }
}

/** The combos a run has results for, sorted (results stored without a combo are `default`'s). */
export async function runComboNames(db: Db, runId: string): Promise<string[]> {
  const combo = sql<string>`coalesce(nullif(${econRunWells.oneLiner} ->> 'comboName', ''), ${DEFAULT_COMBO})`;
  const rows = await db.selectDistinct({ combo }).from(econRunWells).where(eq(econRunWells.runId, runId));
  return rows.map((r) => r.combo).sort();
}
