import { ECON_MODEL_KINDS, EconModelMultiStatus, econModelExample } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* Our own econ model kinds (issue 8): price decks, with the CRUD of the other kinds (expenses: expensesAndTaxes.int.test.ts). */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;

async function setup() {
  const signed = await signedIn(t);
  const { body } = await postRecords(t, '/v1/projects', signed.headers, [{ name: 'Main' }]);
  return { ...signed, project: body.results[0]!.id! };
}

async function send(method: string, url: string, headers: Headers, body?: unknown) {
  const res = await t.app.request(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { res, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const write = async (method: 'POST' | 'PUT', url: string, headers: Headers, body: unknown) => {
  const r = await send(method, url, headers, body);
  expect(r.res.status, JSON.stringify(r.body)).toBe(207);
  return EconModelMultiStatus.parse(r.body);
};

describe(`price decks (${BACKEND})`, () => {
  it('creates a deck with a by-date oil price, reads it back, replaces it by name with a flat one', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/price-deck`;
    const created = await write('POST', base, s.headers, { name: 'Strip', ...econModelExample('price-deck') });
    expect(created.results[0]).toMatchObject({ status: 'Created', code: 201, name: 'Strip' });
    const id = created.results[0]!.id!;
    const got = await send('GET', `${base}/${id}`, s.headers);
    expect(got.res.status).toBe(200);
    expect(got.body).toMatchObject({ id, name: 'Strip', ...econModelExample('price-deck') });

    const flat = econModelExample('price-deck') as { pricing: Record<string, unknown> };
    const updated = await write('PUT', base, s.headers, {
      name: 'Strip',
      pricing: { ...flat.pricing, oil: { flat: 71.25 } },
    });
    expect(updated.results[0]).toMatchObject({ status: 'OK', code: 200, id });
    const after = await send('GET', `${base}/${id}`, s.headers);
    expect((after.body as { pricing: { oil: unknown } }).pricing.oil).toEqual({ flat: 71.25 });
  });

  it('company decks are served under /v1/econ-models/price-deck', async () => {
    const s = await setup();
    const out = await write('POST', '/v1/econ-models/price-deck', s.headers, {
      name: 'Company deck',
      ...econModelExample('price-deck'),
    });
    expect(out.results[0]!.code).toBe(201);
    const list = await send('GET', '/v1/econ-models/price-deck', s.headers);
    expect((list.body as unknown as { name: string }[]).map((m) => m.name)).toEqual(['Company deck']);
  });

  it('dates out of order and a price over the cap are 400 records naming field, rule and value; nothing is stored', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/price-deck`;
    const deck = econModelExample('price-deck') as { pricing: Record<string, unknown> };
    const out = await write('POST', base, s.headers, {
      name: 'Bad',
      pricing: {
        ...deck.pricing,
        oil: {
          byDate: [
            { date: '2027-01-01', price: 70 },
            { date: '2026-01-01', price: 65 },
          ],
        },
        gas: { flat: 10_001 },
      },
    });
    expect(out.results[0]).toMatchObject({ status: 'Error', code: 400 });
    expect(out.results[0]!.errors).toEqual([
      expect.objectContaining({
        location: '[0].pricing.oil.byDate[1].date',
        field: 'pricing.oil.byDate[1].date',
        rule: 'dates strictly increasing',
        value: '2026-01-01',
      }),
      expect.objectContaining({
        location: '[0].pricing.gas.flat',
        field: 'pricing.gas.flat',
        rule: 'max 10000',
        message: expect.stringContaining('gas must be at most 10000'),
        value: 10_001,
      }),
    ]);
    expect((await send('HEAD', base, s.headers)).res.headers.get('x-query-count')).toBe('0');
  });
});

describe(`the OpenAPI document (${BACKEND})`, () => {
  it('describes both kinds under project and company scopes, with field descriptions', async () => {
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const kind of ['price-deck', 'expenses']) {
      for (const path of [`/v1/projects/{projectId}/econ-models/${kind}`, `/v1/econ-models/${kind}`]) {
        expect(doc.paths[path]?.post, path).toBeDefined();
        expect(doc.paths[path]?.get, path).toBeDefined();
        expect(doc.paths[`${path}/{id}`]?.get, path).toBeDefined();
      }
    }
    const text = JSON.stringify(doc);
    expect(text).toContain('$/MCF');
    expect(text).toContain('strictly increasing');
  });

  it('documents each kind’s request as one object (envelope and functions), not an allOf no body satisfies', async () => {
    const doc = (await (await t.app.request('/openapi.json')).json()) as {
      components: {
        schemas: Record<
          string,
          { allOf?: unknown; additionalProperties?: unknown; properties?: object; required?: string[] }
        >;
      };
    };
    for (const kind of ECON_MODEL_KINDS) {
      const input = doc.components.schemas[`EconModelInput_${kind}_project`]!;
      expect(input.allOf, kind).toBeUndefined();
      expect(input.additionalProperties, kind).toBe(false);
      expect(Object.keys(input.properties!), kind).toEqual(
        expect.arrayContaining(['name', 'tags', ...Object.keys(econModelExample(kind))]),
      );
      expect(input.required, kind).toContain('name');
    }
  });
});
