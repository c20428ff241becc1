import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { dateCell } from './cells';
import { type SheetColumn, WorkbookStream } from './workbookStream';

/** Collects what the workbook writes. */
function sink() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve) => out.on('end', () => resolve(Buffer.concat(chunks))));
  return { out, ended };
}

const columns: SheetColumn[] = [
  { header: 'Name', format: 'text', width: 10 },
  { header: 'Day', format: 'date', width: 13 },
  ...Array.from({ length: 30 }, (_, i): SheetColumn => ({ header: `V${i} ($)`, format: 'amount', width: 16 })),
];

describe('WorkbookStream', () => {
  it('streams sheets one after the other, keeping what waits for the zip small', async () => {
    const { out, ended } = sink();
    const book = await WorkbookStream.open(out, { created: new Date('2027-01-01T00:00:00Z') });
    const sheet = await book.sheet('Data', columns, 1);
    // The backpressure reads exceljs 4.4.0's sheet stream: its pipe to the zip's deflate stream.
    const internals = (sheet as unknown as { ws: { stream: { pipes?: Writable[]; buffers?: unknown[] } } }).ws.stream;
    expect(Array.isArray(internals.buffers)).toBe(true);
    let widest = 0;
    const rows = 6000;
    for (let r = 0; r < rows; r++) {
      await sheet.addRow([
        `w${r % 7}`,
        dateCell('2027-01-01'),
        ...Array.from({ length: 30 }, (_, c) => r * 1000.123 + c),
      ]);
      if (r % 32 === 31) {
        const dest = internals.pipes?.[0];
        expect(dest, 'the zip reads the sheet through a pipe').toBeDefined();
        widest = Math.max(widest, (dest as unknown as { _writableState: { length: number } })._writableState.length);
      }
    }
    // After each wait, at most one batch of exceljs's 64 KB buffers is left for deflate.
    expect(widest).toBeLessThanOrEqual(256 * 1024);
    await book.endSheet();
    const second = await book.sheet('More', columns.slice(0, 2), 0);
    await second.addRow(['x', null]);
    await book.finish();

    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await ended) as unknown as ArrayBuffer);
    expect(back.worksheets.map((w) => w.name)).toEqual(['Data', 'More']);
    const data = back.getWorksheet('Data')!;
    expect(data.rowCount).toBe(rows + 1);
    expect(data.getRow(rows + 1).getCell(3).value).toBe((rows - 1) * 1000.123);
    expect(data.getRow(2).getCell(2).value).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(data.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
  });

  it('refuses a second sheet while one is open, and a name used twice', async () => {
    const { out } = sink();
    const book = await WorkbookStream.open(out, { created: new Date() });
    await book.sheet('A', columns.slice(0, 1));
    await expect(book.sheet('B', columns.slice(0, 1))).rejects.toThrow('sheet A is not ended');
    await book.endSheet();
    await expect(book.sheet('A', columns.slice(0, 1))).rejects.toThrow('sheet A exists');
  });

  it('stops waiting when its output fails', async () => {
    const { out } = sink();
    const book = await WorkbookStream.open(out, { created: new Date() });
    const sheet = await book.sheet('A', columns);
    out.destroy(new Error('disk full'));
    await expect(
      (async () => {
        for (let r = 0; r < 20_000; r++) await sheet.addRow(['x', null, ...new Array(30).fill(r)]);
        await book.finish();
      })(),
    ).rejects.toThrow('disk full');
  });
});
