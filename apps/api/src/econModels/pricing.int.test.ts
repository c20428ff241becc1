import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { econModelExample } from '@econ/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/connection';
import { econModels, scenarioAssignments } from '../db/schema';
import { newObjectId } from '../ids';
import { postRecords } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { PRICE_DECK_DEPRECATED_AT } from './priceDeckRoutes';
import { modelRequests } from './testing';

/* Pricing (issue 19): the service's kind, the deprecated price-deck route over it, and migration 0011. */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const { send, setup, write } = modelRequests(() => t);

const OLD_DECK = {
  pricing: {
    oil: {
      byDate: [
        { date: '2026-01-01', price: 68 },
        { date: '2027-01-01', price: 65 },
      ],
    },
    gas: { flat: 3.25 },
    ngl: { flat: 22 },
    dripCondensate: { flat: 60 },
  },
};

describe(`pricing (${BACKEND})`, () => {
  it('creates the example, reads it back, replaces it by name with offset rows', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/pricing`;
    const created = await write('POST', base, s.headers, { name: 'Strip', ...econModelExample('pricing') });
    expect(created.results[0]).toMatchObject({ status: 'Created', code: 201 });
    const id = created.results[0]!.id!;
    expect((await send('GET', `${base}/${id}`, s.headers)).body).toMatchObject({
      id,
      name: 'Strip',
      ...econModelExample('pricing'),
    });
    const oil = { cap: 90, escalationModel: 'none', rows: [{ offsetToFpd: { start: 1, end: 12 }, price: 72 }] };
    const updated = await write('PUT', base, s.headers, { name: 'Strip', priceModel: { oil } });
    expect(updated.results[0]).toMatchObject({ status: 'OK', code: 200, id });
    const after = (await send('GET', `${base}/${id}`, s.headers)).body as { priceModel: Record<string, unknown> };
    expect(after.priceModel.oil).toEqual(oil);
    // What the PUT left out took the service's defaults (NGL 100 % of oil).
    expect(after.priceModel.ngl).toEqual({
      cap: '',
      escalationModel: 'none',
      rows: [{ entireWellLife: 'Flat', pctOfOilPrice: 100 }],
    });
  });

  it('a price beyond the limit and two units in a row are 400 records naming field, rule and value; nothing stored', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/pricing`;
    const out = await write('POST', base, s.headers, {
      name: 'Bad',
      priceModel: {
        oil: { rows: [{ entireWellLife: 'Flat', price: 10_001 }] },
        gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 3, dollarPerMmbtu: 3 }] },
      },
    });
    expect(out.results[0]).toMatchObject({ status: 'Error', code: 400 });
    expect(out.results[0]!.errors!.map((e) => [e.location, e.rule, e.value])).toEqual(
      expect.arrayContaining([
        ['[0].priceModel.oil.rows[0].price', 'max 10000', 10_001],
        ['[0].priceModel.gas.rows[0]', 'exactly one value', expect.anything()],
      ]),
    );
    expect((await send('HEAD', base, s.headers)).res.headers.get('x-query-count')).toBe('0');
  });
});

describe(`the deprecated price-deck route (${BACKEND})`, () => {
  it('takes the old body, stores a pricing model, reads it back in the old shape, with Deprecation and Link', async () => {
    const s = await setup();
    const old = `/v1/projects/${s.project}/econ-models/price-deck`;
    const r = await send('POST', old, s.headers, { name: 'Old deck', ...OLD_DECK });
    expect(r.res.status).toBe(207);
    expect(r.res.headers.get('deprecation')).toBe(`@${PRICE_DECK_DEPRECATED_AT}`);
    expect(r.res.headers.get('link')).toBe(`</v1/projects/${s.project}/econ-models/pricing>; rel="successor-version"`);
    const id = (r.body as { results: { id: string }[] }).results[0]!.id;

    const viaPricing = (await send('GET', `/v1/projects/${s.project}/econ-models/pricing/${id}`, s.headers)).body as {
      priceModel: { oil: { rows: unknown[] }; gas: { rows: unknown[] } };
    };
    expect(viaPricing.priceModel.oil.rows).toEqual([
      { dates: '1900-01-01', price: 68 },
      { dates: '2027-01-01', price: 65 },
    ]);
    expect(viaPricing.priceModel.gas.rows).toEqual([{ entireWellLife: 'Flat', dollarPerMcf: 3.25 }]);

    const got = await send('GET', `${old}/${id}`, s.headers);
    expect(got.res.headers.get('link')).toBe(
      `</v1/projects/${s.project}/econ-models/pricing/${id}>; rel="successor-version"`,
    );
    expect(got.body).toMatchObject({
      id,
      name: 'Old deck',
      pricing: {
        ...OLD_DECK.pricing,
        oil: { byDate: [{ date: '1900-01-01', price: 68 }, OLD_DECK.pricing.oil.byDate[1]] },
      },
    });
    const list = await send('GET', old, s.headers);
    expect((list.body as unknown as { name: string }[]).map((m) => m.name)).toEqual(['Old deck']);
    expect(list.res.headers.get('deprecation')).toBe(`@${PRICE_DECK_DEPRECATED_AT}`);
  });

  it('a pricing model the old shape cannot say reads as stored; the old body is still checked as before', async () => {
    const s = await setup();
    const created = await write('POST', `/v1/econ-models/pricing`, s.headers, {
      name: 'New',
      ...econModelExample('pricing'),
    });
    const id = created.results[0]!.id!;
    const got = await send('GET', `/v1/econ-models/price-deck/${id}`, s.headers);
    expect(got.body).toMatchObject({ priceModel: (econModelExample('pricing') as { priceModel: unknown }).priceModel });
    const bad = await write('POST', '/v1/econ-models/price-deck', s.headers, {
      name: 'Bad',
      pricing: { ...OLD_DECK.pricing, gas: { flat: -1 } },
    });
    expect(bad.results[0]!.errors).toEqual([
      expect.objectContaining({ location: '[0].pricing.gas.flat', rule: 'min 0' }),
    ]);
  });

  it('is documented as deprecated in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { deprecated?: boolean }>>;
    };
    expect(doc.paths['/v1/econ-models/price-deck']?.post?.deprecated).toBe(true);
    expect(doc.paths['/v1/econ-models/pricing']?.post?.deprecated).toBeUndefined();
  });
});

describe(`migration 0011: price decks become pricing models (${BACKEND})`, () => {
  it('converts stored price-deck models and their assignments; the engine reads the same prices', async () => {
    const s = await setup();
    const db = t.deps.db;
    // A scenario with a well, then a model and an assignment written as before the migration.
    const { body: wb } = await postRecords(t, `/v1/projects/${s.project}/wells`, s.headers, [
      { wellName: 'A', chosenID: 'A', dataSource: 'internal' },
    ]);
    const well = wb.results[0]!.id!;
    const { body: sb } = await postRecords(t, `/v1/projects/${s.project}/scenarios`, s.headers, [
      { name: 'S', wells: [well] },
    ]);
    const scenario = sb.results[0]!.id!;
    const id = newObjectId(t.clock);
    const now = new Date('2026-11-01T00:00:00Z');
    await db.insert(econModels).values({
      id,
      companyId: s.company.id,
      scope: s.project,
      projectId: s.project,
      kind: 'price-deck',
      name: 'Old deck',
      tags: [],
      unique: false,
      functions: OLD_DECK,
      createdBy: 'c',
      lastUpdatedBy: 'c',
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(scenarioAssignments).values({
      scenarioId: scenario,
      wellId: well,
      kind: 'price-deck',
      qualifierName: 'default',
      econModelId: id,
      createdAt: now,
      updatedAt: now,
    });
    const file = readFileSync(join(MIGRATIONS_DIR, '0011_pricing_from_price_deck.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const got = await send('GET', `/v1/projects/${s.project}/econ-models/pricing/${id}`, s.headers);
    expect(got.res.status).toBe(200);
    expect(got.body).toMatchObject({
      name: 'Old deck',
      priceModel: {
        oil: {
          cap: '',
          escalationModel: 'none',
          rows: [
            { dates: '1900-01-01', price: 68 },
            { dates: '2027-01-01', price: 65 },
          ],
        },
        gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 3.25 }] },
        ngl: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 22 }] },
        dripCondensate: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 60 }] },
      },
      breakeven: { basedOnPriceRatio: 'no', npvDiscount: 0, priceRatio: 0 },
    });
    const rows = await db.select().from(scenarioAssignments);
    expect(rows.map((r) => [r.kind, r.econModelId])).toEqual([['pricing', id]]);
  });
});
