import { ErrorEnvelope } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { typeCurves } from '../db/schema';
import { newObjectId } from '../ids';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import type { VolumeRow } from './volumes';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/** A type curve inserted straight into the DB (the CRUD routes are another part). */
async function insertCurve(projectId: string, name = 'TC') {
  const id = newObjectId(t.deps.clock);
  const now = t.clock.now();
  await t.deps.db.insert(typeCurves).values({ id, projectId, name, createdAt: now, updatedAt: now });
  return id;
}

async function setup(company = 'Acme Energy') {
  const { headers } = await signedIn(t, company);
  const { body } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [project, other] = body.results.map((r) => r.id!) as [string, string];
  const curve = await insertCurve(project);
  const path = `/v2/projects/${project}/type-curves/${curve}`;
  const volumes = async (query: string, p = path) => {
    const res = await t.app.request(`${p}/volumes${query}`, { headers });
    return { res, body: (await res.json()) as unknown };
  };
  const putFits = async (fits: unknown) => {
    const res = await t.app.request(`${path}/fits`, { method: 'PUT', headers, body: JSON.stringify(fits) });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  };
  return { headers, project, other, curve, path, volumes, putFits };
}

/** exp_dec with d = 0.36525/year: D = 0.001/day exactly; Jan + Feb 2025 = 59 days. */
const EXP = {
  segmentIndex: 0,
  segmentType: 'exp_dec',
  startDate: '2025-01-01',
  endDate: '2025-02-28',
  qStart: 100,
  d: 0.36525,
};
const flat = (startDate: string, endDate: string, qStart: number) => ({
  segmentIndex: 0,
  segmentType: 'flat',
  startDate,
  endDate,
  qStart,
});
const rate = (series: Record<string, unknown[]>) => ({
  fitType: 'rate',
  regressionType: 'rate',
  eurPercentileMatched: false,
  ...Object.fromEntries(Object.entries(series).map(([k, segments]) => [k, { segments }])),
});
/** Σ_{i=a}^{b−1} 100·e^(−0.001·i), by the geometric closed form. */
const geometric = (a: number, b: number) =>
  (100 * Math.exp(-0.001 * a) * (1 - Math.exp(-0.001 * (b - a)))) / (1 - Math.exp(-0.001));
const close = (a: number | undefined, b: number) => expect(Math.abs((a ?? Number.NaN) - b) / b).toBeLessThan(1e-12);
const details = (body: unknown) => ErrorEnvelope.parse(body).details ?? [];

describe(`type-curve volumes (${BACKEND})`, () => {
  it.each([
    ['', 'query.resolution', 'resolution is required', undefined],
    ['?resolution=weekly', 'query.resolution', 'resolution must be daily or monthly', 'weekly'],
    ['?resolution=daily&take=2501', 'query.take', 'take must be at most 2500', 2501],
    ['?resolution=daily&take=0', 'query.take', 'take must be at least 1', 0],
    ['?resolution=daily&skip=-1', 'query.skip', 'skip must be 0 or more', -1],
  ])('query %j is a 400 naming the parameter', async (query, field, message, value) => {
    const s = await setup();
    const { res, body } = await s.volumes(query);
    expect(res.status).toBe(400);
    const [d] = details(body);
    expect(d).toMatchObject({ field, message: expect.stringContaining(message) });
    if (value !== undefined) expect(String(d?.value)).toBe(String(value));
  });

  it('a type curve without fits has no rows', async () => {
    const s = await setup();
    const { res, body } = await s.volumes('?resolution=monthly');
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
    expect(res.headers.get('Link')).toBe(
      `<${BASE_URL}${s.path}/volumes?skip=0&take=25&resolution=monthly>;rel="first"`,
    );
  });

  it('pages daily rows (take default 25) with a Link header and no count header', async () => {
    const s = await setup();
    await s.putFits({ oil: rate({ best: [EXP] }) });
    const url = (skip: number, take: number) =>
      `<${BASE_URL}${s.path}/volumes?skip=${skip}&take=${take}&resolution=daily>`;

    const first = await s.volumes('?resolution=daily');
    const rows = first.body as VolumeRow[];
    expect(rows).toHaveLength(25);
    expect(rows[0]).toEqual({ date: '2025-01-01', oil: { best: 100 } });
    expect(rows[24]?.date).toBe('2025-01-25');
    expect(first.res.headers.get('Link')).toBe(`${url(25, 25)};rel="next",${url(0, 25)};rel="first"`);
    expect(first.res.headers.get('X-Query-Count')).toBeNull();

    const middle = await s.volumes('?resolution=daily&skip=25&take=25');
    expect((middle.body as VolumeRow[])[0]?.date).toBe('2025-01-26');
    expect(middle.res.headers.get('Link')).toBe(
      `${url(50, 25)};rel="next",${url(0, 25)};rel="prev",${url(0, 25)};rel="first"`,
    );

    const last = await s.volumes('?resolution=daily&skip=50&take=25');
    const tail = last.body as VolumeRow[];
    expect(tail.map((r) => r.date)).toEqual(Array.from({ length: 9 }, (_, i) => `2025-02-${String(20 + i)}`));
    close(tail[8]?.oil?.best, 100 * Math.exp(-0.001 * 58));
    expect(last.res.headers.get('Link')).toBe(`${url(25, 25)};rel="prev",${url(0, 25)};rel="first"`);

    const big = await s.volumes('?resolution=daily&take=2500');
    expect(big.body as VolumeRow[]).toHaveLength(59);
  });

  it('monthly rows: one per calendar month on the 1st, the sum of the month’s daily volumes', async () => {
    const s = await setup();
    await s.putFits({ oil: rate({ best: [EXP], p90: [flat('2025-02-15', '2025-03-10', 4)] }) });
    const { res, body } = await s.volumes('?resolution=monthly');
    expect(res.status).toBe(200);
    const rows = body as VolumeRow[];
    expect(rows.map((r) => r.date)).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    close(rows[0]?.oil?.best, geometric(0, 31));
    close(rows[1]?.oil?.best, geometric(31, 59));
    expect(rows[0]?.oil).not.toHaveProperty('p90');
    expect(rows[1]?.oil?.p90).toBe(14 * 4);
    expect(rows[2]).toEqual({ date: '2025-03-01', oil: { p90: 10 * 4 } });
  });

  it('omits series without a fit and phases without series; a ratio phase is ratio × its base', async () => {
    const s = await setup();
    await s.putFits({
      oil: rate({ best: [flat('2025-01-01', '2025-01-03', 10)], p10: [flat('2025-01-01', '2025-01-03', 20)] }),
      gas: {
        fitType: 'ratio',
        regressionType: 'rate',
        eurPercentileMatched: false,
        ratio: {
          basePhase: 'oil',
          p10: { segments: [flat('2025-01-02', '2025-01-05', 3)] },
          p50: { segments: [flat('2025-01-01', '2025-01-02', 2)] },
        },
      },
    });
    const { body } = await s.volumes('?resolution=daily');
    expect(body).toEqual([
      { date: '2025-01-01', oil: { best: 10, p10: 20 }, gas: { p50: 20 } },
      { date: '2025-01-02', oil: { best: 10, p10: 20 }, gas: { p10: 60, p50: 20 } },
      { date: '2025-01-03', oil: { best: 10, p10: 20 }, gas: { p10: 60 } },
      { date: '2025-01-04', gas: { p10: 0 } },
      { date: '2025-01-05', gas: { p10: 0 } },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/null|water/);
  });

  it('404s for a type curve not in the project, or a project not the company’s', async () => {
    const s = await setup();
    const elsewhere = await insertCurve(s.other, 'Elsewhere');
    expect(
      (await s.volumes('?resolution=daily', `/v2/projects/${s.project}/type-curves/${elsewhere}`)).res.status,
    ).toBe(404);
    expect((await s.volumes('?resolution=daily', `/v2/projects/${s.other}/type-curves/${s.curve}`)).res.status).toBe(
      404,
    );
    const intruder = await setup('Intruder Oil');
    const res = await t.app.request(`${s.path}/volumes?resolution=daily`, { headers: intruder.headers });
    expect(res.status).toBe(404);
  });
});
