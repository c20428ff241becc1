import {
  ECON_MONTHLY_COLUMNS,
  ECON_MONTHLY_TAX_COLUMNS,
  type EconMonthlyColumn,
  type EconMonthlyRow,
  type EconMonthlyTaxColumn,
} from '@econ/contract';
import { fromDayIndex, toDayIndex } from '@econ/decline';

type Column = EconMonthlyColumn | EconMonthlyTaxColumn;

/**
 * A well's monthly rows packed column by column: `data[c × months + i]` is column `columns[c]` of
 * month i; months are consecutive from `firstMonth` ('YYYY-MM-01', null when there is no row).
 */
export interface PackedMonthly {
  columns: Column[];
  firstMonth: string | null;
  months: number;
  data: Float64Array;
}

/** Columns of the engine's monthly result by contract column name (absent ones are stored as 0). */
export type MonthlyColumns = Partial<Record<Column, ArrayLike<number>>>;

/** Packs a well's monthly columns; the after-tax columns are kept only when `withTax`. */
export function packMonthly(labels: readonly string[], columns: MonthlyColumns, withTax: boolean): PackedMonthly {
  const names: Column[] = withTax ? [...ECON_MONTHLY_COLUMNS, ...ECON_MONTHLY_TAX_COLUMNS] : [...ECON_MONTHLY_COLUMNS];
  const months = labels.length;
  const data = new Float64Array(names.length * months);
  names.forEach((name, c) => {
    const col = columns[name];
    if (!col) return;
    for (let i = 0; i < months; i++) data[c * months + i] = col[i] ?? 0;
  });
  return { columns: names, firstMonth: labels[0] ?? null, months, data };
}

/** The bytes stored for packed data (little-endian float64, as typed arrays are on every platform we run). */
export const packedBytes = (data: Float64Array): Uint8Array =>
  new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** Float64 values back from stored bytes (copied: a driver's Buffer need not be 8-byte aligned). */
export function packedValues(bytes: Uint8Array): Float64Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float64Array(copy.buffer);
}

/** 'YYYY-MM-01' of the month `i` months after `firstMonth`. */
export function monthAfter(firstMonth: string, i: number): string {
  const y = Number(firstMonth.slice(0, 4));
  const m = Number(firstMonth.slice(5, 7)) - 1 + i;
  const year = y + Math.floor(m / 12);
  const month = (((m % 12) + 12) % 12) + 1;
  return fromDayIndex(toDayIndex(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`));
}

/** Rows `from` (inclusive) to `to` (exclusive) of a well's packed monthly data, as API rows. */
export function monthlyRows(wellId: string, packed: PackedMonthly, from: number, to: number): EconMonthlyRow[] {
  const rows: EconMonthlyRow[] = [];
  if (!packed.firstMonth) return rows;
  const end = Math.min(to, packed.months);
  for (let i = Math.max(0, from); i < end; i++) {
    const row: Record<string, string | number> = { well: wellId, date: monthAfter(packed.firstMonth, i) };
    packed.columns.forEach((name, c) => {
      row[name] = packed.data[c * packed.months + i]!;
    });
    rows.push(row as EconMonthlyRow);
  }
  return rows;
}

/**
 * What an after-tax column holds for a well without income tax in a run with it (tax 0: AFIT
 * equals BFIT): the column it copies, or null for 0. Shared by every reader that lays wells of one
 * run side by side (the Parquet export, the workbook, the rollup).
 */
export const AFTER_TAX_FALLBACK: Record<EconMonthlyTaxColumn, EconMonthlyColumn | null> = {
  depreciation: null,
  depletion: null,
  taxableIncome: 'bfit',
  stateTax: null,
  federalTax: null,
  taxCredit: null,
  afit: 'bfit',
  cumAfit: 'cumBfit',
  firstDiscountAfit: 'firstDiscountCashFlow',
  secondDiscountAfit: 'secondDiscountCashFlow',
};

/**
 * Where column `name` lies in a well's stored `columns`: its index, the index of its
 * {@link AFTER_TAX_FALLBACK} for a well stored without after-tax columns, or -1 (read as 0).
 */
export function sourceIndex(columns: readonly string[], name: string): number {
  const at = columns.indexOf(name);
  if (at >= 0) return at;
  const alias = AFTER_TAX_FALLBACK[name as EconMonthlyTaxColumn];
  return alias ? columns.indexOf(alias) : -1;
}

/** The part of a well's rows that a page holds: rows `from` (inclusive) to `to` (exclusive). */
export interface MonthSpan {
  wellId: string;
  from: number;
  to: number;
}

/**
 * The rows `skip` to `skip + take` of wells whose rows are laid end to end in the order given:
 * each well the page touches, with the span of its own rows.
 */
export function pageSpans(
  wells: readonly { wellId: string; months: number }[],
  skip: number,
  take: number,
): MonthSpan[] {
  const end = skip + take;
  const spans: MonthSpan[] = [];
  let offset = 0;
  for (const w of wells) {
    const lo = Math.max(skip, offset);
    const hi = Math.min(end, offset + w.months);
    if (lo < hi) spans.push({ wellId: w.wellId, from: lo - offset, to: hi - offset });
    offset += w.months;
  }
  return spans;
}
