import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import { type CellFormat, type CellValue, NUMBER_FORMATS } from './cells';

/*
 * A streamed `.xlsx` workbook on exceljs's `stream.xlsx.WorkbookWriter` (decision 043): sheets are
 * written one after the other, each row committed (turned into XML and handed to the zip) as it is
 * added, so only the row being written is in memory.
 *
 * exceljs hands a sheet's XML to the zip's deflate stream without waiting for it: a writer faster
 * than deflate piles the sheet up in memory (exceljs issues #282, #1894). `SheetStream.addRow`
 * therefore waits, every few rows, until the deflate stream has taken what it was given
 * (`drained`). That reads two fields of exceljs 4.4.0's sheet stream (`pipes`, `buffers`) and the
 * deflate stream's writable state; `workbookStream.test.ts` fails if an upgrade changes them.
 */

/** Rows between two backpressure checks. */
const CHECK_EVERY = 32;

/** A column of a sheet: its header (with the unit), how its cells are shown and its width in characters. */
export interface SheetColumn {
  header: string;
  format: CellFormat;
  width: number;
}

/** exceljs's internal sheet stream, as far as the backpressure check reads it. */
interface SheetStreamInternals {
  pipes?: Writable[];
  buffers?: unknown[];
}

/**
 * Whether a writable holds more than its high-water mark. The zip's deflate stream is a
 * `readable-stream` 3 Transform, which has no `writableNeedDrain`: its state says the same, as in
 * Node's own streams.
 */
export const needsDrain = (w: Writable): boolean =>
  (w as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ?? w.writableNeedDrain;

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true },
  alignment: { vertical: 'top', wrapText: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } },
  border: { bottom: { style: 'thin', color: { argb: 'FF8FA3B8' } } },
};

/** Shared style objects by format (see `SheetStream`). */
const STYLES = Object.fromEntries(
  Object.entries(NUMBER_FORMATS).map(([format, numFmt]) => [format, numFmt ? { numFmt } : {}]),
) as Record<CellFormat, Partial<ExcelJS.Style>>;

/** Excel's limit of characters in a cell. */
const CELL_TEXT_MAX = 32_767;

/** A value as exceljs writes it: a number that is not finite is an empty cell, text is cut to Excel's limit. */
const cellValue = (v: CellValue): CellValue => {
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  if (typeof v === 'string' && v.length > CELL_TEXT_MAX) return `${v.slice(0, CELL_TEXT_MAX - 1)}…`;
  return v;
};

/** The writer of one workbook into `out` (a stream the export store reads). */
export class WorkbookStream {
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private failure: Promise<never>;
  private open: SheetStream | undefined;
  private readonly names = new Set<string>();

  /**
   * A writer into `out`. exceljs is loaded here, on the first workbook, not when the API starts:
   * it was about a tenth of the start of a process (the API, the operator CLI) that never writes one.
   */
  static async open(out: Writable, opts: { created: Date; compressionLevel?: number }): Promise<WorkbookStream> {
    const { default: excel } = await import('exceljs');
    return new WorkbookStream(excel, out, opts);
  }

  private constructor(excel: typeof ExcelJS, out: Writable, opts: { created: Date; compressionLevel?: number }) {
    this.book = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      // Inline strings: a shared-string table would hold every distinct text until the end.
      useSharedStrings: false,
      zip: { zlib: { level: opts.compressionLevel ?? 6 } },
    });
    this.book.creator = 'Econ Forecast Platform';
    this.book.created = opts.created;
    this.book.modified = opts.created;
    // A failing output stops every wait below instead of leaving it hanging.
    this.failure = new Promise<never>((_, reject) => {
      out.once('error', reject);
      out.once('close', () => {
        if (!out.writableFinished) reject(new Error('the workbook output closed before the workbook was complete'));
      });
    });
    this.failure.catch(() => {});
  }

  /**
   * Starts a sheet (the previous one must be ended): its header row bold and frozen with the first
   * `frozenColumns` columns, an auto-filter on the headers, the columns' widths.
   */
  async sheet(name: string, columns: readonly SheetColumn[], frozenColumns = 0): Promise<SheetStream> {
    if (this.open) throw new Error(`sheet ${this.open.name} is not ended`);
    if (this.names.has(name)) throw new Error(`sheet ${name} exists`);
    this.names.add(name);
    const ws = this.book.addWorksheet(name, {
      views: [{ state: 'frozen', xSplit: frozenColumns, ySplit: 1, activeCell: 'A2' }],
      autoFilter:
        columns.length > 0 ? { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } } : undefined,
    } as Partial<ExcelJS.AddWorksheetOptions>);
    ws.columns = columns.map((c) => ({ width: c.width }));
    const sheet = new SheetStream(name, ws, columns, this.failure);
    this.open = sheet;
    const header = ws.addRow(columns.map((c) => c.header));
    header.eachCell((cell) => {
      cell.style = HEADER_STYLE;
    });
    // Long headers wrap inside their column: the row is as tall as the most lines any of them takes.
    const lines = Math.max(1, ...columns.map((c) => Math.ceil(c.header.length / Math.max(1, c.width - 3))));
    header.height = 15 * lines;
    header.commit();
    return sheet;
  }

  /** Ends the open sheet, if any. */
  async endSheet(): Promise<void> {
    if (!this.open) return;
    const sheet = this.open;
    this.open = undefined;
    await sheet.end();
  }

  /** Ends the last sheet and writes the workbook's remaining parts; resolves once the zip is complete. */
  async finish(): Promise<void> {
    await this.endSheet();
    await Promise.race([this.book.commit(), this.failure]);
  }
}

/** One sheet being written: rows go in order, each committed at once. */
export class SheetStream {
  /** Data rows written (the header excluded). */
  rows = 0;
  private readonly styles: Partial<ExcelJS.Style>[];

  constructor(
    readonly name: string,
    private readonly ws: ExcelJS.Worksheet,
    private readonly columns: readonly SheetColumn[],
    private readonly failure: Promise<never>,
  ) {
    // One style object per column, shared by its cells: exceljs then looks the style up once
    // instead of rendering it for every cell.
    this.styles = columns.map((c) => STYLES[c.format]);
  }

  /**
   * Adds one row (`values` in column order; `formats` overrides a column's format cell by cell);
   * waits now and then for the zip to catch up.
   */
  async addRow(values: readonly CellValue[], formats?: readonly (CellFormat | undefined)[]): Promise<void> {
    const row = this.ws.addRow(values.map(cellValue));
    for (let c = 0; c < this.columns.length; c++) {
      if (values[c] === null || values[c] === undefined) continue;
      const format = formats?.[c];
      row.getCell(c + 1).style = format ? STYLES[format] : this.styles[c]!;
    }
    row.commit();
    this.rows++;
    if (this.rows % CHECK_EVERY === 0) await this.drained();
  }

  /** Resolves once the sheet's XML handed to the zip so far has been compressed. */
  async drained(): Promise<void> {
    const stream = this.ws as unknown as { stream: SheetStreamInternals };
    for (;;) {
      const s = stream.stream;
      const dest = s.pipes?.[0];
      if (dest) {
        if (!needsDrain(dest)) return;
        await Promise.race([once(dest, 'drain'), this.failure]);
        continue;
      }
      // The zip has not reached this sheet yet (it is finishing an earlier part): let it.
      if ((s.buffers?.length ?? 0) <= 2) return;
      await Promise.race([nextTurn(), this.failure]);
    }
  }

  /** Commits the sheet; resolves once the zip has taken all of it. */
  async end(): Promise<void> {
    const stream = (this.ws as unknown as { stream: NodeJS.EventEmitter }).stream;
    const zipped = once(stream, 'zipped');
    this.ws.commit();
    await Promise.race([zipped, this.failure]);
  }
}
