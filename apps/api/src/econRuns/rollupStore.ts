import type {
  EconOneLiner,
  EconRollup,
  EconRollupGroup,
  EconRollupRow,
  EconRollupTotals,
  RollupGroupBy,
} from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import { buildGrid, endOfMonth, irr, irrReason, monthExponents, payoutOf, payoutReason } from '@econ/econ';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { econRunWells, wells } from '../db/schema';
import { monthAfter, type PackedMonthly, packedValues } from './results';
import { type MonthlyRollup, RollupAccumulator } from './rollup';

/*
 * The rollup of a run (issue 20, "Rollups"): per combo, the wells' monthly rows summed from the
 * aggregation month (the earliest `mainOptions.aggregationDate` of the combo's wells), optionally a
 * total per value of a well header or reserves category, each with its total one-liner: sums, and
 * IRR and payout of the summed cash flow. Wells are read a batch at a time.
 */

const WELL_BATCH = 100;
const HEADERS = ['county', 'state', 'dataSource'] as const;

/** A well's packed rows from month `from` ('YYYY-MM-01') on (those before it dropped). */
export function fromMonth(packed: PackedMonthly, from: string | undefined): PackedMonthly {
  if (!from || !packed.firstMonth || packed.firstMonth >= from) return packed;
  const skip =
    (Number(from.slice(0, 4)) - Number(packed.firstMonth.slice(0, 4))) * 12 +
    Number(from.slice(5, 7)) -
    Number(packed.firstMonth.slice(5, 7));
  if (skip >= packed.months) return { ...packed, firstMonth: null, months: 0, data: new Float64Array(0) };
  const months = packed.months - skip;
  const data = new Float64Array(packed.columns.length * months);
  for (let c = 0; c < packed.columns.length; c++) {
    data.set(packed.data.subarray(c * packed.months + skip, (c + 1) * packed.months), c * months);
  }
  return { columns: packed.columns, firstMonth: monthAfter(packed.firstMonth, skip), months, data };
}

/** A rollup's monthly rows as the API gives them. */
export function rollupRows(r: MonthlyRollup): EconRollupRow[] {
  const rows: EconRollupRow[] = [];
  if (!r.firstMonth) return rows;
  for (let i = 0; i < r.months; i++) {
    const row: EconRollupRow = { date: monthAfter(r.firstMonth, i), wells: r.wells[i]! };
    r.columns.forEach((name, c) => {
      row[name] = r.data[c * r.months + i]!;
    });
    rows.push(row);
  }
  return rows;
}

/**
 * The total one-liner of a rollup: sums of its months; IRR and payout of the summed cash flow
 * (IRR with monthly compounding, each month's cash at its end, from the first month).
 */
export function rollupTotals(r: MonthlyRollup, wellCount: number): EconRollupTotals {
  const col = (name: string) => {
    const c = r.columns.indexOf(name as never);
    return c < 0 ? new Float64Array(r.months) : r.data.subarray(c * r.months, (c + 1) * r.months);
  };
  const sum = (name: string) => col(name).reduce((a, b) => a + b, 0);
  const bfit = Float64Array.from(col('bfit'));
  const labels = Array.from({ length: r.months }, (_, i) => monthAfter(r.firstMonth!, i));
  let rate: number | null = null;
  if (r.months > 0) {
    const start = toDayIndex(r.firstMonth!);
    const grid = buildGrid(start, endOfMonth(toDayIndex(labels[labels.length - 1]!)));
    const found = irr(bfit, monthExponents(grid, start, 'monthly', 'end_month'), 'monthly');
    rate = found === null ? null : found.annual * 100;
  }
  const payout = r.months > 0 ? payoutOf(bfit, labels) : null;
  return {
    wells: wellCount,
    revenue: sum('totalRevenue'),
    expenses: sum('fixedExpense') + sum('variableExpense'),
    taxes: sum('severanceTax') + sum('adValoremTax'),
    capex: sum('capex'),
    bfit: sum('bfit'),
    firstDiscountNpv: sum('firstDiscountCashFlow'),
    secondDiscountNpv: sum('secondDiscountCashFlow'),
    irr: rate,
    ...(rate === null ? { irrReason: irrReason(bfit) } : {}),
    payout,
    ...(payout === null ? { payoutReason: payoutReason(bfit) } : {}),
  };
}

/** The group of a well for `groupBy`: its header's value, or its reserves category's part. */
function groupOf(
  groupBy: RollupGroupBy | undefined,
  header: Partial<Record<(typeof HEADERS)[number], string | null>> | undefined,
  oneLiner: EconOneLiner,
): string | null {
  if (!groupBy) return null;
  if ((HEADERS as readonly string[]).includes(groupBy)) return header?.[groupBy as (typeof HEADERS)[number]] ?? null;
  return oneLiner.reservesCategory?.[groupBy as 'prmsClass' | 'prmsCategory' | 'prmsSubCategory'] ?? null;
}

/** The rollup of one combo of a complete run. */
export async function runRollup(
  db: Db,
  runId: string,
  opts: { comboName: string; groupBy?: RollupGroupBy | undefined; incomeTax: boolean },
): Promise<EconRollup> {
  const ofCombo = and(eq(econRunWells.runId, runId), eq(econRunWells.comboName, opts.comboName));
  const [agg] = await db
    .select({ date: sql<string | null>`min(${econRunWells.oneLiner} ->> 'aggregationDate')` })
    .from(econRunWells)
    .where(ofCombo);
  const aggregationDate = agg?.date ?? null;
  const from = aggregationDate ? `${aggregationDate.slice(0, 7)}-01` : undefined;
  const groups = new Map<string | null, { acc: RollupAccumulator; wells: number }>();
  let after = '';
  for (;;) {
    const batch = await db
      .select()
      .from(econRunWells)
      .where(and(ofCombo, gt(econRunWells.wellId, after)))
      .orderBy(asc(econRunWells.wellId))
      .limit(WELL_BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.wellId;
    const headers = new Map<string, Partial<Record<(typeof HEADERS)[number], string | null>>>();
    if (opts.groupBy && (HEADERS as readonly string[]).includes(opts.groupBy)) {
      const rows = await db
        .select({ id: wells.id, county: wells.county, state: wells.state, dataSource: wells.dataSource })
        .from(wells)
        .where(
          inArray(
            wells.id,
            batch.map((w) => w.wellId),
          ),
        );
      for (const r of rows) headers.set(r.id, r);
    }
    for (const w of batch) {
      const key = groupOf(opts.groupBy, headers.get(w.wellId), w.oneLiner as EconOneLiner);
      let g = groups.get(key);
      if (!g) {
        g = { acc: new RollupAccumulator(opts.incomeTax), wells: 0 };
        groups.set(key, g);
      }
      g.wells++;
      const packed: PackedMonthly = {
        columns: w.columns as PackedMonthly['columns'],
        firstMonth: w.firstMonth,
        months: w.months,
        data: packedValues(w.monthly),
      };
      g.acc.add(fromMonth(packed, from));
    }
  }
  const out: EconRollupGroup[] = [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([group, g]) => {
      const r = g.acc.result();
      return { group, totals: rollupTotals(r, g.wells), monthly: rollupRows(r) };
    });
  return { comboName: opts.comboName, aggregationDate, groupBy: opts.groupBy ?? null, groups: out };
}
