import { PassThrough } from 'node:stream';
import {
  ECON_MONTHLY_COLUMNS,
  ECON_MONTHLY_TAX_COLUMNS,
  type EconModelKind,
  type EconMonthlyColumn,
  type EconMonthlyTaxColumn,
  econMonthlyHeader,
} from '@econ/contract';
import type { Db } from '../db/connection';
import { monthAfter, sourceIndex } from '../econRuns/results';
import { type MonthlyRollup, RollupAccumulator } from '../econRuns/rollup';
import { fromMonth } from '../econRuns/rollupStore';
import { runModels } from '../econRuns/runModels';
import { findRun, runComboNames } from '../econRuns/store';
import { runWellResults } from '../econRuns/wellResults';
import type { ExportStore } from './fileStore';
import type { ExportFile, ExportProgress } from './forecastVolumeFiles';
import { type CellFormat, type CellValue, ColumnWidths, dateCell } from './workbook/cells';
import { emptyShape, noteShape, oneLinerColumns } from './workbook/oneLinerColumns';
import { writeAssumptionsSheet, writeModelWellsSheet, writeRunSheet } from './workbook/runSheets';
import { type SheetColumn, WorkbookStream } from './workbook/workbookStream';

/*
 * The econ workbook export (ours, issue 20): a complete run as one `.xlsx` file streamed into the
 * export store — sheets Run, Assumptions, Model wells, One-liners, Monthly (continued on
 * "Monthly 2"… past Excel's 1 048 576 rows) and Rollup. Wells are read a batch at a time
 * (`runWellResults`), never the whole run: first the one-liners (which figures and combos there
 * are), then the monthly rows once to size the columns and sum the rollup, then each sheet in turn.
 * See docs/decisions/043-econ-workbook.md.
 */

type Column = EconMonthlyColumn | EconMonthlyTaxColumn;

/** Data rows in a sheet: Excel's 1 048 576 rows less the header. */
export const SHEET_ROWS_MAX = 1_048_575;
/** Wells between two progress reports (each also tells other replicas the export is alive). */
const PROGRESS_EVERY = 100;

/** `econ-workbook-{runId}.xlsx`, or `…-{combo}.xlsx` for one combo (its name made file-safe). */
export function econWorkbookFileName(runId: string, comboName?: string): string {
  if (comboName === undefined) return `econ-workbook-${runId}.xlsx`;
  const slug = comboName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `econ-workbook-${runId}-${slug || 'combo'}.xlsx`;
}

/** The monthly sheet's number columns: every monthly column, the after-tax ones when the run had income tax. */
const monthlyNumbers = (incomeTax: boolean): Column[] =>
  incomeTax ? [...ECON_MONTHLY_COLUMNS, ...ECON_MONTHLY_TAX_COLUMNS] : [...ECON_MONTHLY_COLUMNS];

/** How a monthly column is shown: days as integers, working interest as a percentage, the rest as amounts. */
const monthlyFormat = (c: Column): CellFormat =>
  c === 'days' ? 'integer' : c === 'workingInterest' ? 'decimal' : 'amount';

export interface EconWorkbookOptions {
  db: Db;
  projectId: string;
  scenarioId: string;
  econRunId: string;
  /** Only this combo's results (default: every combo of the run). */
  comboName?: string | undefined;
  store: ExportStore;
  exportId: string;
  /** When the workbook is written (the Run sheet and the file's properties say so). */
  now: Date;
  onProgress: (p: ExportProgress) => void | Promise<void>;
  /** Data rows per sheet before the monthly rows continue on the next sheet (tests make it small). */
  sheetRows?: number;
  /** zlib level of the zip, 1 (fastest) to 9 (smallest); default 6. */
  compressionLevel?: number;
}

/**
 * Writes a complete run as one workbook under `${exportId}/`; resolves with the file. Reports
 * progress (rows written) every PROGRESS_EVERY wells.
 */
export async function writeEconWorkbookExport(opts: EconWorkbookOptions): Promise<ExportFile[]> {
  const { db, store, exportId, econRunId, comboName, onProgress } = opts;
  const run = await findRun(db, econRunId, { scenarioId: opts.scenarioId, projectId: opts.projectId });
  if (!run) throw new Error(`econ run ${econRunId} is gone`);
  const sheetRows = Math.min(opts.sheetRows ?? SHEET_ROWS_MAX, SHEET_ROWS_MAX);
  const wells = (monthly: boolean) => runWellResults(db, econRunId, { monthly, comboName });

  // 1. One-liners only: which figures the sheet needs, the combos, the wells' names.
  const shape = emptyShape();
  const combos: string[] = [];
  const wellNames = new Map<string, string>();
  // Each combo's rollup starts at its wells' earliest aggregation date (as `GET …/rollup`).
  const aggregation = new Map<string, string>();
  for await (const w of wells(false)) {
    noteShape(shape, w.oneLiner);
    if (!combos.includes(w.comboName)) combos.push(w.comboName);
    wellNames.set(w.wellId, w.wellName);
    const date = w.oneLiner.status === 'complete' ? w.oneLiner.aggregationDate : undefined;
    const known = aggregation.get(w.comboName);
    if (date && (known === undefined || date < known)) aggregation.set(w.comboName, date);
  }
  const oneLiners = oneLinerColumns(shape);
  const numbers = monthlyNumbers(run.incomeTax);

  // 2. Monthly rows, once: the columns' widths and the rollup of each combo.
  const oneLinerWidths = new ColumnWidths(oneLiners.map((c) => c.format));
  const monthlyWidths = new ColumnWidths(['text', 'date', 'text', 'text', ...numbers.map(monthlyFormat)]);
  const rollups = new Map<string, RollupAccumulator>();
  let seen = 0;
  for await (const w of wells(true)) {
    oneLinerWidths.measure(oneLiners.map((c) => c.value(w)));
    monthlyWidths.measure([w.wellName, null, w.comboName, w.wellId]);
    const m = w.monthly;
    if (m?.firstMonth && m.months > 0) {
      for (const [c, name] of numbers.entries()) {
        const at = sourceIndex(m.columns, name);
        if (at < 0) monthlyWidths.measureNumber(c + 4, 0);
        else for (let i = 0; i < m.months; i++) monthlyWidths.measureNumber(c + 4, m.data[at * m.months + i]!);
      }
      const acc = rollups.get(w.comboName) ?? new RollupAccumulator(run.incomeTax);
      rollups.set(w.comboName, acc);
      const from = aggregation.get(w.comboName);
      acc.add(fromMonth(m, from ? `${from.slice(0, 7)}-01` : undefined));
    }
    if (++seen % PROGRESS_EVERY === 0) await onProgress({ rowsWritten: 0, filesDone: 0 });
  }

  // 3. The sheets, in order, into the store.
  const name = econWorkbookFileName(econRunId, comboName);
  const out = new PassThrough();
  const putting = store.put(`${exportId}/${name}`, out);
  // A store that fails first stops the writer, and its error is the one reported.
  let writerFailed = false;
  let storeFailure: unknown;
  putting.catch((e: unknown) => {
    if (writerFailed) return;
    storeFailure = e;
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  const book = await WorkbookStream.open(out, {
    created: opts.now,
    ...(opts.compressionLevel === undefined ? {} : { compressionLevel: opts.compressionLevel }),
  });
  let rowsWritten = 0;
  try {
    const models = await runModels(db, {
      scenarioId: run.scenarioId,
      qualifiers: run.qualifiers as Partial<Record<EconModelKind, string>>,
    });
    rowsWritten += await writeRunSheet(book, run, {
      combos: comboName === undefined ? combos : await runComboNames(db, econRunId),
      comboName,
      wells: wellNames.size,
      writtenAt: opts.now,
    });
    rowsWritten += await writeAssumptionsSheet(book, models);
    rowsWritten += await writeModelWellsSheet(book, models, wellNames);

    const oneLinerSheet = await book.sheet(
      'One-liners',
      oneLiners.map((c, i) => ({ header: c.header, format: c.format, width: oneLinerWidths.width(i, c.header) })),
      1,
    );
    for await (const w of wells(false)) await oneLinerSheet.addRow(oneLiners.map((c) => c.value(w)));
    rowsWritten += oneLinerSheet.rows;
    await book.endSheet();
    await onProgress({ rowsWritten, filesDone: 0 });

    const monthlyHeaders = ['Well name', 'Date', 'Combo', 'Well id', ...numbers.map(econMonthlyHeader)];
    const monthlyColumns: SheetColumn[] = monthlyHeaders.map((header, c) => ({
      header,
      format: (['text', 'date', 'text', 'text'] as const)[c] ?? monthlyFormat(numbers[c - 4]!),
      width: monthlyWidths.width(c, header),
    }));
    let part = 1;
    let sheet = await book.sheet('Monthly', monthlyColumns, 2);
    const row: CellValue[] = new Array(monthlyColumns.length);
    seen = 0;
    for await (const w of wells(true)) {
      const m = w.monthly;
      if (m?.firstMonth && m.months > 0) {
        const source = numbers.map((n) => sourceIndex(m.columns, n));
        for (let i = 0; i < m.months; i++) {
          if (sheet.rows >= sheetRows) {
            rowsWritten += sheet.rows;
            await book.endSheet();
            sheet = await book.sheet(`Monthly ${++part}`, monthlyColumns, 2);
          }
          row[0] = w.wellName;
          row[1] = dateCell(monthAfter(m.firstMonth, i));
          row[2] = w.comboName;
          row[3] = w.wellId;
          for (let c = 0; c < numbers.length; c++) {
            const at = source[c]!;
            row[c + 4] = at < 0 ? 0 : m.data[at * m.months + i]!;
          }
          await sheet.addRow(row);
        }
      }
      if (++seen % PROGRESS_EVERY === 0) await onProgress({ rowsWritten: rowsWritten + sheet.rows, filesDone: 0 });
    }
    rowsWritten += sheet.rows;
    await book.endSheet();

    rowsWritten += await writeRollupSheet(book, rollups);
    await book.finish();
    const bytes = await putting;
    await onProgress({ rowsWritten, filesDone: 1 });
    return [{ name, rows: rowsWritten, bytes }];
  } catch (e) {
    writerFailed = storeFailure === undefined;
    out.destroy(e instanceof Error ? e : new Error(String(e)));
    await putting.catch(() => {});
    throw storeFailure ?? e;
  }
}

/** Combo | Date | Wells | the rollup's columns: each combo's total by month. */
async function writeRollupSheet(book: WorkbookStream, rollups: ReadonlyMap<string, RollupAccumulator>) {
  const results: [string, MonthlyRollup][] = [...rollups].map(([combo, acc]) => [combo, acc.result()]);
  const columns = results[0]?.[1].columns ?? new RollupAccumulator(false).columns;
  const formats: CellFormat[] = ['text', 'date', 'integer', ...columns.map(() => 'amount' as const)];
  const widths = new ColumnWidths(formats);
  for (const [combo, r] of results) {
    widths.measure([combo, null, r.wells.length > 0 ? Math.max(...r.wells) : 0]);
    for (let i = 0; i < r.data.length; i++) widths.measureNumber(3 + Math.floor(i / Math.max(1, r.months)), r.data[i]!);
  }
  const headers = ['Combo', 'Date', 'Wells', ...columns.map(econMonthlyHeader)];
  const sheet = await book.sheet(
    'Rollup',
    headers.map((header, c) => ({ header, format: formats[c]!, width: widths.width(c, header) })),
    2,
  );
  for (const [combo, r] of results) {
    if (!r.firstMonth) continue;
    for (let i = 0; i < r.months; i++) {
      const row: CellValue[] = [combo, dateCell(monthAfter(r.firstMonth, i)), r.wells[i]!];
      for (let c = 0; c < r.columns.length; c++) row.push(r.data[c * r.months + i]!);
      await sheet.addRow(row);
    }
  }
  await book.endSheet();
  return sheet.rows;
}
