import { createHash } from 'node:crypto';
import {
  ECON_MONTHLY_NO_TAX_SOURCE,
  ECON_MONTHLY_RESULT_COLUMNS,
  type EconMonthlyExportRow,
  type EconMonthlyResultColumn,
  type EconMonthlyTaxColumn,
  type EconOneLiner,
  type EconOneLinerRow,
  oneLinerOutput,
} from '@econ/contract';
import { invalid } from '../http/errors';
import { monthAfter, type PackedMonthly } from './results';

/*
 * Our stored results in the service's shapes (decision 045): pure functions, no I/O. The names of
 * the figures are the contract's tables (`econResultColumns.ts`).
 */

/**
 * The id of a stored result row (a well of a combo of a run): the first 24 hex characters of
 * md5(`run/combo/well`), as the `econ_run_wells.id` column computes it (migration 0014).
 */
export function resultRowId(runId: string, comboName: string, wellId: string): string {
  return createHash('md5').update(`${runId}/${comboName}/${wellId}`, 'utf8').digest('hex').slice(0, 24);
}

/** A stored one-liner as a row of both shapes: our fields, and the service's `id`, `output`, reserves fields. */
export function oneLinerRow(stored: EconOneLiner, id: string, comboName: string): EconOneLinerRow {
  const category = stored.reservesCategory;
  return {
    ...stored,
    // One-liners stored before combos carry no comboName: the column gives it.
    comboName,
    id,
    output: stored.status === 'complete' ? oneLinerOutput(stored) : null,
    ...(category
      ? {
          econPRMSResourcesClass: category.prmsClass,
          econPRMSReservesCategory: category.prmsCategory,
          econPRMSReservesSubCategory: category.prmsSubCategory,
        }
      : {}),
  } as EconOneLinerRow;
}

const BY_NAME = new Map(ECON_MONTHLY_RESULT_COLUMNS.map((c) => [c.column, c]));
const VALID = ECON_MONTHLY_RESULT_COLUMNS.map((c) => c.column).join(', ');

/** Edit distance, for suggesting the column meant. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The monthly result columns named in `columns=` (comma-separated, trimmed, each once, in order);
 * an unknown name is a 400 naming it, the closest valid name, and every valid one.
 */
export function parseResultColumns(raw: string): EconMonthlyResultColumn[] {
  const names = [...new Set(raw.split(',').map((s) => s.trim()))].filter((s) => s !== '');
  const unknown = names.filter((n) => !BY_NAME.has(n));
  if (names.length === 0 || unknown.length > 0) {
    const details = (unknown.length ? unknown : ['']).map((name) => {
      const closest = ECON_MONTHLY_RESULT_COLUMNS.map((c) => c.column).sort(
        (x, y) => distance(name, x) - distance(name, y),
      )[0];
      return {
        field: 'query.columns',
        rule: 'monthly result column',
        value: name,
        message: name
          ? `unknown column "${name}" (did you mean "${closest}"?); valid columns: ${VALID}`
          : `columns names no column; valid columns: ${VALID}`,
      };
    });
    throw invalid(details[0]!.message, details);
  }
  return names.map((n) => BY_NAME.get(n)!);
}

/** Reads a well's packed monthly data by our column names (after-tax columns of a no-tax well by its rule). */
export function packedReader(packed: PackedMonthly) {
  const index = new Map(packed.columns.map((name, c) => [name as string, c]));
  /** Our column `name` at month `i`. */
  const ours = (name: string, i: number): number => {
    const c = index.get(name);
    if (c !== undefined) return packed.data[c * packed.months + i]!;
    const source = ECON_MONTHLY_NO_TAX_SOURCE[name as EconMonthlyTaxColumn];
    return source ? ours(source, i) : 0;
  };
  return {
    months: packed.months,
    date: (i: number) => monthAfter(packed.firstMonth!, i),
    /** A result column at month `i`: the sum of its columns of ours. */
    value: (col: EconMonthlyResultColumn, i: number) => col.of.reduce((sum, name) => sum + ours(name, i), 0),
  };
}

/** Months `from` to `to` (exclusive) of a well's packed data, as monthly export rows. */
export function exportRows(
  wellId: string,
  comboName: string,
  packed: PackedMonthly,
  from: number,
  to: number,
): EconMonthlyExportRow[] {
  if (!packed.firstMonth) return [];
  const read = packedReader(packed);
  const rows: EconMonthlyExportRow[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, packed.months); i++) {
    const output: Record<string, number> = {};
    for (const col of ECON_MONTHLY_RESULT_COLUMNS) output[col.key] = read.value(col, i);
    rows.push({ well: wellId, comboName, date: read.date(i), output });
  }
  return rows;
}

/** Each asked column of a well as a list by month, with `date` first. */
export function resultColumns(
  packed: PackedMonthly,
  columns: readonly EconMonthlyResultColumn[],
): Record<string, (number | string)[]> {
  const out: Record<string, (number | string)[]> = { date: [] };
  for (const col of columns) out[col.column] = [];
  if (!packed.firstMonth) return out;
  const read = packedReader(packed);
  for (let i = 0; i < read.months; i++) {
    out.date!.push(read.date(i));
    for (const col of columns) out[col.column]!.push(read.value(col, i));
  }
  return out;
}
