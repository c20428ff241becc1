import { ErrorEnvelope } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Result = {
  status: string;
  code: number;
  well?: string;
  date?: string;
  errors?: { field: string; rule: string; value?: unknown; location: string }[];
};
type Multi = { results: Result[]; successCount: number; failedCount: number };

async function setup() {
  const { headers } = await signedIn(t);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [project, other] = pb.results.map((r) => r.id!) as [string, string];
  const { body: wb } = await postRecords(t, `/v1/projects/${project}/wells`, headers, [
    { wellName: 'A 1H', chosenID: 'A-1', dataSource: 'di' },
    { wellName: 'B 2H', chosenID: 'B-2', dataSource: 'di' },
  ]);
  const [a, b] = wb.results.map((r) => r.id!) as [string, string];
  const { body: ob } = await postRecords(t, `/v1/projects/${other}/wells`, headers, [
    { wellName: 'C 3H', chosenID: 'C-3', dataSource: 'di' },
  ]);
  const c = ob.results[0]!.id!;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { res, body: (text ? JSON.parse(text) : undefined) as unknown };
  };
  return { headers, project, other, a, b, c, call };
}

describe(`daily and monthly production (${BACKEND})`, () => {
  it('POST creates records by well id or chosenID + dataSource; GET lists them by well and date, HEAD counts', async () => {
    const s = await setup();
    const post = await s.call('POST', '/v1/daily-productions', [
      { well: s.a, date: '2024-01-02', oil: 100, gas: 250, water: 10, hoursOn: 24, customNumber1: 7 },
      { chosenID: 'A-1', dataSource: 'di', date: '2024-01-01', oil: 110, gas: null },
      { well: s.b, date: '2024-01-01', oil: 50 },
    ]);
    expect(post.res.status).toBe(207);
    expect((post.body as Multi).results).toEqual([
      { status: 'Created', code: 201, well: s.a, date: '2024-01-02' },
      { status: 'Created', code: 201, well: s.a, date: '2024-01-01' },
      { status: 'Created', code: 201, well: s.b, date: '2024-01-01' },
    ]);
    const list = await s.call('GET', '/v1/daily-productions?take=2');
    const rows = list.body as Record<string, unknown>[];
    expect(rows.map((r) => `${r.well === s.a ? 'a' : 'b'} ${r.date}`)).toEqual(
      s.a < s.b ? ['a 2024-01-01', 'a 2024-01-02'] : ['b 2024-01-01', 'a 2024-01-01'],
    );
    expect(list.res.headers.get('link')).toContain('rel="next"');
    const one = (await s.call('GET', `/v1/daily-productions?well=${s.a}&startDate=2024-01-02`)).body as Record<
      string,
      unknown
    >[];
    expect(one).toHaveLength(1);
    // Exactly the fields held: no nulls, custom numbers beside the others, stamps in ISO 8601 (UTC, ms).
    const stamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(one[0]).toEqual({
      well: s.a,
      date: '2024-01-02',
      oil: 100,
      gas: 250,
      water: 10,
      hoursOn: 24,
      customNumber1: 7,
      createdAt: stamp,
      updatedAt: stamp,
    });
    const monthly = await s.call('POST', '/v1/monthly-productions', [
      { well: s.b, date: '2024-03-01', oil: 0, operationalTag: 'a "tag", with\ttab', customNumber19: -1.5 },
    ]);
    expect((monthly.body as Multi).successCount).toBe(1);
    const [m] = (await s.call('GET', `/v1/monthly-productions?well=${s.b}`)).body as Record<string, unknown>[];
    expect(m).toEqual({
      well: s.b,
      date: '2024-03-01',
      oil: 0,
      operationalTag: 'a "tag", with\ttab',
      customNumber19: -1.5,
      createdAt: stamp,
      updatedAt: stamp,
    });
    const head = await t.app.request('/v1/daily-productions', { method: 'HEAD', headers: s.headers });
    expect(head.headers.get('x-query-count')).toBe('3');
  });

  it('a taken (well, date), a pair sent twice, an unknown well and a well of another project fail their record alone', async () => {
    const s = await setup();
    await s.call('POST', '/v1/monthly-productions', [{ well: s.a, date: '2024-01-01', oil: 1 }]);
    const r = await s.call('POST', `/v1/projects/${s.project}/monthly-productions`, [
      { well: s.a, date: '2024-01-01', oil: 2 },
      { well: s.b, date: '2024-02-01', oil: 3 },
      { chosenID: 'B-2', dataSource: 'di', date: '2024-02-01', oil: 4 },
      { well: '0123456789abcdef01234567', date: '2024-02-01' },
      { well: s.c, date: '2024-02-01' },
      { chosenID: 'C-3', dataSource: 'di', date: '2024-02-01' },
    ]);
    const results = (r.body as Multi).results;
    expect(results.map((x) => x.code)).toEqual([409, 201, 409, 404, 404, 404]);
    expect(results[0]!.errors![0]).toMatchObject({ location: '[0].date', field: 'date', rule: 'unique (well, date)' });
    expect(results[2]!.errors![0]).toMatchObject({ rule: 'unique (well, date)' });
    expect(results[4]!.errors![0]).toMatchObject({ field: 'well', rule: 'well of the project', value: s.c });
    expect(results[5]!.errors![0]).toMatchObject({ field: 'chosenID', value: 'C-3' });
    // The company route reaches the other project's well.
    const company = await s.call('POST', '/v1/monthly-productions', [{ well: s.c, date: '2024-02-01', oil: 9 }]);
    expect((company.body as Multi).results[0]).toMatchObject({ code: 201 });
    const stored = (await s.call('GET', `/v1/projects/${s.project}/monthly-productions`)).body as {
      well: string;
      date: string;
      oil: number;
    }[];
    // The taken record kept its value; the new one is stored once (the write ran again to tell them apart).
    expect(stored.map((r) => [r.well, r.date, r.oil]).sort()).toEqual(
      [
        [s.a, '2024-01-01', 1],
        [s.b, '2024-02-01', 3],
      ].sort(),
    );
  });

  it('PUT upserts: a stored (well, date) has its fields replaced (200), a new one is created (201)', async () => {
    const s = await setup();
    await s.call('POST', '/v1/monthly-productions', [{ well: s.a, date: '2024-01-01', oil: 1, gas: 2, daysOn: 30 }]);
    const r = await s.call('PUT', '/v1/monthly-productions', [
      { well: s.a, date: '2024-01-01', oil: 5 },
      { well: s.a, date: '2024-02-01', oil: 6 },
    ]);
    expect((r.body as Multi).results.map((x) => x.code)).toEqual([200, 201]);
    const rows = (await s.call('GET', `/v1/monthly-productions?well=${s.a}`)).body as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({ date: '2024-01-01', oil: 5 });
    expect(rows[0]).not.toHaveProperty('gas');
    expect(rows[0]).not.toHaveProperty('daysOn');
    expect(rows[1]).toMatchObject({ date: '2024-02-01', oil: 6 });
  });

  it('PATCH updates the given fields of stored records (null clears, custom numbers merge); a missing one is a 404', async () => {
    const s = await setup();
    await s.call('POST', '/v1/daily-productions', [
      { well: s.a, date: '2024-01-01', oil: 1, gas: 2, water: 3, customNumber0: 1, customNumber1: 2 },
    ]);
    const r = await s.call('PATCH', `/v1/projects/${s.project}/daily-productions`, [
      { well: s.a, date: '2024-01-01', oil: 10, gas: null, customNumber1: null, customNumber4: 5 },
      { well: s.a, date: '2024-01-02', oil: 1 },
    ]);
    const results = (r.body as Multi).results;
    expect(results.map((x) => x.code)).toEqual([200, 404]);
    expect(results[1]!.errors![0]).toMatchObject({ field: 'date', rule: 'stored (well, date)', value: '2024-01-02' });
    const [row] = (await s.call('GET', '/v1/daily-productions')).body as Record<string, unknown>[];
    expect(row).toMatchObject({ oil: 10, water: 3, customNumber0: 1, customNumber4: 5 });
    expect(row).not.toHaveProperty('gas');
    expect(row).not.toHaveProperty('customNumber1');
    expect((await s.call('GET', '/v1/daily-productions')).body).toHaveLength(1);
  });

  it('bad input names the field, the rule and the value, and stores nothing for that record', async () => {
    const s = await setup();
    const r = await s.call('POST', '/v1/monthly-productions', [
      { well: s.a, date: '2024-01-15', oil: 1 },
      { well: s.a, date: '2024-02-01', water: -3 },
      { well: s.a, date: '1899-12-01', oil: 1 },
      { date: '2024-03-01', oil: 1 },
    ]);
    const errors = (r.body as Multi).results.map((x) => x.errors?.[0]);
    expect(errors).toEqual([
      expect.objectContaining({ field: 'date', rule: 'first of month', value: '2024-01-15' }),
      expect.objectContaining({ field: 'water', rule: 'min 0', value: -3 }),
      expect.objectContaining({ field: 'date', rule: 'range 1900-01-01..2262-04-01' }),
      expect.objectContaining({ field: 'well', rule: 'required' }),
    ]);
    expect((await s.call('GET', '/v1/monthly-productions')).body).toEqual([]);
    const badRange = await s.call('GET', '/v1/daily-productions?startDate=2024-02-01&endDate=2024-01-01');
    expect(badRange.res.status).toBe(400);
    expect(ErrorEnvelope.parse(badRange.body).details?.[0]).toMatchObject({ field: 'query.endDate' });
    const take = await s.call('GET', '/v1/daily-productions?take=20001');
    expect(take.res.status).toBe(400);
  });

  it('takes 20,000 records in one write and refuses 20,001 as a whole', async () => {
    const s = await setup();
    const start = Date.UTC(1960, 0, 1);
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        well: s.a,
        date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
        oil: 1000 * Math.exp(-i / 3000),
      }));
    const ok = await s.call('POST', '/v1/daily-productions', days(20_000));
    expect(ok.body).toMatchObject({ successCount: 20_000, failedCount: 0 });
    const over = await s.call('POST', '/v1/daily-productions', days(20_001));
    expect(over.res.status).toBe(400);
    expect(ErrorEnvelope.parse(over.body).details?.[0]).toMatchObject({ rule: 'max 20000', value: 20_001 });
    const page = await s.call('GET', `/v1/daily-productions?well=${s.a}&take=20000`);
    expect(page.body).toHaveLength(20_000);
  });

  it('DELETE removes by well and date range (204, X-Delete-Count); without a filter it is a 400', async () => {
    const s = await setup();
    await s.call('POST', '/v1/daily-productions', [
      { well: s.a, date: '2024-01-01', oil: 1 },
      { well: s.a, date: '2024-01-02', oil: 1 },
      { well: s.b, date: '2024-01-02', oil: 1 },
    ]);
    const del = await s.call('DELETE', `/v1/projects/${s.project}/daily-productions?well=${s.a}&startDate=2024-01-02`);
    expect(del.res.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('1');
    // The operator forms of the date filter: date[gt|ge|lt|le].
    await s.call('POST', '/v1/daily-productions', [
      { well: s.b, date: '2024-01-03', oil: 1 },
      { well: s.b, date: '2024-01-04', oil: 1 },
    ]);
    const dates = async (q: string) =>
      ((await s.call('GET', `/v1/daily-productions?well=${s.b}&${q}`)).body as { date: string }[]).map((r) => r.date);
    expect(await dates('date[gt]=2024-01-02')).toEqual(['2024-01-03', '2024-01-04']);
    expect(await dates('date[ge]=2024-01-03&date[lt]=2024-01-04')).toEqual(['2024-01-03']);
    expect(await dates('date[le]=2024-01-03')).toEqual(['2024-01-02', '2024-01-03']);
    const byOp = await s.call('DELETE', `/v1/daily-productions?date[gt]=2024-01-03`);
    expect(byOp.res.headers.get('x-delete-count')).toBe('1');
    const none = await s.call('DELETE', '/v1/daily-productions');
    expect(none.res.status).toBe(400);
    expect((await s.call('GET', '/v1/daily-productions')).body).toHaveLength(3);
  });

  it('DELETE takes a JSON list of {well, date} or {chosenID, dataSource, date}; a well outside the scope deletes nothing', async () => {
    const s = await setup();
    await s.call('POST', '/v1/monthly-productions', [
      { well: s.a, date: '2024-01-01', oil: 1 },
      { well: s.a, date: '2024-02-01', oil: 1 },
      { well: s.b, date: '2024-01-01', oil: 1 },
      { well: s.c, date: '2024-01-01', oil: 1 },
    ]);
    const path = `/v1/projects/${s.project}/monthly-productions`;
    const outside = await s.call('DELETE', path, [
      { well: s.a, date: '2024-01-01' },
      { well: s.c, date: '2024-01-01' },
    ]);
    expect(outside.res.status).toBe(404);
    expect(ErrorEnvelope.parse(outside.body).details).toEqual([
      expect.objectContaining({ field: '[1].well', rule: 'well of the project', value: s.c }),
    ]);
    const bad = await s.call('DELETE', path, [{ well: s.a, date: '2024-01-15' }]);
    expect(bad.res.status).toBe(400);
    expect(ErrorEnvelope.parse(bad.body).details?.[0]).toMatchObject({ field: '[0].date', rule: 'first of month' });
    const both = await s.call('DELETE', `${path}?well=${s.a}`, [{ well: s.a, date: '2024-01-01' }]);
    expect(both.res.status).toBe(400);
    expect((await s.call('GET', '/v1/monthly-productions')).body).toHaveLength(4);

    const del = await s.call('DELETE', path, [
      { well: s.a, date: '2024-01-01' },
      { chosenID: 'B-2', dataSource: 'di', date: '2024-01-01' },
      { well: s.a, date: '2030-01-01' },
    ]);
    expect(del.res.status).toBe(204);
    expect(del.res.headers.get('x-delete-count')).toBe('2');
    const left = (await s.call('GET', '/v1/monthly-productions')).body as { well: string; date: string }[];
    expect(left.map((r) => [r.well, r.date]).sort()).toEqual(
      [
        [s.a, '2024-02-01'],
        [s.c, '2024-01-01'],
      ].sort(),
    );
  });

  it('wells carry first/last production dates and cumulative volumes, kept by every write; lists sort and filter by them', async () => {
    const s = await setup();
    const well = async (id: string) =>
      (await s.call('GET', `/v1/projects/${s.project}/wells/${id}`)).body as Record<string, unknown>;
    expect(Object.keys(await well(s.a))).not.toContain('cumOil');

    await s.call('POST', '/v1/daily-productions', [
      { well: s.a, date: '2024-01-01', oil: 0, gas: 0 },
      { well: s.a, date: '2024-01-02', oil: 10, gas: 20, water: 1 },
      { well: s.a, date: '2024-01-03', oil: 5, gas: 10 },
      { well: s.a, date: '2024-01-04', oil: 0 },
    ]);
    expect(await well(s.a)).toMatchObject({
      firstProdDateDailyCalc: '2024-01-02',
      lastProdDateDaily: '2024-01-03',
      cumOil: 15,
      cumGas: 30,
      cumWater: 1,
    });
    // Monthly records, once there are any, give the cumulative volumes.
    await s.call('PUT', '/v1/monthly-productions', [
      { well: s.a, date: '2023-12-01', oil: 300 },
      { well: s.a, date: '2024-01-01', oil: 100, gas: 5 },
    ]);
    expect(await well(s.a)).toMatchObject({
      firstProdDateMonthlyCalc: '2023-12-01',
      lastProdDateMonthly: '2024-01-01',
      firstProdDateDailyCalc: '2024-01-02',
      cumOil: 400,
      cumGas: 5,
      cumWater: 0,
    });
    await s.call('PATCH', '/v1/monthly-productions', [{ well: s.a, date: '2024-01-01', oil: 200 }]);
    expect(await well(s.a)).toMatchObject({ cumOil: 500 });
    await s.call('POST', '/v1/monthly-productions', [{ well: s.b, date: '2024-01-01', oil: 50 }]);

    const list = async (q: string) =>
      ((await s.call('GET', `/v1/projects/${s.project}/wells?${q}`)).body as { id: string }[]).map((w) => w.id);
    expect(await list('sort=-cumOil')).toEqual([s.a, s.b]);
    expect(await list('sort=cumOil')).toEqual([s.b, s.a]);
    expect(await list('cumOil[ge]=100')).toEqual([s.a]);
    expect(await list('firstProdDateMonthlyCalc[gt]=2023-12-01')).toEqual([s.b]);
    const bad = await s.call('GET', `/v1/projects/${s.project}/wells?cumOil[ge]=lots`);
    expect(bad.res.status).toBe(400);
    expect(ErrorEnvelope.parse(bad.body).details?.[0]).toMatchObject({ value: 'lots' });

    // Deletes refresh too: by filter, then by list; no production leaves no summary.
    await s.call('DELETE', `/v1/monthly-productions?well=${s.a}&endDate=2023-12-01`);
    expect(await well(s.a)).toMatchObject({ firstProdDateMonthlyCalc: '2024-01-01', cumOil: 200 });
    await s.call('DELETE', '/v1/monthly-productions', [{ well: s.a, date: '2024-01-01' }]);
    await s.call('DELETE', `/v1/daily-productions?well=${s.a}`);
    const bare = await well(s.a);
    for (const f of ['cumOil', 'firstProdDateDailyCalc', 'lastProdDateMonthly']) expect(bare).not.toHaveProperty(f);
  });

  it('concurrent writes to one well leave its summary equal to its records', async () => {
    const s = await setup();
    const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const part = (from: number) =>
      Array.from({ length: 400 }, (_, i) => ({ well: s.a, date: day(from + i), oil: 1, gas: 2 }));
    const writes = await Promise.all(
      [0, 400, 800, 1200].map((from) => s.call('POST', '/v1/daily-productions', part(from))),
    );
    for (const w of writes) expect((w.body as Multi).successCount).toBe(400);
    const well = (await s.call('GET', `/v1/projects/${s.project}/wells/${s.a}`)).body;
    expect(well).toMatchObject({
      cumOil: 1600,
      cumGas: 3200,
      firstProdDateDailyCalc: day(0),
      lastProdDateDaily: day(1599),
    });
  });
});
