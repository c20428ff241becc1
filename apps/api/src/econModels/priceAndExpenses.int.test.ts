import { ECON_MODEL_KINDS, EconModelMultiStatus, econModelExample } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* Expenses (issue 8, the service's shape in issue 19), with the CRUD of the other kinds; pricing in pricing.int.test.ts. */

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

describe(`expenses (${BACKEND})`, () => {
  it('creates expenses, reads them back, replaces them by name with fixed costs by date', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/expenses`;
    const created = await write('POST', base, s.headers, [{ name: 'LOE', ...econModelExample('expenses') }]);
    expect(created.results[0]).toMatchObject({ status: 'Created', code: 201 });
    const id = created.results[0]!.id!;
    expect((await send('GET', `${base}/${id}`, s.headers)).body).toMatchObject({
      name: 'LOE',
      ...econModelExample('expenses'),
    });

    const example = econModelExample('expenses') as { expenses: Record<string, unknown>; productionTaxes: unknown };
    const fixed = {
      byDate: [
        { date: '2026-01-01', cost: 9000 },
        { date: '2031-01-01', cost: 6500 },
      ],
    };
    const updated = await write('PUT', base, s.headers, {
      name: 'LOE',
      expenses: { ...example.expenses, fixed },
      productionTaxes: { severanceTax: 7.5, adValoremTax: 0 },
    });
    expect(updated.results[0]).toMatchObject({ status: 'OK', code: 200, id });
    expect((await send('GET', `${base}/${id}`, s.headers)).body).toMatchObject({
      expenses: { fixed },
      productionTaxes: { severanceTax: 7.5, adValoremTax: 0 },
    });
  });

  it('a tax over 100 % and a net/gross calculation are 400 records naming the field; nothing is stored', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/expenses`;
    const example = econModelExample('expenses') as { expenses: Record<string, unknown>; productionTaxes: unknown };
    const out = await write('POST', base, s.headers, {
      name: 'Bad',
      expenses: { ...example.expenses, calculation: 'net' },
      productionTaxes: { severanceTax: 100.5, adValoremTax: 2 },
    });
    expect(out.results[0]!.code).toBe(400);
    expect(out.results[0]!.errors!.map((e) => [e.location, e.rule, e.value])).toEqual(
      expect.arrayContaining([
        ['[0].productionTaxes.severanceTax', 'max 100', 100.5],
        ['[0].expenses.calculation', 'unknown field', 'net'],
      ]),
    );
    expect((await send('HEAD', base, s.headers)).res.headers.get('x-query-count')).toBe('0');
  });
});

describe(`the OpenAPI document (${BACKEND})`, () => {
  it('describes both kinds under project and company scopes, with field descriptions', async () => {
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const kind of ['pricing', 'expenses']) {
      for (const path of [`/v1/projects/{projectId}/econ-models/${kind}`, `/v1/econ-models/${kind}`]) {
        expect(doc.paths[path]?.post, path).toBeDefined();
        expect(doc.paths[path]?.get, path).toBeDefined();
        expect(doc.paths[`${path}/{id}`]?.get, path).toBeDefined();
      }
    }
    const text = JSON.stringify(doc);
    expect(text).toContain('$/MCF');
    expect(text).toContain('strictly increasing');
    expect(text).toContain('multiplies them by the working interest');
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
