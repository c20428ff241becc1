import { describe, expect, it } from 'vitest';
import { BatchBuilder } from './batches';
import { guessMapping } from './columns';
import { dataRows, readHead } from './csvRows';
import { type ImportPlan, ISSUES_KEPT, importFile, scanFile } from './importRun';
import type { RecordResult } from './summary';
import { WellIndex } from './wellIndex';

const A = { id: 'a'.repeat(24), wellName: 'Alpha 1H', chosenID: 'ALPHA-1', dataSource: 'internal' as const };
const B = { id: 'b'.repeat(24), wellName: 'Bravo 2H', chosenID: 'BRAVO-2', dataSource: 'internal' as const };
const wells = new WellIndex([A, B]);

/** A daily file: `n` good rows over two wells, with the given extra lines appended. */
function file(n: number, extra: string[] = []): string {
  const lines = ['Chosen ID,Date,Oil,Gas,Water'];
  for (let i = 0; i < n; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${i % 2 ? 'BRAVO-2' : 'ALPHA-1'},${day},${i},${2 * i},1`);
  }
  return [...lines, ...extra].join('\n');
}

async function planOf(source: string, chunkSize = 64): Promise<ImportPlan> {
  const head = await readHead(source, 20);
  return {
    source,
    delimiter: head.delimiter,
    headers: head.headers,
    mapping: guessMapping(head.headers, 'daily'),
    resolution: 'daily',
    wells,
    chunkSize,
  };
}

/** A fake API: answers 201 per record, records every body, and notes if two calls ever overlap. */
function fakeApi(answer: (i: number) => RecordResult = () => ({ status: 'Created', code: 201 })) {
  const bodies: unknown[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = async (body: string) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    const records = JSON.parse(body) as unknown[];
    bodies.push(records);
    inFlight--;
    return records.map((_, i) => answer(i));
  };
  return { send, bodies, maxInFlight: () => maxInFlight };
}

describe('readHead and dataRows', () => {
  it('reads the header (BOM and blanks trimmed, unnamed columns numbered) and a sample; finds tabs in pasted Excel text', async () => {
    const head = await readHead('\ufeffWell\tDate\t\n1\t2\t3\n4\t5\t6\n7\t8\t9', 2);
    expect(head).toEqual({
      headers: ['Well', 'Date', 'column 3'],
      rows: [
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
      delimiter: '\t',
    });
  });
  it('refuses an empty file', async () => {
    await expect(readHead('\n\n', 5)).rejects.toThrow(/empty/);
  });
  it('yields data rows in chunks with their file row numbers (header = row 1), quoted commas kept', async () => {
    const rows: [number, string[]][] = [];
    for await (const c of dataRows('h1,h2\n"a,1",b\nc,d\ne,f\n', ',', 8))
      c.rows.forEach((r, i) => {
        rows.push([c.firstRow + i, r]);
      });
    expect(rows.filter(([, r]) => r.length > 1)).toEqual([
      [2, ['a,1', 'b']],
      [3, ['c', 'd']],
      [4, ['e', 'f']],
    ]);
  });
  it('reads no further ahead than the chunk the consumer holds', async () => {
    const text = file(200);
    const it = dataRows(text, ',', 100)[Symbol.asyncIterator]();
    const first = await it.next();
    expect(first.done).toBe(false);
    expect(first.value!.cursor).toBeLessThan(300);
    await it.return(undefined);
  });
});

describe('scanFile', () => {
  it('counts good, bad and empty rows, lists each bad row with its reason, and previews the first records', async () => {
    const text = file(30, ['GAMMA-3,2024-01-01,1,1,1', '', 'ALPHA-1,2024-01-01,5,5,5', 'ALPHA-1,not a date,-1,1,1']);
    const scan = await scanFile(await planOf(text));
    expect(scan).toMatchObject({ rows: 33, records: 30, empty: 1, badRows: 3 });
    expect(scan.issues.map((i) => [i.row, i.column, i.rule])).toEqual([
      [32, 'Chosen ID', 'unknown well'],
      [34, 'Date', 'duplicate'],
      [35, 'Date', 'date'],
      [35, 'Oil', 'min 0'],
    ]);
    expect(scan.preview.length).toBe(10);
    expect(scan.preview[1]).toEqual({ row: 3, record: { well: B.id, date: '2024-01-01', oil: 1, gas: 2, water: 1 } });
  });
  it(`keeps the first ${ISSUES_KEPT} reasons and counts every bad row`, async () => {
    const bad = Array.from({ length: ISSUES_KEPT + 10 }, () => 'NOPE,2024-01-01,1,1,1');
    const scan = await scanFile(await planOf(file(0, bad), 4096));
    expect(scan.badRows).toBe(ISSUES_KEPT + 10);
    expect(scan.issues.length).toBe(ISSUES_KEPT);
  });
  it('stops when cancelled', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(scanFile(await planOf(file(100)), { signal: ctl.signal })).rejects.toThrow();
  });
});

describe('importFile', () => {
  it('sends the good rows in batches, one at a time, skipping bad and empty rows, and counts the answers', async () => {
    const api = fakeApi();
    const text = file(25, ['', 'NOPE,2024-01-01,1,1,1']);
    const end = await importFile(await planOf(text), { mode: 'add', send: api.send, builder: new BatchBuilder(10) });
    expect(end).toMatchObject({ end: 'done', lastRow: 26 });
    expect(end.summary).toMatchObject({ rowsRead: 27, empty: 1, bad: 1, sent: 25, created: 25, refused: 0 });
    expect(api.bodies.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(api.maxInFlight()).toBe(1);
    expect(api.bodies[0]![0]).toEqual({ well: A.id, date: '2024-01-01', oil: 0, gas: 0, water: 1 });
  });
  it('reports server refusals by file row', async () => {
    const api = fakeApi((i) =>
      i === 1
        ? { status: 'Not Found', code: 404, errors: [{ name: 'NotFound', message: 'no such well' }] }
        : { status: 'OK', code: 200 },
    );
    const end = await importFile(await planOf(file(3)), { mode: 'replace', send: api.send });
    expect(end.summary).toMatchObject({
      updated: 2,
      refused: 1,
      refusals: [{ row: 3, code: 404, messages: ['no such well'] }],
    });
  });
  it('stops after the batch in flight when cancelled, every batch sent counted', async () => {
    const ctl = new AbortController();
    const api = fakeApi();
    const send = async (body: string) => {
      const r = await api.send(body);
      ctl.abort();
      return r;
    };
    const end = await importFile(await planOf(file(50), 4096), {
      mode: 'add',
      send,
      signal: ctl.signal,
      builder: new BatchBuilder(10),
    });
    expect(end).toMatchObject({ end: 'cancelled', lastRow: 11 });
    expect(end.summary.created).toBe(10);
    expect(api.bodies.length).toBe(1);
  });
  it('ends with the message of a refused request, keeping the counts before it', async () => {
    let calls = 0;
    const send = async (body: string) => {
      if (++calls === 2) throw new Error('Your role (support) may not change data');
      return (JSON.parse(body) as unknown[]).map(() => ({ status: 'Created', code: 201 }));
    };
    const end = await importFile(await planOf(file(30)), { mode: 'add', send, builder: new BatchBuilder(10) });
    expect(end).toMatchObject({ end: 'failed', error: 'Your role (support) may not change data', lastRow: 11 });
    expect(end.summary.created).toBe(10);
  });
});
