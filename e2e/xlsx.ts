import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect } from './fixtures';

/* Reading a downloaded workbook back in the test process (exceljs's reader). */

export /** The downloaded workbook as exceljs reads it. */
async function readWorkbook(path: string) {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** A sheet's rows keyed by header. */
export function rowsOf(ws: ExcelJS.Worksheet) {
  const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(headers.map((h, i) => [h, (row.values as unknown[])[i + 1] ?? null])));
  });
  return { headers, rows };
}
