import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ECON_MONTHLY_COLUMNS,
  type EconMonthlyRow,
  type EconOneLiner,
  EconRun,
  ExportView,
  econMonthlyHeader,
  XLSX_MEDIA_TYPE,
} from '@econ/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPendingEconRuns } from '../econRuns/runner';
import { econRunFixture, sender } from '../econRuns/testing';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { writeEconWorkbookExport } from './econWorkbookFiles';
import type { ExportStore } from './fileStore';
import { FolderStore } from './folderStore';
import { configureExports } from './service';

/*
 * The workbook of a run, written through the API and read back with exceljs's reader: every
 * value equal to the API's one-liners and monthly rows, the rollup their sum, numbers as numbers,
 * dates as dates, headers with units, frozen and as wide as their contents.
 */

let t: TestApi;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'econ-workbook-'));
  t = await createTestApi({ DATA_DIR: root });
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => t.reset());

/** A complete run of the reference scenario (wells A, B with forecasts; C without), with the API's results. */
async function completeRun() {
  const send = sender(t);
  const s = await econRunFixture(t);
  const r = await send('POST', s.runs, s.h, { forecast: s.forecast });
  const run = EconRun.parse(r.body);
  await runPendingEconRuns(t.deps, 'worker-1');
  const monthly = (await send('GET', `${s.runs}/${run.id}/monthly?take=5000`, s.h)).body as EconMonthlyRow[];
  const oneLiners = (await send('GET', `${s.runs}/${run.id}/one-liners?take=1000&sort=well`, s.h))
    .body as EconOneLiner[];
  return { ...s, send, run, monthly, oneLiners };
}
type Run = Awaited<ReturnType<typeof completeRun>>;

async function exportWorkbook(s: Run, extra: Record<string, unknown> = {}) {
  const res = await s.send('POST', '/v1/exports', s.h, {
    exportType: 'econWorkbookExport',
    fileType: 'xlsx',
    projectId: s.p,
    scenarioId: s.scenario,
    econRunId: s.run.id,
    ...extra,
  });
  return res;
}

/** Downloads the export's one file and opens it with exceljs's reader. */
async function openWorkbook(view: ExportView) {
  expect(view.fileUrls).toHaveLength(1);
  const res = await t.app.request(view.fileUrls[0]!.replace(BASE_URL, ''));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(XLSX_MEDIA_TYPE);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip, as every .xlsx
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** A sheet as objects keyed by header, with the cells as exceljs read them. */
function rowsOf(ws: ExcelJS.Worksheet) {
  const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = row.values as unknown[];
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i + 1] ?? null])));
  });
  return { headers, rows };
}

const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : d);

describe(`econ workbook export (${BACKEND})`, () => {
  it('writes the run as an .xlsx whose one-liners, monthly rows and rollup equal the API’s', async () => {
    const s = await completeRun();
    const res = await exportWorkbook(s);
    expect(res.res.status, JSON.stringify(res.body)).toBe(201);
    const view = ExportView.parse(res.body);
    expect(view).toMatchObject({ exportType: 'econWorkbookExport', fileType: 'xlsx', status: 'complete' });
    expect(view.files[0]!.name).toBe(`econ-workbook-${s.run.id}.xlsx`);
    const book = await openWorkbook(view);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Run',
      'Assumptions',
      'Model wells',
      'One-liners',
      'Monthly',
      'Rollup',
    ]);

    // One-liners: one row per well, the API's figures.
    const one = rowsOf(book.getWorksheet('One-liners')!);
    expect(one.rows.map((r) => r['Well id'])).toEqual(s.oneLiners.map((o) => o.well));
    for (const [i, api] of s.oneLiners.entries()) {
      const row = one.rows[i]!;
      expect(row).toMatchObject({ 'Well name': api.wellName, Combo: 'default', Status: api.status });
      if (api.status !== 'complete') continue;
      expect(day(row['Economic limit'])).toBe(api.econLimitDate);
      expect(row['EUR oil (BBL)']).toBe(api.eur.oil);
      expect(row['EUR gas (MCF)']).toBe(api.eur.gas);
      expect(row['Revenue ($)']).toBe(api.revenue);
      expect(row['Net cash flow ($)']).toBe(api.bfit);
      expect(row['NPV, 1st discount ($)']).toBe(api.firstDiscountNpv);
      for (const { rate, npv } of api.npv) expect(row[`NPV ${rate} % ($)`], `NPV ${rate} %`).toBe(npv);
      expect(row['IRR (%)']).toBe(api.irr);
      expect(day(row.Payout)).toBe(api.payout?.date ?? null);
      expect(row['Well life (years)']).toBe(api.wellLife);
      expect(row.Uneconomic).toBe(api.uneconomic);
    }

    // Monthly: one row per well and month, every column equal to the monthly route's.
    const monthly = rowsOf(book.getWorksheet('Monthly')!);
    expect(monthly.headers.slice(0, 4)).toEqual(['Well name', 'Date', 'Combo', 'Well id']);
    expect(monthly.headers.slice(4)).toEqual(ECON_MONTHLY_COLUMNS.map(econMonthlyHeader));
    expect(monthly.headers).toContain('Gross oil (BBL)');
    expect(monthly.headers).toContain('Oil price ($/BBL)');
    expect(monthly.headers).toContain('Working interest (%)');
    expect(monthly.rows).toHaveLength(s.monthly.length);
    for (const [i, api] of s.monthly.entries()) {
      const row = monthly.rows[i]!;
      expect(row['Well id']).toBe(api.well);
      expect(row.Date).toBeInstanceOf(Date);
      expect(day(row.Date)).toBe(api.date);
      for (const c of ECON_MONTHLY_COLUMNS) expect(row[econMonthlyHeader(c)], `${c} of row ${i}`).toBe(api[c]);
    }

    // Rollup: the wells' sum month by month; cumulatives run on the summed cash flow.
    const rollup = rowsOf(book.getWorksheet('Rollup')!);
    const byDate = new Map<string, EconMonthlyRow[]>();
    for (const r of s.monthly) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r]);
    expect(rollup.rows.map((r) => day(r.Date))).toEqual([...byDate.keys()].sort());
    let cum = 0;
    for (const row of rollup.rows) {
      const wells = byDate.get(day(row.Date) as string)!;
      const sum = (c: keyof EconMonthlyRow) => wells.reduce((a, w) => a + (w[c] as number), 0);
      expect(row).toMatchObject({ Combo: 'default', Wells: wells.length });
      for (const c of ['grossOilVolume', 'totalRevenue', 'capex', 'bfit', 'firstDiscountCashFlow'] as const) {
        expect(row[econMonthlyHeader(c)] as number).toBeCloseTo(sum(c), 6);
      }
      cum += sum('bfit');
      expect(row['Cumulative net cash flow ($)'] as number).toBeCloseTo(cum, 6);
      expect(rollup.headers).not.toContain('Oil price ($/BBL)');
    }

    // Assumptions: each model used, its settings one per row, and which wells use it.
    const assumptions = rowsOf(book.getWorksheet('Assumptions')!);
    const price = assumptions.rows.find((r) => r.Kind === 'pricing' && r.Setting === 'priceModel.oil.rows[0].price');
    expect(price).toMatchObject({ Model: 'M pricing', Qualifier: 'default', Wells: 3, Value: 70 });
    const asOf = assumptions.rows.find((r) => r.Setting === 'dateSetting.asOfDate.date');
    expect(asOf?.Value).toBeInstanceOf(Date);
    expect(day(asOf?.Value)).toBe('2027-01-01');
    const kinds = new Set(assumptions.rows.map((r) => r.Kind));
    const modelWells = rowsOf(book.getWorksheet('Model wells')!);
    expect(modelWells.rows).toHaveLength(kinds.size * 3);
    expect(new Set(modelWells.rows.map((r) => r['Well name']))).toEqual(new Set(['A', 'B', 'C']));

    const run = rowsOf(book.getWorksheet('Run')!);
    expect(run.rows.find((r) => r.Field === 'Econ run')?.Value).toBe(s.run.id);
    expect(run.rows.find((r) => r.Field === 'Run date (UTC)')?.Value).toBeInstanceOf(Date);
  });

  it('shows numbers with formats, freezes the header row and sizes columns to fit', async () => {
    const s = await completeRun();
    const book = await openWorkbook(ExportView.parse((await exportWorkbook(s)).body));
    for (const ws of book.worksheets) {
      expect(ws.views[0], ws.name).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.getRow(1).getCell(1).font?.bold, ws.name).toBe(true);
    }
    const monthly = book.getWorksheet('Monthly')!;
    expect(monthly.views[0]).toMatchObject({ xSplit: 2 });
    const headers = (monthly.getRow(1).values as unknown[]).slice(1) as string[];
    const col = (h: string) => headers.indexOf(h) + 1;
    const cell = monthly.getRow(2).getCell(col('Gross oil (BBL)'));
    expect(typeof cell.value).toBe('number');
    expect(cell.numFmt).toBe('#,##0.00');
    expect(monthly.getRow(2).getCell(col('Date')).numFmt).toBe('yyyy-mm-dd');
    // Every column at least as wide as its widest value shown with its format.
    expect(monthly.columns.flatMap((c, i) => (c.width === undefined ? [[i, headers[i]]] : []))).toEqual([]);
    monthly.columns.forEach((c, i) => {
      const header = headers[i]!;
      expect(c.width, header).toBeGreaterThanOrEqual(Math.min(24, header.length));
      let widest = 0;
      c.eachCell?.((v, n) => {
        if (n === 1 || typeof v.value !== 'number') return;
        widest = Math.max(
          widest,
          v.value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).length,
        );
      });
      expect(c.width!, header).toBeGreaterThan(widest);
    });
  });

  it('continues the monthly rows on further sheets past the sheet size, in order', async () => {
    const s = await completeRun();
    configureExports(t.deps, { workbookSheetRows: 50 });
    try {
      const book = await openWorkbook(ExportView.parse((await exportWorkbook(s)).body));
      const parts = book.worksheets.filter((w) => w.name.startsWith('Monthly'));
      expect(parts.map((w) => w.name)).toEqual(['Monthly', 'Monthly 2', 'Monthly 3']);
      const rows = parts.flatMap((w) => rowsOf(w).rows);
      expect(rows.map((r) => `${r['Well id']} ${day(r.Date)}`)).toEqual(s.monthly.map((r) => `${r.well} ${r.date}`));
    } finally {
      configureExports(t.deps, { workbookSheetRows: undefined });
    }
  });

  it('keeps one combo when asked, names it in the file, and refuses a combo the run has not', async () => {
    const s = await completeRun();
    const res = await exportWorkbook(s, { comboName: 'default' });
    expect(res.res.status).toBe(201);
    const view = ExportView.parse(res.body);
    expect(view.files[0]!.name).toBe(`econ-workbook-${s.run.id}-default.xlsx`);
    const book = await openWorkbook(view);
    expect(rowsOf(book.getWorksheet('Monthly')!).rows).toHaveLength(s.monthly.length);

    const missing = await exportWorkbook(s, { comboName: 'High price' });
    expect(missing.res.status).toBe(404);
    expect(JSON.stringify(missing.body)).toContain('no combo named \\"High price\\" (its combos: default)');
  });

  it('fails with the store’s error when the store fails, and with its own when it stops, leaving no file', async () => {
    const s = await completeRun();
    const folder = new FolderStore(join(root, 'failing'));
    const write = (store: ExportStore, exportId: string, onProgress = () => {}) =>
      writeEconWorkbookExport({
        db: t.deps.db,
        projectId: s.p,
        scenarioId: s.scenario,
        econRunId: s.run.id,
        store,
        exportId,
        now: new Date(),
        onProgress,
      });
    const midway: ExportStore = {
      size: (key) => folder.size(key),
      read: (key, range) => folder.read(key, range),
      deletePrefix: (prefix) => folder.deletePrefix(prefix),
      listExportIds: () => folder.listExportIds(),
      async put(_key, body) {
        for await (const _ of body) throw new Error('bucket unavailable');
        return 0;
      },
    };
    await expect(write(midway, 'a'.repeat(24))).rejects.toThrow('bucket unavailable');
    let calls = 0;
    const id = 'b'.repeat(24);
    await expect(
      write(folder, id, () => {
        if (++calls === 1) throw new Error('cancelled'); // after the One-liners sheet, mid-file
      }),
    ).rejects.toThrow('cancelled');
    expect(await folder.listExportIds()).toEqual([id]);
    expect(await readdir(join(root, 'failing', id))).toEqual([]); // no file, no .partial left
  });

  it('refuses a workbook as Parquet and a run that is not complete', async () => {
    const s = await econRunFixture(t);
    const send = sender(t);
    const bad = await send('POST', '/v1/exports', s.h, {
      exportType: 'econWorkbookExport',
      fileType: 'parquet',
      projectId: s.p,
      scenarioId: s.scenario,
      econRunId: '6523f1a2b4c5d6e7f8091a2b',
    });
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('fileType must be one of xlsx');
    const queued = EconRun.parse((await send('POST', s.runs, s.h, { forecast: s.forecast })).body);
    const pending = await send('POST', '/v1/exports', s.h, {
      exportType: 'econWorkbookExport',
      fileType: 'xlsx',
      projectId: s.p,
      scenarioId: s.scenario,
      econRunId: queued.id,
    });
    expect(pending.res.status).toBe(409);
  });
});
