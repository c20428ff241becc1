/*
 * Cells of the workbook: what a value is written as, how Excel shows it, and how wide it is once
 * shown, so a column can be made as wide as its header and its widest value.
 */

/** A cell as written: numbers as numbers, dates as Excel dates (written from UTC midnight), text, booleans; null is empty. */
export type CellValue = string | number | boolean | Date | null;

/**
 * How a column's cells are shown: `amount` (volumes, money, prices: thousands separators and cents),
 * `decimal` (percentages and ratios already in their unit), `integer`, `date`, `datetime`, `text`,
 * `boolean`, `general` (a number as Excel shows it by default: settings typed by a person).
 */
export type CellFormat = 'amount' | 'decimal' | 'integer' | 'date' | 'datetime' | 'text' | 'boolean' | 'general';

/** Excel number formats by cell format (undefined: General). */
export const NUMBER_FORMATS: Record<CellFormat, string | undefined> = {
  amount: '#,##0.00',
  decimal: '0.00',
  integer: '#,##0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  text: undefined,
  general: undefined,
  boolean: undefined,
};

/** Characters beside the text in every column (Excel's padding and the filter button). */
const PADDING = 3;
/** The widest a column gets; longer text (warnings, errors) stays readable in the cell itself. */
export const MAX_WIDTH = 60;
const MIN_WIDTH = 6;

/** A 'YYYY-MM-DD' day as the Date of its UTC midnight (what Excel shows as that day). */
export const dateCell = (day: string | null | undefined): Date | null => (day ? new Date(`${day}T00:00:00Z`) : null);

/** Characters `value` takes once shown in `format`. */
export function shownLength(value: CellValue, format: CellFormat): number {
  if (value === null) return 0;
  if (format === 'datetime') return 19;
  if (value instanceof Date || format === 'date') return 10;
  if (typeof value === 'boolean') return 5;
  if (typeof value === 'string') return value.length;
  if (!Number.isFinite(value)) return 0;
  const decimals = format === 'amount' || format === 'decimal' ? 2 : format === 'integer' ? 0 : -1;
  if (decimals < 0) return String(value).length;
  const digits = Math.abs(value).toFixed(decimals);
  const integer = decimals > 0 ? digits.length - decimals - 1 : digits.length;
  const separators = format === 'decimal' ? 0 : Math.floor((integer - 1) / 3);
  return digits.length + separators + (value < 0 ? 1 : 0);
}

/**
 * Tracks the widest value of each column of a sheet. Numbers are kept as their least and greatest
 * values only (a number's shown length grows with its magnitude, so the widest is one of the two),
 * so measuring a million rows costs comparisons, not formatting.
 */
export class ColumnWidths {
  private readonly widest: number[];
  private readonly lo: number[];
  private readonly hi: number[];

  constructor(private readonly formats: readonly CellFormat[]) {
    this.widest = formats.map(() => 0);
    this.lo = formats.map(() => Number.POSITIVE_INFINITY);
    this.hi = formats.map(() => Number.NEGATIVE_INFINITY);
  }

  /** Measures one row. */
  measure(values: readonly CellValue[]): void {
    for (let c = 0; c < this.formats.length; c++) {
      const v = values[c] ?? null;
      if (typeof v === 'number') {
        this.measureNumber(c, v);
        continue;
      }
      const n = shownLength(v, this.formats[c]!);
      if (n > this.widest[c]!) this.widest[c] = n;
    }
  }

  /** Measures one number of column `c` (a loop over typed arrays needs no row). */
  measureNumber(c: number, value: number): void {
    const f = this.formats[c]!;
    if (f === 'general' || f === 'text') {
      // Shown as written: its length does not follow its magnitude.
      const n = shownLength(value, f);
      if (n > this.widest[c]!) this.widest[c] = n;
      return;
    }
    if (value < this.lo[c]!) this.lo[c] = value;
    if (value > this.hi[c]!) this.hi[c] = value;
  }

  /** The widest value of column `c`, in characters. */
  private widestOf(c: number): number {
    const f = this.formats[c]!;
    const [lo, hi] = [this.lo[c]!, this.hi[c]!];
    const numbers = lo <= hi ? Math.max(shownLength(lo, f), shownLength(hi, f)) : 0;
    return Math.max(this.widest[c]!, numbers);
  }

  /** The width of column `c` to fit `header` and its widest value (within MIN_WIDTH..MAX_WIDTH). */
  width(c: number, header: string): number {
    const widestWord = Math.max(...header.split(' ').map((w) => w.length));
    // A long header wraps (the header row wraps its text) but never inside a word.
    const headerWidth = header.length <= 24 ? header.length : Math.max(widestWord, 24);
    const format = this.formats[c]!;
    const least = format === 'date' ? 10 : format === 'datetime' ? 19 : MIN_WIDTH;
    const width = Math.min(MAX_WIDTH, Math.max(least, headerWidth, this.widestOf(c)) + PADDING);
    // exceljs leaves out a column of its default width (9), which Excel then shows at 8.43.
    return width === 9 ? 9.5 : width;
  }
}
