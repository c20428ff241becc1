import { type EconOneLiner, QUALIFIER_DEFAULT } from '@econ/contract';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { econRunWells } from '../db/schema';
import { type PackedMonthly, packedValues } from './results';

/*
 * A run's stored results, well by well, for readers that walk a whole run (the workbook export):
 * read a batch of wells at a time in combo then well-id order, so a run of any size is never all
 * in memory.
 */

/** The combo of results stored before combos existed (the `combo_name` column's default). */
export const DEFAULT_COMBO = QUALIFIER_DEFAULT;

/** One well's stored results: its one-liner and, when asked, its packed monthly rows. */
export interface WellResult {
  wellId: string;
  wellName: string;
  /** The one-liner's `comboName`, or {@link DEFAULT_COMBO} for results stored without one. */
  comboName: string;
  oneLiner: EconOneLiner;
  monthly?: PackedMonthly;
}

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
    comboName: econRunWells.comboName,
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
  let after = { comboName: '', wellId: '' };
  for (;;) {
    const rows = (await db
      .select(select)
      .from(econRunWells)
      .where(
        and(
          eq(econRunWells.runId, runId),
          opts.comboName === undefined ? undefined : eq(econRunWells.comboName, opts.comboName),
          or(
            gt(econRunWells.comboName, after.comboName),
            and(eq(econRunWells.comboName, after.comboName), gt(econRunWells.wellId, after.wellId)),
          ),
        ),
      )
      .orderBy(asc(econRunWells.comboName), asc(econRunWells.wellId))
      .limit(batch)) as {
      comboName: string;
      wellId: string;
      wellName: string;
      oneLiner: unknown;
      firstMonth?: string | null;
      months?: number;
      columns?: unknown;
      monthly?: Uint8Array;
    }[];
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { comboName: last.comboName, wellId: last.wellId };
    for (const r of rows) {
      yield {
        wellId: r.wellId,
        wellName: r.wellName,
        comboName: r.comboName,
        oneLiner: { ...(r.oneLiner as EconOneLiner), comboName: r.comboName },
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
