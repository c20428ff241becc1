import type { EconModelKind } from '@econ/contract';
import type { RunModel } from '../../econRuns/runModels';
import type { EconRunRow } from '../../econRuns/store';
import { type CellFormat, type CellValue, ColumnWidths, dateCell } from './cells';
import { settingRows } from './settingRows';
import type { SheetColumn, WorkbookStream } from './workbookStream';

/*
 * The small sheets of a run's workbook, written from what is in memory: Run (what was run and
 * how to read the rest), Assumptions (each model used, its settings one per row) and Model wells
 * (which wells use each model).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Columns sized to fit `rows` (all in memory). */
function fitted(headers: readonly [string, CellFormat][], rows: readonly CellValue[][]): SheetColumn[] {
  const widths = new ColumnWidths(headers.map(([, f]) => f));
  for (const r of rows) widths.measure(r);
  return headers.map(([header, format], c) => ({ header, format, width: widths.width(c, header) }));
}

/** What the Run sheet says beyond the run row. */
export interface RunFacts {
  combos: string[];
  comboName: string | undefined;
  wells: number;
  writtenAt: Date;
}

/** Field | Value rows: the run, the combos written, units and caveats. */
export async function writeRunSheet(book: WorkbookStream, run: EconRunRow, facts: RunFacts): Promise<number> {
  const qualifiers = Object.entries(run.qualifiers as Partial<Record<EconModelKind, string>>)
    .map(([k, q]) => `${k}: ${q}`)
    .join('; ');
  const rows: [string, CellValue, CellFormat?][] = [
    ['Econ run', run.id],
    ['Project id', run.projectId],
    ['Scenario id', run.scenarioId],
    ['Forecast id', run.forecastId],
    ['Run date (UTC)', run.runDate, 'datetime'],
    ['Status', run.status],
    ['Wells of the run', run.wellsTotal, 'integer'],
    ['Wells that failed', run.wellsFailed, 'integer'],
    ['Income tax', run.incomeTax],
    ['Qualifiers', qualifiers || 'default for every kind'],
    ['Combos of the run', facts.combos.join(', ')],
    ['Combos in this workbook', facts.comboName ?? 'all'],
    ['Wells in this workbook', facts.wells, 'integer'],
    ['Workbook written (UTC)', facts.writtenAt, 'datetime'],
    [
      'Units',
      'Money in $ (whole dollars); oil, water, NGL and condensate in BBL, gas in MCF; percentages as numbers (12.5 = 12.5 %)',
    ],
    ['Dates', 'Months are labelled by their first day; dates and times are UTC'],
    [
      'Assumptions',
      'The models assigned under the run’s qualifiers, with their settings as they are now (a model edited since the run shows its new settings)',
    ],
    [
      'Rollup',
      'The sum of the wells’ monthly volumes, revenue, expenses, taxes, CAPEX and cash flows; cumulatives are running sums of the summed cash flow',
    ],
  ];
  const values = rows.map(([field, value]): CellValue[] => [field, value]);
  const columns = fitted(
    [
      ['Field', 'text'],
      ['Value', 'text'],
    ],
    values.map(([f, v]) => [f ?? null, v instanceof Date ? '0000-00-00 00:00:00' : (v ?? null)]),
  );
  const sheet = await book.sheet('Run', columns, 1);
  for (const [field, value, format] of rows) await sheet.addRow([field, value], [undefined, format]);
  await book.endSheet();
  return sheet.rows;
}

/** Kind | Model | Model id | Qualifier | Wells | Setting | Value: one row per setting of each model. */
export async function writeAssumptionsSheet(book: WorkbookStream, models: readonly RunModel[]): Promise<number> {
  const rows: CellValue[][] = [];
  const formats: (CellFormat | undefined)[][] = [];
  for (const m of models) {
    const settings = settingRows(m.settings);
    if (settings.length === 0) settings.push({ path: '', value: '(no settings)' });
    for (const s of settings) {
      const day = typeof s.value === 'string' && DAY.test(s.value);
      rows.push([
        m.kind,
        m.name,
        m.id,
        m.qualifier,
        m.wellIds.length,
        s.path,
        day ? dateCell(s.value as string) : s.value,
      ]);
      formats.push([undefined, undefined, undefined, undefined, undefined, undefined, day ? 'date' : 'general']);
    }
  }
  const columns = fitted(
    [
      ['Kind', 'text'],
      ['Model', 'text'],
      ['Model id', 'text'],
      ['Qualifier', 'text'],
      ['Wells', 'integer'],
      ['Setting', 'text'],
      ['Value', 'general'],
    ],
    rows,
  );
  const sheet = await book.sheet('Assumptions', columns, 2);
  for (const [i, r] of rows.entries()) await sheet.addRow(r, formats[i]);
  await book.endSheet();
  return sheet.rows;
}

/** Kind | Model | Model id | Well name | Well id: which wells use each model. */
export async function writeModelWellsSheet(
  book: WorkbookStream,
  models: readonly RunModel[],
  wellNames: ReadonlyMap<string, string>,
): Promise<number> {
  const widths = new ColumnWidths(['text', 'text', 'text', 'text', 'text']);
  for (const m of models) widths.measure([m.kind, m.name, m.id, null, 'x'.repeat(24)]);
  for (const name of wellNames.values()) widths.measure([null, null, null, name, null]);
  const headers = ['Kind', 'Model', 'Model id', 'Well name', 'Well id'];
  const sheet = await book.sheet(
    'Model wells',
    headers.map((header, c) => ({ header, format: 'text', width: widths.width(c, header) })),
    2,
  );
  for (const m of models) {
    for (const wellId of m.wellIds) await sheet.addRow([m.kind, m.name, m.id, wellNames.get(wellId) ?? null, wellId]);
  }
  await book.endSheet();
  return sheet.rows;
}
