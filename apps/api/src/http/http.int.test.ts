import { ECON_MODEL_KINDS, ErrorEnvelope } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminHeaders, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/** The body must be the error envelope `{name, message, details?}`, served as JSON. */
async function envelope(res: Response): Promise<ErrorEnvelope> {
  expect(res.status).toBeLessThan(500);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  return ErrorEnvelope.parse(await res.json());
}

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe(`http edges (${BACKEND})`, () => {
  it('every answer carries X-Request-Id: the client’s (at most 64 characters), else a new one', async () => {
    const { headers } = await signedIn(t);
    const id = (res: Response) => res.headers.get('x-request-id');
    const list = await t.app.request('/v1/projects', { headers: { ...headers, 'x-request-id': 'client-id-1' } });
    expect(list.status).toBe(200);
    expect(id(list)).toBe('client-id-1');
    const head = await t.app.request('/v1/projects', { method: 'HEAD', headers });
    expect(id(head)).toMatch(/^[0-9a-f]{16}$/);
    const again = await t.app.request('/v1/projects', { method: 'HEAD', headers });
    expect(id(again)).toMatch(/^[0-9a-f]{16}$/);
    expect(id(again)).not.toBe(id(head));
    const long = await t.app.request('/v1/projects', { headers: { ...headers, 'x-request-id': 'x'.repeat(100) } });
    expect(id(long)).toBe('x'.repeat(64));
    // Errors: 401, 404, 400, 413 (the body limit still applies to writes).
    for (const [res, status] of [
      [await t.app.request('/v1/projects', { headers: { 'x-request-id': 'e1' } }), 401],
      [await t.app.request('/v1/nope', { headers: { ...headers, 'x-request-id': 'e2' } }), 404],
      [await t.app.request('/v1/projects?take=0', { headers: { ...headers, 'x-request-id': 'e3' } }), 400],
      [
        await t.app.request('/v1/projects', {
          method: 'POST',
          headers: { ...headers, 'x-request-id': 'e4' },
          body: JSON.stringify([{ name: 'x'.repeat(4096) }]),
        }),
        413,
      ],
    ] as const) {
      expect(res.status).toBe(status);
      expect(id(res)).toBe(`e${[401, 404, 400, 413].indexOf(status) + 1}`);
    }
  });

  it('answers unknown routes 404 with the JSON envelope, signed in or not', async () => {
    const { headers } = await signedIn(t);
    for (const path of ['/nope', '/v1nope', '/docs/nope', '/.well-known/nope']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      const body = await envelope(res);
      expect(body.name).toBe('NotFound');
      expect(body.message).toContain(path);
    }
    const post = await t.app.request('/nope', { method: 'POST', headers, body: '{}' });
    expect(post.status).toBe(404);
    expect((await envelope(post)).name).toBe('NotFound');
    const api = await t.app.request('/v1/nope', { headers });
    expect(api.status).toBe(404);
    expect((await envelope(api)).name).toBe('NotFound');
    const deep = await t.app.request('/v1/projects/6523f1a2b4c5d6e7f8091a2b/unknown', { headers });
    expect(deep.status).toBe(404);
    expect((await envelope(deep)).name).toBe('NotFound');
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const { headers } = await signedIn(t);
    for (const body of ['{"name": "x"', '[{"name": }]', '', 'not json']) {
      const res = await t.app.request('/v1/projects', { method: 'POST', headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = await envelope(res);
      expect(err.name).toBe('ValidationError');
      expect(err.message).toMatch(/malformed json/i);
    }
  });

  it('answers a body that is not JSON with 415', async () => {
    const { headers } = await signedIn(t);
    const res = await t.app.request('/v1/projects', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: JSON.stringify([{ name: 'x' }]),
    });
    expect(res.status).toBe(415);
    const err = await envelope(res);
    expect(err.name).toBe('UnsupportedMediaType');
    expect(err.message).toContain('text/plain');
    const { 'content-type': _, ...noType } = headers;
    const missing = await t.app.request('/v1/projects', {
      method: 'POST',
      headers: noType,
      body: JSON.stringify([{ name: 'x' }]),
    });
    expect(missing.status).toBe(415);
    expect((await envelope(missing)).name).toBe('UnsupportedMediaType');
    const form = await t.app.request('/v1/projects', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(form.status).toBe(415);
    const head = await t.app.request('/v1/projects', { method: 'HEAD', headers });
    expect(head.headers.get('x-query-count')).toBe('0');
  });

  it('answers a body over BODY_LIMIT_BYTES with 413, with or without Content-Length', async () => {
    const { headers } = await signedIn(t);
    const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ name: `project number ${i}` })));
    expect(big.length).toBeGreaterThan(2048);
    const streamed = await t.app.request('/v1/projects', { method: 'POST', headers, body: big });
    expect(streamed.status).toBe(413);
    const err = await envelope(streamed);
    expect(err.name).toBe('PayloadTooLarge');
    expect(err.message).toContain('2048');
    const declared = await t.app.request('/v1/projects', {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(big)) },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect((await envelope(declared)).name).toBe('PayloadTooLarge');
    // Nothing was written.
    const head = await t.app.request('/v1/projects', { method: 'HEAD', headers });
    expect(head.headers.get('x-query-count')).toBe('0');
    // A body under the limit still works.
    const small = await t.app.request('/v1/projects', {
      method: 'POST',
      headers,
      body: JSON.stringify([{ name: 'fits' }]),
    });
    expect(small.status).toBe(207);
  });

  it('refuses a lone surrogate escape with a 400 naming the field, and stores nothing; a pair is kept as sent', async () => {
    const { headers } = await signedIn(t);
    const lone = await t.app.request('/v1/projects', {
      method: 'POST',
      headers,
      body: '[{"name":"ok"},{"name":"a\\ud800"}]',
    });
    expect(lone.status).toBe(400);
    expect((await envelope(lone)).details).toEqual([expect.objectContaining({ field: '[1].name', rule: 'unicode' })]);
    const admin = await t.app.request('/admin/companies', {
      method: 'POST',
      headers: adminHeaders,
      body: '{"name":"\\udfff Energy"}',
    });
    expect(admin.status).toBe(400);
    expect((await envelope(admin)).details?.[0]).toMatchObject({ field: 'name', rule: 'unicode' });
    const list = await t.app.request('/v1/projects', { headers });
    expect(await list.json()).toEqual([]);
    const pair = await t.app.request('/v1/projects', {
      method: 'POST',
      headers,
      body: '{"name":"Well \\ud83d\\ude00"}',
    });
    expect(pair.status).toBe(207);
    const [project] = (await (await t.app.request('/v1/projects', { headers })).json()) as { name: string }[];
    expect(project?.name).toBe('Well 😀');
  });

  it('answers a JSON body that is a number, string, boolean or null with 400', async () => {
    const { headers } = await signedIn(t);
    for (const body of ['42', '"a string"', 'true', 'null']) {
      const res = await t.app.request('/v1/projects', { method: 'POST', headers, body });
      expect(res.status, body).toBe(400);
      const err = await envelope(res);
      expect(err.name).toBe('ValidationError');
      expect(err.details?.[0]).toMatchObject({ field: '', rule: 'type array', value: JSON.parse(body) });
    }
    const empty = await t.app.request('/v1/projects', { method: 'POST', headers, body: '[]' });
    expect(empty.status).toBe(400);
    expect((await envelope(empty)).details?.[0]).toMatchObject({ rule: 'min 1' });
  });

  it('serves /healthz and the JWKS without credentials', async () => {
    const health = await t.app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const jwks = await t.app.request('/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    const body = (await jwks.json()) as { keys: { kid?: string; d?: unknown }[] };
    expect(body.keys.length).toBeGreaterThan(0);
    for (const key of body.keys) {
      expect(typeof key.kid).toBe('string');
      expect(key.kid!.length).toBeGreaterThan(0);
      expect(key.d, 'no private part in the JWKS').toBeUndefined();
    }
  });

  it('serves an OpenAPI 3.1 document with the routes, HEAD on lists, and the shared schemas', async () => {
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi.startsWith('3.1')).toBe(true);
    expect(doc.paths['/v1/oauth/token']?.post).toBeDefined();
    expect(doc.paths['/v1/projects']?.get).toBeDefined();
    expect(doc.paths['/v1/projects']?.post).toBeDefined();
    expect(doc.paths['/v1/projects/{projectId}/wells']?.get).toBeDefined();
    expect(doc.paths['/v1/projects/{projectId}/wells']?.post).toBeDefined();
    for (const list of [
      '/v1/projects',
      '/v1/projects/{projectId}/wells',
      '/v1/projects/{projectId}/forecasts',
      '/v1/projects/{projectId}/scenarios',
      '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs',
      '/v1/projects/{projectId}/forecasts/{forecastId}/outputs',
      '/v1/projects/{projectId}/forecasts/{forecastId}/daily-volumes',
      '/v1/projects/{projectId}/forecasts/{forecastId}/monthly-volumes',
      ...ECON_MODEL_KINDS.flatMap((k) => [`/v1/projects/{projectId}/econ-models/${k}`, `/v1/econ-models/${k}`]),
    ]) {
      const item = doc.paths[list];
      expect(item?.get, list).toBeDefined();
      expect(item?.head, `HEAD ${list}`).toBeDefined();
      expect(JSON.stringify(item?.head?.responses)).toContain('X-Query-Count');
    }
    const single = doc.paths['/v1/projects/{projectId}/forecasts/{forecastId}/parameters/{wellId}/{phase}/{series}'];
    for (const verb of ['get', 'post', 'put', 'delete'] as const) expect(single?.[verb], verb).toBeDefined();
    expect(Object.keys(single?.put?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '404']));
    expect(
      doc.paths['/v1/projects/{projectId}/forecasts/{forecastId}/parameters']?.put?.responses?.['207'],
    ).toBeDefined();
    for (const name of [
      'ForecastSegmentInput',
      'ForecastParameterInput',
      'ForecastOutput',
      'ForecastParameterInvalid',
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    for (const k of ECON_MODEL_KINDS) {
      const item = doc.paths[`/v1/projects/{projectId}/econ-models/${k}`];
      expect(item?.post?.responses?.['207'], k).toBeDefined();
      expect(item?.put?.responses?.['207'], k).toBeDefined();
      expect(doc.paths[`/v1/econ-models/${k}/{id}`]?.delete, k).toBeDefined();
    }
    expect(doc.components.schemas.Error).toBeDefined();
    expect(doc.components.schemas.MultiStatus).toBeDefined();
  });

  it('serves /docs with the reference script from this service, not a CDN', async () => {
    const res = await t.app.request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<title>Economics and Forecast Data API</title>');
    expect(html).toContain('data-url="/openapi.json"');
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!);
    expect(scripts).toEqual(['/docs/scalar.js']);
    expect(html).not.toMatch(/cdn\.jsdelivr|unpkg\.com|cdnjs|esm\.sh|skypack|fonts\.|https?:\/\//i);
    // The browser itself refuses outside scripts, styles, fonts and requests.
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/connect-src 'self'[^;*]*(;|$)/);
    const js = await t.app.request('/docs/scalar.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    const body = new TextDecoder().decode(await js.arrayBuffer());
    expect(body.length).toBeGreaterThan(1_000_000);
    expect(body.slice(0, 400)).toContain('@scalar/api-reference');
  });
});
