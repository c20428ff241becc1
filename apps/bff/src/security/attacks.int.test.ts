/*
 * Attacks on the console backend (issue 9): every attempt is refused, and nothing reaches the API.
 * This file is the checklist; several attacks are also covered elsewhere (see
 * docs/security-tests.md): auth/sessions.int.test.ts, app.int.test.ts, proxy/*.int.test.ts and
 * e2e/secrets.spec.ts (the real product in a browser).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { type Proc, startApiProcess } from '@econ/test-kit/processes';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, sessions, users, vaultCredentials } from '../db/schema';
import { API_KEY, CLIENT_ID, CLIENT_SECRET, v2Zip } from '../test/fakeApi';
import { ADMIN_API_TOKEN, createTestBff, ORIGIN, PASSWORD, signIn, type TestBff } from '../test/harness';
import { V1_API_KEY, V1_PRIVATE_KEY, v1Zip } from '../test/v1Credential';
import type { VaultCredentialView } from '../vault/vault';

type Browser = Awaited<ReturnType<typeof signIn>>;

let t: TestBff;
/** Every request the BFF sent to the API (the token endpoint is counted by the fake API itself). */
let upstream: string[];
let admin: Browser;

beforeAll(async () => {
  t = await createTestBff();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await signIn(t, 'admin', 'ada');
  // A credential in the vault, so the proxy would forward anything the rules let through.
  const res = await admin.request('/bff/credentials/upload', {
    method: 'POST',
    headers: { 'content-type': 'application/zip' },
    // Another clientId than the one the fake API's credential ZIPs carry (those are created below).
    body: v2Zip('22222222-3333-4444-8555-666666666666') as Uint8Array<ArrayBuffer>,
  });
  expect(res.status).toBe(201);
  upstream = [];
  const inner = t.deps.fetch;
  t.deps.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    upstream.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return inner(input, init);
  }) as typeof fetch;
});

const json = { 'content-type': 'application/json' };
const countRows = async (table: typeof users | typeof sessions | typeof vaultCredentials) =>
  (await t.deps.db.select().from(table)).length;

/** Nothing reached the API: no proxied request, no token fetched for one. */
function nothingReachedTheApi(tokenCallsBefore: number): void {
  expect(upstream).toEqual([]);
  expect(t.upstream.state.requests).toEqual([]);
  expect(t.upstream.state.tokenCalls).toBe(tokenCallsBefore);
}

describe('CSRF from another origin', () => {
  /** Writes a cross-site page could aim at: a proxied data write, a user, a credential, sign-out. */
  const writes = (): { path: string; method: string; body?: string; headers?: Record<string, string> }[] => [
    { path: '/api/v1/projects', method: 'POST', body: JSON.stringify([{ name: 'csrf' }]), headers: json },
    {
      path: '/bff/users',
      method: 'POST',
      body: JSON.stringify({ username: 'mallory', password: PASSWORD, role: 'admin' }),
      headers: json,
    },
    { path: '/bff/credentials/upload', method: 'POST', body: 'x', headers: { 'content-type': 'application/zip' } },
    { path: '/bff/session', method: 'DELETE' },
  ];

  async function attempt(extra: Record<string, string>, withToken: string | undefined) {
    for (const w of writes()) {
      const headers = new Headers({ ...w.headers, cookie: admin.cookie, ...extra });
      if (withToken !== undefined) headers.set('x-csrf-token', withToken);
      const res = await t.app.request(w.path, { method: w.method, headers, body: w.body });
      expect(res.status, `${w.method} ${w.path} ${JSON.stringify(extra)} token=${withToken}`).toBe(403);
    }
  }

  it('a write without x-csrf-token, with a wrong one, or with another session’s: 403, nothing done', async () => {
    const mallory = await signIn(t, 'engineer', 'mallory-own');
    const tokens = t.upstream.state.tokenCalls;
    const usersBefore = await countRows(users);
    await attempt({ origin: ORIGIN }, undefined);
    await attempt({ origin: ORIGIN }, '');
    await attempt({ origin: ORIGIN }, 'forged');
    await attempt({ origin: ORIGIN }, `${admin.csrfToken}x`);
    await attempt({ origin: ORIGIN }, mallory.csrfToken);
    // Without any Origin header (an old browser, a form post stripped of it): still the token.
    await attempt({}, undefined);
    nothingReachedTheApi(tokens);
    expect(await countRows(users)).toBe(usersBefore);
    // The session survived every attempt to sign it out.
    expect((await admin.request('/bff/session')).status).toBe(200);
  });

  it('a cross-site Origin (or "null", another port or scheme) is 403 even with the right token', async () => {
    const tokens = t.upstream.state.tokenCalls;
    for (const origin of [
      'https://evil.example',
      'null',
      'http://console.test:8080',
      'https://console.test',
      'http://console.test.evil.example',
      'http://evil.example/http://console.test',
    ]) {
      await attempt({ origin }, admin.csrfToken);
    }
    nothingReachedTheApi(tokens);
  });

  it('Sec-Fetch-Site cross-site or same-site is 403 even with the right token and no Origin', async () => {
    const tokens = t.upstream.state.tokenCalls;
    for (const site of ['cross-site', 'same-site']) await attempt({ 'sec-fetch-site': site }, admin.csrfToken);
    nothingReachedTheApi(tokens);
    // Same-origin (and a user-typed navigation, "none") pass on to the other checks.
    const ok = await admin.request('/api/v1/projects', {
      method: 'POST',
      headers: { ...json, 'sec-fetch-site': 'same-origin' },
      body: '[]',
    });
    expect(ok.status).toBe(207);
  });

  it('a sign-in from another origin is refused (login CSRF): foreign Origin or Sec-Fetch-Site', async () => {
    const before = await countRows(sessions);
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const res = await t.app.request('/bff/session', {
        method: 'POST',
        headers: { ...json, ...headers },
        body: JSON.stringify({ username: 'ada', password: PASSWORD }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(await countRows(sessions)).toBe(before);
  });
});

describe('session fixation', () => {
  const signInWith = (cookie: string, username: string) =>
    t.app.request('/bff/session', {
      method: 'POST',
      headers: { ...json, origin: ORIGIN, cookie },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
  const newCookie = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;
  const whoIs = async (cookie: string) => {
    const res = await t.app.request('/bff/session', { headers: { cookie } });
    return res.status === 200 ? ((await res.json()) as { user: { username: string } }).user.username : res.status;
  };

  it('a session id chosen by the attacker before sign-in is not the one after, and never works', async () => {
    await signIn(t, 'engineer', 'victim');
    const planted = 'econ_session=attacker-chosen-value-0123456789abcdefghijklmnop';
    expect(await whoIs(planted)).toBe(401);
    const res = await signInWith(planted, 'victim');
    expect(res.status).toBe(200);
    expect(newCookie(res)).not.toBe(planted);
    expect(await whoIs(newCookie(res))).toBe('victim');
    expect(await whoIs(planted)).toBe(401);
  });

  it("an attacker's own valid session planted in the victim's browser ends at the victim's sign-in", async () => {
    const mallory = await signIn(t, 'support', 'mallory');
    await signIn(t, 'engineer', 'victim');
    const res = await signInWith(mallory.cookie, 'victim');
    expect(res.status).toBe(200);
    const victimCookie = newCookie(res);
    expect(victimCookie).not.toBe(mallory.cookie);
    expect(await whoIs(victimCookie)).toBe('victim');
    // The planted id neither became the victim's session nor lives on as mallory's.
    expect(await whoIs(mallory.cookie)).toBe(401);
  });

  it('after sign-out the old id and its CSRF token are refused everywhere', async () => {
    const s = await signIn(t, 'engineer', 'eve');
    expect((await s.request('/bff/session', { method: 'DELETE' })).status).toBe(204);
    const tokens = t.upstream.state.tokenCalls;
    expect((await s.request('/bff/session')).status).toBe(401);
    expect((await s.request('/api/v1/projects')).status).toBe(401);
    const write = await s.request('/api/v1/projects', { method: 'POST', headers: json, body: '[]' });
    expect(write.status).toBe(401);
    nothingReachedTheApi(tokens);
  });
});

/** The API's write routes, from its own OpenAPI document (`GET /openapi.json` of the real API, `api`). */
async function apiWriteRoutes(api: Proc): Promise<{ method: string; path: string }[]> {
  const res = await fetch(`${api.url}/openapi.json`);
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  const routes: { method: string; path: string }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of Object.keys(ops)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      // Path parameters get a plausible id, so a route that were forwarded would be found.
      const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'phase' ? 'oil' : name === 'series' ? 'best' : name === 'kind' ? 'capex' : '6b00000000000000000000aa',
      );
      routes.push({ method: method.toUpperCase(), path: concrete });
    }
  }
  return routes;
}

describe('a support session calling every write route', () => {
  // The real API as a process (started by file path, on PGlite in a folder of its own): the source
  // of the write routes below. The BFF under test still talks to the fake API, which counts calls.
  let api: Proc | undefined;
  let apiDir: string | undefined;
  beforeAll(async () => {
    apiDir = mkdtempSync(join(tmpdir(), 'bff-attacks-api-'));
    api = await startApiProcess({
      DATA_DIR: apiDir,
      PUBLIC_BASE_URL: 'http://api.test',
      API_ADMIN_TOKEN: randomBytes(16).toString('hex'),
    });
  });
  afterAll(async () => {
    await api?.kill9();
    if (apiDir) rmSync(apiDir, { recursive: true, force: true });
  });

  it("every write route of the API's /openapi.json, through the proxy: 403 from the BFF, nothing reaches the API", async () => {
    const routes = await apiWriteRoutes(api!);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/v1/projects' });
    expect(routes).toContainEqual({ method: 'POST', path: '/v1/exports' });
    const support = await signIn(t, 'support', 'sue');
    const tokens = t.upstream.state.tokenCalls;
    for (const { method, path } of routes) {
      const res = await support.request(`/api${path}`, { method, headers: json, body: '[]' });
      expect(res.status, `${method} /api${path}`).toBe(403);
      expect(((await res.json()) as { name: string }).name).toBe('Forbidden');
    }
    // The same through method tricks: an override header on a read is still a read at the API.
    const tricked = await support.request('/api/v1/projects', { headers: { 'x-http-method-override': 'DELETE' } });
    expect(tricked.status).toBe(200);
    expect(t.upstream.state.requests.map((r) => r.method)).toEqual(['GET']);
    t.upstream.state.requests = [];
    upstream = [];
    for (const method of ['OPTIONS', 'PROPFIND', 'MKCOL', 'LOCK']) {
      const res = await support.request('/api/v1/projects', { method });
      expect(res.status, method).toBe(403);
    }
    nothingReachedTheApi(tokens + 1);
  });

  it("every write route of the console's own: 403, nothing changed", async () => {
    const support = await signIn(t, 'support', 'sue');
    const [cred] = await t.deps.db.select().from(vaultCredentials);
    const [ada] = (await t.deps.db.select().from(users)).filter((u) => u.username === 'ada');
    const before = { users: await countRows(users), vault: await countRows(vaultCredentials) };
    const tokens = t.upstream.state.tokenCalls;
    const routes: [string, string, string?][] = [
      ['POST', '/bff/users', JSON.stringify({ username: 'sue2', password: PASSWORD, role: 'admin' })],
      ['PATCH', `/bff/users/${ada!.id}`, JSON.stringify({ role: 'support' })],
      ['DELETE', `/bff/users/${ada!.id}`],
      ['POST', '/bff/credentials', JSON.stringify({ version: 'v2' })],
      ['POST', '/bff/credentials/upload'],
      ['POST', `/bff/credentials/${cred!.id}/activate`],
      ['POST', `/bff/credentials/${cred!.id}/revoke`],
      ['DELETE', `/bff/credentials/${cred!.id}`],
    ];
    for (const [method, path, body] of routes) {
      const res = await support.request(path, { method, headers: json, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect({ users: await countRows(users), vault: await countRows(vaultCredentials) }).toEqual(before);
    expect((await admin.request('/bff/session')).status).toBe(200);
    nothingReachedTheApi(tokens);
  });
});

describe('an engineer calling admin routes', () => {
  it('credentials, users, audit log and export administration: 403, nothing changed or read', async () => {
    const engineer = await signIn(t, 'engineer', 'eve');
    const created = (await (
      await admin.request('/bff/credentials', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ version: 'v2' }),
      })
    ).json()) as VaultCredentialView;
    const [ada] = (await t.deps.db.select().from(users)).filter((u) => u.username === 'ada');
    const before = { users: await countRows(users), vault: await countRows(vaultCredentials) };
    upstream = [];
    const tokens = t.upstream.state.tokenCalls;
    const revokedBefore = t.upstream.state.revoked.length;
    const exportId = '6b00000000000000000000ee';
    const routes: [string, string, string?][] = [
      ['GET', '/bff/credentials'],
      ['HEAD', '/bff/credentials'],
      ['POST', '/bff/credentials', JSON.stringify({ version: 'v2' })],
      ['POST', '/bff/credentials/upload'],
      ['GET', `/bff/credentials/${created.id}/zip`],
      ['POST', `/bff/credentials/${created.id}/activate`],
      ['POST', `/bff/credentials/${created.id}/revoke`],
      ['DELETE', `/bff/credentials/${created.id}`],
      ['GET', '/bff/users'],
      ['POST', '/bff/users', JSON.stringify({ username: 'eve-admin', password: PASSWORD, role: 'admin' })],
      ['PATCH', `/bff/users/${ada!.id}`, JSON.stringify({ role: 'engineer' })],
      ['DELETE', `/bff/users/${ada!.id}`],
      ['GET', '/bff/audit'],
      ['GET', '/bff/audit?take=500'],
      // Export administration (an engineer may create and read exports, nothing else).
      ['PUT', '/api/v1/exports', '{}'],
      ['PATCH', `/api/v1/exports/${exportId}`, '{}'],
      ['DELETE', `/api/v1/exports/${exportId}`],
      ['DELETE', '/api/v1/exports'],
      ['PUT', `/api/v2/exports/${exportId}`, '{}'],
    ];
    for (const [method, path, body] of routes) {
      const res = await engineer.request(path, { method, headers: json, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect({ users: await countRows(users), vault: await countRows(vaultCredentials) }).toEqual(before);
    nothingReachedTheApi(tokens);
    expect(t.upstream.state.revoked.length).toBe(revokedBefore);
    // The one-time ZIP is still there for the admin.
    expect((await admin.request(`/bff/credentials/${created.id}/zip`)).status).toBe(200);
  });

  it("the API's own admin routes and token endpoint are never forwarded by the proxy, for any role", async () => {
    const engineer = await signIn(t, 'engineer', 'eve');
    const support = await signIn(t, 'support', 'sue');
    const tokens = t.upstream.state.tokenCalls;
    const id = '6b00000000000000000000aa';
    const routes: [string, string, string?][] = [
      ['GET', '/api/admin/companies'],
      ['POST', '/api/admin/companies', JSON.stringify({ name: 'Evil' })],
      ['GET', '/api/admin/credentials'],
      ['POST', '/api/admin/credentials', JSON.stringify({ companyId: id, version: 'v2' })],
      ['GET', `/api/admin/credentials/${id}`],
      ['POST', `/api/admin/credentials/${id}/revoke`],
      ['GET', '/api/%61dmin/credentials'],
      ['GET', '/api/v1/%2e%2e/admin/credentials'],
      ['POST', '/api/v1/oauth/token', JSON.stringify({ grant_type: 'client_credentials', clientId: CLIENT_ID })],
      ['POST', '/api/v1/oauth/token/', '{}'],
      ['GET', '/api/downloads/credentials/abc'],
      ['GET', '/api/healthz'],
    ];
    for (const who of [engineer, support, admin]) {
      for (const [method, path, body] of routes) {
        const res = await who.request(path, { method, headers: json, body });
        expect([403, 404], `${method} ${path} → ${res.status}`).toContain(res.status);
      }
    }
    nothingReachedTheApi(tokens);
    // Data routes still go through.
    expect((await engineer.request('/api/v1/projects')).status).toBe(200);
    await engineer.request('/api/v2/projects/x/type-curves');
    expect(upstream).toEqual(['GET http://api.test/v1/projects', 'GET http://api.test/v2/projects/x/type-curves']);
  });
});

/* ------------------------------------------------------------------------------------ secrets */

const PEM_LINES = V1_PRIVATE_KEY.split('\n').filter((l) => l && !l.startsWith('-----'));
const DIST = resolve(import.meta.dirname, '..', '..', '..', '..', 'dist', 'web');

/** The secrets of the test deployment: none may reach a browser or a log line. */
function testSecrets(): Record<string, string> {
  const all: Record<string, string> = {
    'the v2 API key': API_KEY,
    'the v2 client secret': CLIENT_SECRET,
    'the v1 API key': V1_API_KEY,
    'the v1 private key (whole body)': PEM_LINES.join(''),
    'the API admin token': ADMIN_API_TOKEN,
    'the vault key (BFF_SECRET_KEY)': t.config.secretKey!,
    "the console users' password": PASSWORD,
  };
  PEM_LINES.forEach((line, i) => {
    all[`line ${i + 1} of the v1 private key`] = line;
  });
  return all;
}

/** Secrets of a product `npm start` ran in this checkout (./.data), when there is one. */
function localProductSecrets(): Record<string, string> {
  const root = resolve(DIST, '..', '..', '.data');
  const out: Record<string, string> = {};
  const read = (p: string) => (existsSync(join(root, p)) ? readFileSync(join(root, p), 'utf8').trim() : '');
  if (read('api/admin-token')) out['the local API admin token'] = read('api/admin-token');
  if (read('bff/vault.key')) out['the local vault key'] = read('bff/vault.key');
  if (existsSync(join(root, 'demo-credentials.zip'))) {
    const zip = unzipSync(new Uint8Array(readFileSync(join(root, 'demo-credentials.zip'))));
    const creds = zip['api-credentials.json'];
    if (creds) out['the demo client secret'] = (JSON.parse(strFromU8(creds)) as { clientSecret: string }).clientSecret;
    if (zip['api-key.txt']) out['the demo API key'] = strFromU8(zip['api-key.txt']).trim();
  }
  return out;
}

function expectNoSecret(where: string, text: string, secrets: Record<string, string>): void {
  for (const [name, value] of Object.entries(secrets)) {
    expect(value.length, name).toBeGreaterThanOrEqual(16);
    expect(text.includes(value), `${name} is in ${where}`).toBe(false);
  }
  // A PEM block with a body (the contract's schema names the header, which is no secret).
  expect(/-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/=]{40}/.test(text), `a private key PEM is in ${where}`).toBe(
    false,
  );
  expect(/Bearer tok-/.test(text), `a bearer token is in ${where}`).toBe(false);
}

describe('secrets never appear in responses, the console HTML, the bundle or the logs', () => {
  const logs: string[] = [];
  const spies: ReturnType<typeof vi.spyOn>[] = [];
  beforeEach(() => {
    logs.length = 0;
    for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      spies.push(
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
          logs.push(`${level}: ${args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 8 }))).join(' ')}`);
        }),
      );
    }
  });
  afterEach(() => {
    for (const s of spies.splice(0)) s.mockRestore();
  });

  it('a scripted session: every response body and header, and every log line', async () => {
    const seen: string[] = [];
    const status: Record<string, number> = {};
    const record = async (label: string, res: Response | Promise<Response>) => {
      const r = await res;
      status[label] = r.status;
      const headers = [...r.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
      seen.push(`${label} -> ${r.status}\n${headers}\n\n${await r.clone().text()}`);
      return r;
    };
    const post = (who: Browser, path: string, body: unknown) =>
      who.request(path, { method: 'POST', headers: json, body: JSON.stringify(body) });

    // The admin installs a v1 credential and creates one through the API.
    await record(
      'upload v1',
      admin.request('/bff/credentials/upload', {
        method: 'POST',
        headers: { 'content-type': 'application/zip' },
        body: v1Zip() as Uint8Array<ArrayBuffer>,
      }),
    );
    await record(
      'upload broken',
      admin.request('/bff/credentials/upload', {
        method: 'POST',
        headers: { 'content-type': 'application/zip' },
        body: strToU8('PK not a zip') as Uint8Array<ArrayBuffer>,
      }),
    );
    const created = (await (
      await record('create through the API', post(admin, '/bff/credentials', { version: 'v2' }))
    ).json()) as VaultCredentialView;
    await record('users', post(admin, '/bff/users', { username: 'eve', password: PASSWORD, role: 'engineer' }));
    const signInAs = (username: string, password: string) =>
      t.app.request('/bff/session', {
        method: 'POST',
        headers: { ...json, origin: ORIGIN },
        body: JSON.stringify({ username, password }),
      });
    await record('sign-in eve', signInAs('eve', PASSWORD));
    await record('sign-in eve, wrong password', signInAs('eve', `${PASSWORD}!`));
    const engineer = await signIn(t, 'engineer', 'eng');
    const support = await signIn(t, 'support', 'sup');
    // Data through the proxy, each role, writes and reads, refusals and errors.
    for (const who of [admin, engineer, support]) {
      await record('GET /bff/session', who.request('/bff/session'));
      await record(`GET projects ${who === support ? 'support' : ''}`, who.request('/api/v1/projects?take=25'));
      await record('HEAD projects', who.request('/api/v1/projects', { method: 'HEAD' }));
      await record('POST projects', post(who, '/api/v1/projects', [{ name: 'P' }]));
      await record('GET credentials', who.request('/bff/credentials'));
      await record('GET users', who.request('/bff/users'));
      await record('GET audit', who.request('/bff/audit'));
      await record('GET nothing', who.request('/bff/nothing'));
      await record('bad JSON', who.request('/bff/users', { method: 'POST', headers: json, body: '{' }));
    }
    // The API refusing a token (401 then retry), and the token endpoint refusing the credential.
    t.upstream.state.unauthorizedNext = 1;
    await record('GET after a 401', engineer.request('/api/v1/projects'));
    t.upstream.state.unauthorizedNext = 1;
    await record('POST after a 401', post(engineer, '/api/v1/projects', [{ name: 'Q' }]));
    await record(
      'upload a wrong secret',
      admin.request('/bff/credentials/upload', {
        method: 'POST',
        headers: { 'content-type': 'application/zip' },
        body: v2Zip(
          '99999999-8888-4777-8666-555555555555',
          'wrong-secret-but-long-0123456789',
        ) as Uint8Array<ArrayBuffer>,
      }),
    );
    const [wrong] = (await t.deps.db.select().from(vaultCredentials)).filter((c) => c.principal.startsWith('9999'));
    await record('activate wrong', admin.request(`/bff/credentials/${wrong!.id}/activate`, { method: 'POST' }));
    await record('GET with a refused credential', engineer.request('/api/v1/projects'));
    // The API gone.
    const inner = t.deps.fetch;
    t.deps.fetch = (() => Promise.reject(new Error(`connect ECONNREFUSED with ${ADMIN_API_TOKEN}`))) as typeof fetch;
    await record('API unreachable', engineer.request('/api/v1/projects'));
    await record('API unreachable (create)', post(admin, '/bff/credentials', { version: 'v2' }));
    // The API answering garbage (a proxy's error page) to the admin call that carries its token.
    t.deps.fetch = (() =>
      Promise.resolve(new Response('<html>502 Bad Gateway</html>', { status: 201 }))) as typeof fetch;
    await record('API answers garbage (create)', post(admin, '/bff/credentials', { version: 'v2' }));
    t.deps.fetch = inner;
    // The one-time ZIP is the admin's copy of a credential by design: taken, not recorded; the
    // second try is an ordinary 410.
    expect((await admin.request(`/bff/credentials/${created.id}/zip`)).status).toBe(200);
    await record('ZIP again', admin.request(`/bff/credentials/${created.id}/zip`));
    await record('revoke', admin.request(`/bff/credentials/${created.id}/revoke`, { method: 'POST' }));
    await record('audit', admin.request('/bff/audit'));
    await record('sign-out', admin.request('/bff/session', { method: 'DELETE' }));
    await record('after sign-out', admin.request('/bff/credentials'));
    await record('the console page', t.app.request('/'));
    await record('a console route', t.app.request('/projects/123'));

    expect(seen.length).toBeGreaterThan(40);
    // The walk went where it meant to: successes, refusals and failures.
    expect(status).toMatchObject({
      'upload v1': 201,
      'sign-in eve': 200,
      'sign-in eve, wrong password': 401,
      'upload broken': 400,
      'create through the API': 201,
      'GET projects support': 200,
      'GET after a 401': 200,
      'POST after a 401': 401,
      'activate wrong': 200,
      'GET with a refused credential': 502,
      'API unreachable': 502,
      'API unreachable (create)': 502,
      'API answers garbage (create)': 502,
      'ZIP again': 410,
      revoke: 204,
      'sign-out': 204,
      'after sign-out': 401,
      'the console page': 200,
    });
    const secrets = testSecrets();
    expectNoSecret('a response', seen.join('\n\n====\n\n'), secrets);
    // Nor is a session cookie ever in a body: only in the Set-Cookie of its own sign-in.
    for (const who of [engineer, support]) {
      const value = who.cookie.split('=')[1]!;
      expect(seen.join('\n').includes(value), 'a session id in a response').toBe(false);
    }
    // The logs of the whole session (the BFF logs only unexpected errors; none may carry a secret).
    console.error('[probe] the log capture works');
    expect(logs.some((l) => l.includes('[probe]'))).toBe(true);
    expectNoSecret('the logs', logs.join('\n'), secrets);
    // And the stored audit log neither.
    expectNoSecret('the audit log', JSON.stringify(await t.deps.db.select().from(auditLog)), secrets);
  });

  const distPresent = existsSync(join(DIST, 'index.html'));
  it.skipIf(!distPresent)(
    `the console HTML and the built JS bundle (${distPresent ? DIST : `SKIPPED: ${DIST} is absent, run \`npm run build\` first`})`,
    async () => {
      const files = (function walk(dir: string): string[] {
        return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      })(DIST);
      expect(files.some((f) => f.endsWith('.js'))).toBe(true);
      const secrets = { ...testSecrets(), ...localProductSecrets() };
      for (const f of files) expectNoSecret(f, readFileSync(f, 'utf8'), secrets);
      // The same files as a browser receives them from the console.
      const served = await createTestBff({ WEB_DIST: DIST });
      try {
        const index = await served.app.request('/');
        expect(index.status).toBe(200);
        const html = await index.text();
        expectNoSecret('the served index.html', html, secrets);
        const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
        expect(assets.length).toBeGreaterThan(0);
        for (const path of assets) {
          const res = await served.app.request(path);
          expect(res.status, path).toBe(200);
          expectNoSecret(path, `${[...res.headers].join('\n')}\n${await res.text()}`, secrets);
        }
      } finally {
        await served.close();
      }
    },
  );
});
