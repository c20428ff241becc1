import { ErrorEnvelope, ExportView } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { exportFixture, tempDataDir } from './testing';

/* `GET /v1/exports` (ours, issue 22): the company's exports, paged, newest first. */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ DATA_DIR: tempDataDir() });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const list = (query: string, headers: Record<string, string>, method = 'GET') =>
  t.app.request(`/v1/exports${query}`, { method, headers });

/** Three complete exports a minute apart; their ids, oldest first. */
async function threeExports(s: Awaited<ReturnType<typeof exportFixture>>): Promise<string[]> {
  const ids: string[] = [];
  for (const exportType of [
    'monthlyForecastVolumeExport',
    'dailyForecastVolumeExport',
    'monthlyForecastVolumeExport',
  ]) {
    const res = await s.post(s.monthly({ exportType }));
    expect(res.status).toBe(201);
    ids.push(ExportView.parse(await res.json()).id);
    t.clock.advance(60_000);
  }
  return ids;
}

describe(`GET /v1/exports (${BACKEND})`, () => {
  it('lists the exports newest first, as GET /v1/exports/{id} shows them, with links while complete', async () => {
    const s = await exportFixture(t);
    const [a, b, c] = await threeExports(s);
    const res = await list('', s.headers);
    expect(res.status).toBe(200);
    const views = ExportView.array().parse(await res.json());
    expect(views.map((v) => v.id)).toEqual([c, b, a]);
    expect(views[1]).toMatchObject({
      exportType: 'dailyForecastVolumeExport',
      status: 'complete',
      createdAt: '2026-11-22T12:01:00.000Z',
      expiresAt: '2026-11-23T12:01:00.000Z',
    });
    for (const v of views) {
      expect(v.fileUrls).toHaveLength(1);
      expect(v.fileUrls[0]).toMatch(new RegExp(`^${BASE_URL}/downloads/exports/${v.id}/`));
      expect(await (await s.get(v.id)).json()).toEqual(v);
    }
    const oldest = ExportView.array().parse(await (await list('?sort=createdAt', s.headers)).json());
    expect(oldest.map((v) => v.id)).toEqual([a, b, c]);
  });

  it('pages with skip/take and the Link header; HEAD answers X-Query-Count', async () => {
    const s = await exportFixture(t);
    const [a, b, c] = await threeExports(s);
    const first = await list('?take=2', s.headers);
    expect(
      ExportView.array()
        .parse(await first.json())
        .map((v) => v.id),
    ).toEqual([c, b]);
    expect(first.headers.get('link')).toBe(
      `<${BASE_URL}/v1/exports?skip=2&take=2>;rel="next",<${BASE_URL}/v1/exports?skip=0&take=2>;rel="first"`,
    );
    const second = await list('?skip=2&take=2', s.headers);
    expect(
      ExportView.array()
        .parse(await second.json())
        .map((v) => v.id),
    ).toEqual([a]);
    expect(second.headers.get('link')).not.toContain('rel="next"');
    const head = await list('', s.headers, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-query-count')).toBe('3');
    expect(await head.text()).toBe('');
  });

  it("shows only the caller's company's exports; an expired export is listed as expired, without links", async () => {
    const s = await exportFixture(t);
    const other = await exportFixture(t, { name: 'Other Co' });
    const [mine] = await threeExports(s);
    const theirs = ExportView.parse(await (await other.post(other.monthly())).json()).id;
    const ours = ExportView.array().parse(await (await list('', s.headers)).json());
    expect(ours).toHaveLength(3);
    expect(ours.map((v) => v.id)).not.toContain(theirs);
    expect(
      ExportView.array()
        .parse(await (await list('', other.headers)).json())
        .map((v) => v.id),
    ).toEqual([theirs]);
    expect((await list('', other.headers, 'HEAD')).headers.get('x-query-count')).toBe('1');

    t.clock.advance(25 * 3_600_000);
    await s.renewToken();
    const later = ExportView.array().parse(await (await list('', s.headers)).json());
    const first = later.find((v) => v.id === mine)!;
    expect(first).toMatchObject({ status: 'expired', fileUrls: [] });
  });

  it('401 without credentials; 400 naming skip, take or sort when out of range', async () => {
    expect((await list('', {})).status).toBe(401);
    const s = await exportFixture(t);
    const cases: [string, string, string][] = [
      ['?take=0', 'take', 'take must be at least 1'],
      ['?take=201', 'take', 'take must be at most 200'],
      ['?take=two', 'take', ''],
      ['?skip=-1', 'skip', 'skip must be 0 or more'],
      ['?sort=name', 'sort', 'sort must be one of createdAt, -createdAt'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query, s.headers);
      expect(res.status, query).toBe(400);
      const detail = ErrorEnvelope.parse(await res.json()).details![0]!;
      expect(detail.field, query).toBe(field);
      expect(detail.message, query).toContain(message);
    }
  });

  it('is documented in the OpenAPI document with its paging query and the Link header', async () => {
    const doc = (await (await t.app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>>;
    };
    const op = doc.paths['/v1/exports']!.get!;
    expect(op.parameters!.map((p) => p.name).sort()).toEqual(['skip', 'sort', 'take']);
    expect(JSON.stringify(op.responses['200'])).toContain('Link');
  });
});
