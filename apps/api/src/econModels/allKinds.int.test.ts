import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODELS, sender } from '../econRuns/testing';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* GET /v1/projects/{p}/econ-models and /v1/econ-models: every kind in one list (issue 21). */

let t: TestApi;
let send: ReturnType<typeof sender>;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Row = { id: string; name: string; type: string; kind: string };

async function setup() {
  const s = await signedIn(t);
  const h = s.headers;
  const { body } = await postRecords(t, '/v1/projects', h, [{ name: 'P' }]);
  const p = body.results[0]!.id!;
  for (const [kind, name] of [
    ['pricing', 'Strip'],
    ['expenses', 'LOE'],
    ['ownership-reversions', 'WI 100'],
  ] as const) {
    const r = await send('POST', `/v1/projects/${p}/econ-models/${kind}`, h, { name, ...MODELS[kind] });
    expect((r.body as { results: { code: number }[] }).results[0]!.code, JSON.stringify(r.body)).toBe(201);
  }
  await send('POST', '/v1/econ-models/pricing', h, { name: 'Company strip', ...MODELS.pricing });
  return { h, p };
}

describe(`econ models of every kind (${BACKEND})`, () => {
  it("lists the scope's models of every kind with type and kind; filters by type, name and search; pages", async () => {
    const { h, p } = await setup();
    const base = `/v1/projects/${p}/econ-models`;
    const all = (await send('GET', `${base}?sort=name`, h)).body as Row[];
    expect(all.map((m) => [m.name, m.type, m.kind])).toEqual([
      ['LOE', 'Expenses', 'expenses'],
      ['Strip', 'Pricing', 'pricing'],
      ['WI 100', 'OwnershipReversion', 'ownership-reversions'],
    ]);
    expect(all.find((m) => m.kind === 'pricing')).toHaveProperty('priceModel');
    const typed = (await send('GET', `${base}?type=Pricing&type=expenses&sort=name`, h)).body as Row[];
    expect(typed.map((m) => m.name)).toEqual(['LOE', 'Strip']);
    expect(((await send('GET', `${base}?name=Strip`, h)).body as Row[]).map((m) => m.name)).toEqual(['Strip']);
    expect(((await send('GET', `${base}?search=wi`, h)).body as Row[]).map((m) => m.name)).toEqual(['WI 100']);
    const page = await send('GET', `${base}?take=2&sort=name`, h);
    expect(page.body).toHaveLength(2);
    expect(page.res.headers.get('Link')).toContain('rel="next"');
    const head = await t.app.request(base, { method: 'HEAD', headers: h });
    expect(head.headers.get('X-Query-Count')).toBe('3');
    const company = (await send('GET', '/v1/econ-models', h)).body as Row[];
    expect(company.map((m) => [m.name, m.type])).toEqual([['Company strip', 'Pricing']]);
  });

  it("400 naming the field, 404 for another company's project, 401, take limit", async () => {
    const { h, p } = await setup();
    const base = `/v1/projects/${p}/econ-models`;
    const bad = await send('GET', `${base}?type=Prices`, h);
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('query.type');
    expect((await send('GET', `${base}?take=201`, h)).res.status).toBe(400);
    const other = await signedIn(t, 'Other Co');
    expect((await send('GET', base, other.headers)).res.status).toBe(404);
    expect((await send('GET', '/v1/econ-models', other.headers)).body).toEqual([]);
    expect((await t.app.request(base)).status).toBe(401);
  });
});
