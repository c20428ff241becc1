import { DailyProductionInput, MonthlyProductionInput, type ProductionResolution } from '@econ/contract';
import type { z } from 'zod';
import { parseNumberInput } from '../../../lib/numberInput';
import { type ColumnMapping, TEXT_FIELDS } from './columns';
import { dayNumber, parseDate } from './dates';
import { WELL_MATCH_LABEL, type WellIndex } from './wellIndex';

/** A production record as the API takes it. */
export type ProductionInput = DailyProductionInput | MonthlyProductionInput;

const SCHEMA: Record<ProductionResolution, z.ZodType<ProductionInput>> = {
  daily: DailyProductionInput,
  monthly: MonthlyProductionInput,
};

/** Why one row of the file cannot be imported: its row number (the header is row 1), column, cell and rule. */
export interface RowIssue {
  row: number;
  column: string;
  value: string;
  rule: string;
  message: string;
}

export type RowOutcome =
  | { kind: 'record'; record: ProductionInput }
  | { kind: 'empty' }
  | { kind: 'bad'; issues: RowIssue[] };

/**
 * A cell as a measured value: empty is `null` (not measured), `1,234.5` is 1234.5 (the console's
 * one rule for typed numbers, lib/numberInput), and anything else that is not a decimal number is
 * undefined (an error for the row).
 */
export function parseNumber(raw: string): number | null | undefined {
  if (raw.trim() === '') return null;
  const n = parseNumberInput(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** The short name of the contract rule a zod issue broke. */
function ruleOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small') return `min ${String(issue.minimum)}`;
  if (issue.code === 'too_big') return `max ${String(issue.maximum)}`;
  if (issue.code === 'invalid_type') return issue.expected;
  if (issue.code === 'custom' && typeof issue.params?.rule === 'string') return issue.params.rule;
  return issue.code;
}

/** Room per well in a duplicate key: the contract's dates (1900–2262) are days −25,567 to 106,752. */
const DAYS_PER_WELL = 140_000;
const DAY_OFFSET = 30_000;
const PLACEHOLDER_ID = '0'.repeat(24);
const PLACEHOLDER_DATE = '2000-01-01';

/**
 * Turns the file's rows into production records, with the contract's schema of the resolution
 * (so the rules are the server's), after resolving the well in the project and parsing the date:
 * an unknown or ambiguous well, a date that is none, a value that is not a number, a value out of
 * the contract's range, a monthly date not on a first of month, and a (well, date) met on an
 * earlier row each make the row bad, with every reason found. Rows with no cell filled are empty.
 * It remembers one number per good row (for duplicates), never the records.
 */
export class RowChecker {
  private readonly wellCol: number;
  private readonly dateCol: number;
  private readonly valueCols: { col: number; field: string; text: boolean }[] = [];
  private readonly seen = new Map<number, number>();
  private readonly ordinals = new Map<string, number>();
  private readonly schema: z.ZodType<ProductionInput>;

  constructor(
    private readonly headers: readonly string[],
    private readonly mapping: ColumnMapping,
    resolution: ProductionResolution,
    private readonly wells: WellIndex,
  ) {
    this.wellCol = mapping.targets.indexOf('well');
    this.dateCol = mapping.targets.indexOf('date');
    if (this.wellCol < 0 || this.dateCol < 0) throw new Error('the mapping needs a well and a date column');
    mapping.targets.forEach((t, col) => {
      if (t !== 'ignore' && t !== 'well' && t !== 'date')
        this.valueCols.push({ col, field: t, text: TEXT_FIELDS.has(t) });
    });
    this.schema = SCHEMA[resolution];
  }

  private column(col: number): string {
    return this.headers[col] ?? `column ${col + 1}`;
  }

  check(cells: readonly string[], row: number): RowOutcome {
    if (cells.every((c) => c.trim() === '')) return { kind: 'empty' };
    const issues: RowIssue[] = [];
    const bad = (col: number, rule: string, message: string) =>
      issues.push({ row, column: this.column(col), value: cells[col] ?? '', rule, message });

    const wellCell = cells[this.wellCol] ?? '';
    const found = this.wells.find(wellCell, this.mapping.wellMatch);
    if ('error' in found) {
      const by = WELL_MATCH_LABEL[this.mapping.wellMatch];
      if (found.error === 'ambiguous')
        bad(this.wellCol, 'ambiguous well', `${found.candidates} wells of the project have this ${by}`);
      else bad(this.wellCol, 'unknown well', `no well of the project has this ${by}`);
    }
    const dateCell = cells[this.dateCol] ?? '';
    const date = parseDate(dateCell);
    if (date === undefined) {
      bad(this.dateCol, 'date', 'not a date (YYYY-MM-DD, M/D/YYYY, YYYY/MM/DD or an Excel date)');
    }
    const record: Record<string, unknown> = { well: 'well' in found ? found.well.id : undefined, date };
    for (const { col, field, text } of this.valueCols) {
      const cell = cells[col] ?? '';
      if (text) {
        record[field] = cell.trim() === '' ? null : cell.trim();
        continue;
      }
      const n = parseNumber(cell);
      if (n === undefined) bad(col, 'number', `${field} must be a number`);
      else record[field] = n;
    }
    // The contract's rules on what parsed; a well or date already refused stands in as a valid one.
    const probe = { ...record, well: record.well ?? PLACEHOLDER_ID, date: date ?? PLACEHOLDER_DATE };
    const result = this.schema.safeParse(probe);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        const col =
          field === 'date' ? this.dateCol : field === 'well' ? this.wellCol : this.mapping.targets.indexOf(field);
        issues.push({
          row,
          column: col >= 0 ? this.column(col) : field,
          value: col >= 0 ? (cells[col] ?? '') : '',
          rule: ruleOf(issue),
          message: field === 'date' ? `date ${issue.message}` : issue.message,
        });
      }
    }
    if (issues.length > 0 || !('well' in found) || date === undefined) return { kind: 'bad', issues };

    const key = this.ordinal(found.well.id) * DAYS_PER_WELL + dayNumber(date) + DAY_OFFSET;
    const first = this.seen.get(key);
    if (first !== undefined) {
      bad(this.dateCol, 'duplicate', `this well and date are already on row ${first}`);
      return { kind: 'bad', issues };
    }
    this.seen.set(key, row);
    return { kind: 'record', record: record as ProductionInput };
  }

  private ordinal(wellId: string): number {
    let n = this.ordinals.get(wellId);
    if (n === undefined) {
      n = this.ordinals.size;
      this.ordinals.set(wellId, n);
    }
    return n;
  }
}
