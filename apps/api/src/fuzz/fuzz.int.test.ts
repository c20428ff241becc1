import {
  type BodyCase,
  everyMutationOnce,
  FUZZ_RUNS,
  fieldMutations,
  LONG_RUN,
  wholeBodyCases,
} from '@econ/test-kit/fuzz/arbitraries';
import { type Case, CaseRunner } from '@econ/test-kit/fuzz/runner';
import { isObject, SchemaDoc } from '@econ/test-kit/fuzz/schemaDoc';
import { snapshot } from '@econ/test-kit/fuzz/snapshot';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobsIdle } from '../exports/service';
import { tempDataDir } from '../exports/testing';
import { createTestApi, type TestApi } from '../test/harness';
import { adminAuth, fuzzFixture } from './fixture';
import {
  API_VOLATILE_TABLES,
  type FixtureIds,
  fillPath,
  MALFORMED_IDS,
  type OpenApiDoc,
  UNKNOWN_ID,
  type WriteRoute,
  writeRoutes,
} from './routes';

/*
 * Issue 9, fuzzed input: every write route of the API's own OpenAPI document gets malformed bodies
 * (wrong types at the top and per field, missing and extra fields, out-of-range numbers, bad dates,
 * arrays beyond their maximum, 10k-deep nesting, invalid UTF-8, malformed JSON, wrong content
 * types) and malformed path and query parameters. Each answer must be a 4xx with the error
 * envelope naming a field or rule (never a 5xx; never a 2xx for a body that certainly breaks the
 * route's schema, except a 207 that refuses every record), and no stored row may change.
 * `FUZZ_RUNS=200 npx vitest run --project api-pglite apps/api/src/fuzz` (or `npm run test:fuzz`)
 * runs more random cases per route.
 */

// The clock (2026-11-22) is past the default type-curve switch-over: V2 is live, V1 answers 410.
// A second API with the switch-over still ahead fuzzes the V1 type-curve routes while they live.
let t: TestApi = await createTestApi({ DATA_DIR: tempDataDir() });
const doc = (await (await t.app.request('/openapi.json')).json()) as OpenApiDoc;
const schemas = new SchemaDoc(doc.components?.schemas);
const ROUTES = writeRoutes(doc);

let ids: FixtureIds;
let apiHeaders: Record<string, string>;

/** Cases sent per route (`FUZZ_REPORT=1` prints them at the end). */
const casesPerRoute = new Map<string, number>();

const main = t;
beforeAll(async () => {
  ({ ids, headers: apiHeaders } = await fuzzFixture(t));
});
afterAll(async () => {
  if (process.env.FUZZ_REPORT) {
    const counts = [...casesPerRoute.values()];
    const total = counts.reduce((a, b) => a + b, 0);
    console.log(
      `[fuzz] ${casesPerRoute.size} route runs, ${total} requests (${Math.min(...counts)}–${Math.max(...counts)} per route), FUZZ_RUNS=${FUZZ_RUNS}`,
    );
  }
  await main.close();
});

const OBJECT_ID = '^[0-9a-f]{24}$';

/** A base body for a route: the schema's sample, with the fixture's ids where ids go. */
function baseBody(route: WriteRoute): unknown {
  if (!route.body) return undefined;
  const byName: Record<string, () => string> = {
    well: () => ids.wellId,
    wells: () => ids.wellId,
    excludedWells: () => ids.wellId,
    forecast: () => ids.forecastId,
    forecastId: () => ids.forecastId,
    scenario: () => ids.scenarioId,
    scenarioId: () => ids.scenarioId,
    projectId: () => ids.projectId,
    companyId: () => ids.companyId,
    typeCurve: () => ids.typeCurveId,
  };
  return schemas.sample(route.body, (name, s) => {
    if (s.pattern === OBJECT_ID && byName[name]) return byName[name]!();
    if (name === 'name' && s.type === 'string') return `fuzz ${route.method} ${route.path}`.slice(0, 60);
    return undefined;
  });
}

function headersFor(route: WriteRoute): Record<string, string> {
  if (route.auth === 'admin') return adminAuth(t);
  if (route.auth === 'api') {
    const { 'content-type': _, ...h } = apiHeaders;
    return h;
  }
  return {};
}

interface Sent {
  label: string;
  url: string;
  certain: boolean;
  reason?: string;
  status: number;
  text: string;
}

const enc = new TextEncoder();

async function send(route: WriteRoute, url: string, c: BodyCase): Promise<Sent> {
  const headers: Record<string, string> = { ...headersFor(route) };
  let body: string | Uint8Array | undefined = c.body;
  if (c.contentType) headers['content-type'] = c.contentType;
  // A string body would be sent as text/plain: bytes carry no content type.
  else if (typeof body === 'string') body = enc.encode(body);
  const res = await t.app.request(url, { method: route.method, headers, body: body as BodyInit | undefined });
  const text = await res.text();
  return { label: c.label, url, certain: c.certain, reason: c.reason, status: res.status, text };
}

/** Whether an error body names a field or a rule: in `details`, or per record in a bulk answer. */
function namesSomething(body: Record<string, unknown>): boolean {
  const named = (e: unknown) =>
    isObject(e) && typeof e.message === 'string' && (typeof e.rule === 'string' || typeof e.field === 'string');
  if (Array.isArray(body.details) && body.details.length > 0) return body.details.every(named);
  if (Array.isArray(body.results) && body.results.length > 0) {
    return body.results.every(
      (r) => isObject(r) && Array.isArray(r.errors) && r.errors.length > 0 && r.errors.every(named),
    );
  }
  return Array.isArray(body.generalErrors) && body.generalErrors.length > 0;
}

/** A 207 that refused every record, each with errors naming something. */
function refusedEveryRecord(body: unknown): boolean {
  if (!isObject(body) || !Array.isArray(body.results) || body.results.length === 0) return false;
  return body.successCount === 0 && namesSomething({ results: body.results });
}

/** What is wrong with an answer (empty: nothing). */
function problemsOf(route: WriteRoute, s: Sent): string[] {
  const out: string[] = [];
  let body: unknown;
  try {
    body = s.text ? JSON.parse(s.text) : undefined;
  } catch {
    body = undefined;
  }
  if (s.status >= 500) return [`${s.status}: ${s.text.slice(0, 300)}`];
  if (s.status < 300) {
    if (s.certain && !(s.status === 207 && refusedEveryRecord(body))) {
      out.push(`${s.status} for an invalid body (${s.reason ?? s.label}): ${s.text.slice(0, 300)}`);
    }
    return out;
  }
  if (s.status >= 300 && s.status < 400) return [`${s.status}: a redirect`];
  if (!isObject(body)) return [`${s.status} without a JSON body: ${s.text.slice(0, 200)}`];
  if (route.path === '/v1/oauth/token') {
    // OAuth 2 errors (RFC 6749 5.2): `{error, error_description?}`, the body limit's 413 included.
    if (typeof body.error !== 'string') out.push(`${s.status} without an OAuth error: ${s.text.slice(0, 200)}`);
    return out;
  }
  if (typeof body.name !== 'string' || typeof body.message !== 'string' || body.message === '') {
    out.push(`${s.status} without the error envelope: ${s.text.slice(0, 200)}`);
  }
  // A path that resolves to no route at all (`..` segments) gets the app's plain 404.
  const noRoute = s.status === 404 && String(body.message).startsWith('No route');
  const documented = noRoute ? undefined : route.responses[String(s.status)];
  const reason = documented
    ? schemas.violation(documented, body)
    : schemas.violation({ $ref: '#/components/schemas/Error' }, body);
  if (reason) out.push(`${s.status} body does not match its documented schema (${reason}): ${s.text.slice(0, 200)}`);
  if (s.status === 400 && !namesSomething(body)) out.push(`400 naming no field or rule: ${s.text.slice(0, 300)}`);
  return out;
}

/** Query parameter values to try: malformed for their schema, or beyond an array's maximum. */
function queryCases(route: WriteRoute): { label: string; query: string; certain: boolean }[] {
  const query = route.params.filter((p) => p.in === 'query');
  if (query.length === 0) return [];
  const valid = (name: string) => (name.toLowerCase().includes('scenario') ? ids.scenarioId : UNKNOWN_ID);
  const out: { label: string; query: string; certain: boolean }[] = [];
  for (const p of query) {
    const s = schemas.resolve(p.schema);
    const isArray = s.type === 'array';
    const values: unknown[] = ['fuzz-query-unknown', '', 'x'.repeat(2000), '%ZZ', '-1', 'true '];
    for (const v of values) {
      const others = query
        .filter((q) => q.name !== p.name && q.required)
        .map((q) => `${q.name}=${encodeURIComponent(valid(q.name))}`);
      const raw = v === '%ZZ' ? '%ZZ' : encodeURIComponent(String(v));
      const reason = schemas.violation(s, isArray ? [v === '%ZZ' ? '%ZZ' : v] : v);
      out.push({
        label: `?${p.name}=${String(v).slice(0, 20)}`,
        query: [`${p.name}=${raw}`, ...others].join('&'),
        certain: !!reason,
      });
    }
    if (isArray && typeof s.maxItems === 'number') {
      const many = Array.from({ length: s.maxItems + 1 }, () => `${p.name}=${UNKNOWN_ID}`).join('&');
      out.push({ label: `?${p.name} × ${s.maxItems + 1}`, query: many, certain: true });
    }
    if (p.required) {
      const others = query.filter((q) => q.name !== p.name).map((q) => `${q.name}=${UNKNOWN_ID}`);
      out.push({ label: `no ${p.name}`, query: others.join('&'), certain: true });
    }
  }
  return out;
}

/** The cases every route gets in the quick run (the long run sends every deterministic case). */
const CORE = [
  /^text\/plain$/,
  /^no content type$/,
  /^malformed JSON \{$/,
  /^invalid UTF-8 0xff$/,
  /^deep array 10k$/,
  /^top-level "fuzz"$/,
  /: string$/,
  /: missing$/,
  /: extra field$/,
  /: raw 1e309$/,
  /: bad date 2026-02-30$/,
  /: array of \d+ \(max/,
];
const core = (cases: Case[]) => (LONG_RUN ? cases : cases.filter((c) => CORE.some((re) => re.test(c.label))));

describe('fuzzed input: API write routes from /openapi.json', () => {
  it('fuzzes every write route the app has (none is missing from the OpenAPI document)', () => {
    const documented = new Set(ROUTES.map((r) => `${r.method} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const registered = t.app.routes
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.path}`);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(80);
    expect(ROUTES.filter((r) => r.auth === 'admin').length).toBeGreaterThan(3);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      await fuzzRoute(route);
    });
  }
});

describe('fuzzed input: V1 type-curve routes before the switch-over', () => {
  // The main API is past the switch-over, where these answer 410 to anything; here they still live.
  let v1: TestApi;
  beforeAll(async () => {
    v1 = await createTestApi({ DATA_DIR: tempDataDir(), SWITCHOVER_AT: '2027-06-01T00:00:00Z' });
    t = v1;
    ({ ids, headers: apiHeaders } = await fuzzFixture(t, { v2: false }));
  });
  afterAll(async () => {
    t = main;
    await v1.close();
  });
  for (const route of ROUTES.filter((r) => r.path.startsWith('/v1/projects/{projectId}/type-curves'))) {
    it(`${route.method} ${route.path}`, async () => {
      const statuses = await fuzzRoute(route);
      // Live, not gone: the routes' own validation answered.
      expect([...statuses].filter((s) => s !== 410).length).toBeGreaterThan(0);
    });
  }
});

/** Every case of one route: malformed path and query parameters, then malformed bodies. */
async function fuzzRoute(route: WriteRoute): Promise<Set<number>> {
  const r = new CaseRunner<Sent>({
    snapshot: () => snapshot(t.deps.db, API_VOLATILE_TABLES),
    send: (url, c) => send(route, url, c),
    problemsOf: (_c, s) => problemsOf(route, s),
    settle: () => exportJobsIdle(t.deps),
  });
  await r.start();
  const url = fillPath(route, ids);
  const base = baseBody(route);
  const pathParams = route.params.filter((p) => p.in === 'path');

  // Malformed path parameters (with the base body, or none): always refused.
  const bodyFor = (label: string): BodyCase => ({
    label,
    contentType: route.body ? 'application/json' : null,
    body: route.body ? JSON.stringify(base) : undefined,
    certain: true,
  });
  for (const [i, p] of pathParams.entries()) {
    // An unknown id of the right shape: refused, except by an idempotent DELETE (204), and never a change.
    const idCases = LONG_RUN
      ? ['not-an-object-id', UNKNOWN_ID, '💥', '%00']
      : [i % 2 ? UNKNOWN_ID : 'not-an-object-id', '💥', '%00'];
    for (const id of idCases) {
      const unknownDelete = id === UNKNOWN_ID && route.method === 'DELETE';
      await r.run(fillPath(route, ids, { name: p.name, value: id }), {
        ...bodyFor(`{${p.name}} = ${id}`),
        certain: !unknownDelete,
        keepsData: true,
      });
    }
  }
  if (pathParams.length > 0) {
    await r.property(
      fc.asyncProperty(fc.constantFrom(...pathParams), fc.constantFrom(...MALFORMED_IDS), (p, id) =>
        r.run(fillPath(route, ids, { name: p.name, value: id }), {
          ...bodyFor(`{${p.name}} = ${id.slice(0, 30)}`),
          certain: !(id === UNKNOWN_ID && route.method === 'DELETE'),
          keepsData: true,
        }),
      ),
    );
  }

  for (const q of queryCases(route)) {
    await r.run(`${url}?${q.query}`, { ...bodyFor(q.label), certain: q.certain, keepsData: true });
  }

  if (route.body) {
    const all: Case[] = [
      ...wholeBodyCases(schemas, route.body, base, {
        bodyRequired: route.bodyRequired,
        formAccepted: route.path === '/v1/oauth/token',
      }),
      ...everyMutationOnce(schemas, route.body, base),
    ];
    for (const c of core(all)) await r.run(url, c);
    // Random cases: any of the deterministic ones, or a random mutation at a random field.
    await r.property(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...all), fieldMutations(schemas, route.body, base)), (c) =>
        r.run(url, c),
      ),
    );
  }
  await r.check();
  casesPerRoute.set(`${casesPerRoute.size} ${route.method} ${route.path}`, r.count);
  expect(r.problems, `${r.count} cases on ${route.method} ${route.path}`).toEqual([]);
  return r.statuses;
}
