import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vaultCredentials } from '../db/schema';
import { API_KEY, CLIENT_ID, CLIENT_SECRET, ELSEWHERE_CLIENT_ID, ELSEWHERE_ID, v2Zip } from '../test/fakeApi';
import { createTestBff, signIn, type TestBff } from '../test/harness';
import { V1_API_KEY, V1_FILE, V1_PRIVATE_KEY, v1Zip } from '../test/v1Credential';
import { parseCredentialZip } from './credentialZip';
import type { VaultCredentialView } from './vault';

const V1_ZIP = v1Zip();
/** A v2 credential other than the one the fake API hands out when the console creates one. */
const OTHER_CLIENT_ID = '99999999-8888-4777-8666-555555555555';
/** The base64 lines of the PEM (without its BEGIN/END lines). */
const PEM_LINES = V1_PRIVATE_KEY.split('\n').filter((l) => l && !l.startsWith('-----'));

let t: TestBff;
type Browser = Awaited<ReturnType<typeof signIn>>;
let admin: Browser;

beforeAll(async () => {
  t = await createTestBff();
});
beforeEach(async () => {
  await t.reset();
  admin = await signIn(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const upload = (zip: Uint8Array | string, type = 'application/zip', who: Browser = admin) =>
  who.request('/bff/credentials/upload', {
    method: 'POST',
    headers: { 'content-type': type },
    body: zip as Uint8Array<ArrayBuffer>,
  });

async function uploaded(zip: Uint8Array): Promise<VaultCredentialView> {
  const res = await upload(zip);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as VaultCredentialView;
}

interface VaultList {
  credentials: VaultCredentialView[];
  limit: number;
  activeCount: number;
  canCreateThroughApi: boolean;
  atApi: { inVault: number; notInVault: unknown[] } | null;
}
async function list(): Promise<VaultList> {
  const res = await admin.request('/bff/credentials');
  expect(res.status).toBe(200);
  return (await res.json()) as VaultList;
}
const activeIds = async () => (await list()).credentials.filter((c) => c.active).map((c) => c.id);

const post = (path: string, body?: unknown) =>
  admin.request(path, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

describe('uploading credential ZIPs', () => {
  it('a v2 ZIP: 201 with metadata only, active as the first one', async () => {
    const res = await upload(v2Zip());
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain(API_KEY);
    const view = JSON.parse(text) as VaultCredentialView;
    expect(view).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      version: 'v2',
      principal: CLIENT_ID,
      source: 'upload',
      active: true,
      createdAt: '2026-11-22T12:00:00.000Z',
      zipAvailable: false,
      name: null,
      lastUsedAt: null,
    });
  });

  it('a v1 ZIP after it: 201, principal = client_email, not active', async () => {
    const first = await uploaded(v2Zip());
    t.clock.advance(1000);
    const res = await upload(V1_ZIP);
    expect(res.status).toBe(201);
    const text = await res.text();
    for (const line of PEM_LINES) expect(text).not.toContain(line);
    expect(text).not.toContain(V1_API_KEY);
    const second = JSON.parse(text) as VaultCredentialView;
    expect(second).toMatchObject({ version: 'v1', principal: V1_FILE.client_email, source: 'upload', active: false });
    expect(Object.keys(second).sort()).toEqual([
      'active',
      'createdAt',
      'id',
      'lastUsedAt',
      'name',
      'principal',
      'source',
      'version',
      'zipAvailable',
    ]);

    const vault = await list();
    expect(vault.credentials.map((c) => [c.id, c.version, c.active])).toEqual([
      [first.id, 'v2', true],
      [second.id, 'v1', false],
    ]);
  });

  it('activate switches the active credential (exactly one is active); unknown ids are 404', async () => {
    const v2 = await uploaded(v2Zip());
    t.clock.advance(1000);
    const v1 = await uploaded(V1_ZIP);

    const res = await post(`/bff/credentials/${v1.id}/activate`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: v1.id, active: true });
    expect(await activeIds()).toEqual([v1.id]);

    expect((await post(`/bff/credentials/${v2.id}/activate`)).status).toBe(200);
    expect(await activeIds()).toEqual([v2.id]);
    // Activating the active one again changes nothing.
    expect((await post(`/bff/credentials/${v2.id}/activate`)).status).toBe(200);
    expect(await activeIds()).toEqual([v2.id]);

    expect((await post('/bff/credentials/nope/activate')).status).toBe(404);
    expect(await activeIds()).toEqual([v2.id]);
  });

  it('concurrent uploads into an empty vault leave exactly one active credential', async () => {
    // Several rounds: without serialization on PostgreSQL, each upload counts 0 active rows.
    for (let round = 0; round < 5; round++) {
      await t.deps.db.delete(vaultCredentials);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          upload(i % 2 ? v1Zip({ clientEmail: `svc-${round}-${i}@x.iam.api.test` }) : v2Zip(randomUUID())),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      const vault = await list();
      expect(vault.credentials).toHaveLength(8);
      expect(vault.credentials.filter((c) => c.active)).toHaveLength(1);
    }
  });

  it('the same credential twice: 409, the vault keeps one', async () => {
    const first = await uploaded(v2Zip());
    const again = await upload(v2Zip());
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain(CLIENT_ID);
    expect((await upload(v2Zip(CLIENT_ID, 'another-secret-0123456789', 'another-key-0123'))).status).toBe(409);
    expect((await list()).credentials.map((c) => c.id)).toEqual([first.id]);
  });

  it('the same credential uploaded several times at once: one 201, the others 409', async () => {
    for (let round = 0; round < 5; round++) {
      await t.deps.db.delete(vaultCredentials);
      const zip = round % 2 ? v1Zip({ clientEmail: `dup-${round}@x.iam.api.test` }) : v2Zip(randomUUID());
      const results = await Promise.all(Array.from({ length: 5 }, () => upload(zip)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      expect((await list()).credentials).toHaveLength(1);
    }
  });

  it('DELETE removes it; when it was active, the oldest remaining one takes over', async () => {
    const v2 = await uploaded(v2Zip());
    t.clock.advance(1000);
    const v1 = await uploaded(V1_ZIP);
    expect((await post(`/bff/credentials/${v1.id}/activate`)).status).toBe(200);

    const del = await admin.request(`/bff/credentials/${v1.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    const vault = await list();
    expect(vault.credentials.map((c) => [c.id, c.active])).toEqual([[v2.id, true]]);
    expect(t.upstream.state.revoked).toEqual([]); // an upload is not revoked at the API

    expect((await admin.request(`/bff/credentials/${v1.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin.request(`/bff/credentials/${v2.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await list()).credentials).toEqual([]);
  });

  it.each([
    [
      'a ZIP with only api-key.txt',
      zipSync({ 'api-key.txt': strToU8(`${API_KEY}\n`) }),
      'the ZIP has neither api-credentials.json (v2) nor api-service-account-key.json (v1)',
    ],
    ['data that is not a ZIP', strToU8('just some text, not a zip'), 'the file is not a ZIP archive'],
    [
      'a v2 ZIP without api-key.txt',
      zipSync({ 'api-credentials.json': strToU8(JSON.stringify({ type: 'api_client_credentials' })) }),
      'the ZIP has no api-key.txt',
    ],
    [
      'a v1 ZIP whose key file lacks private_key',
      zipSync({
        'api-service-account-key.json': strToU8(JSON.stringify({ ...V1_FILE, private_key: undefined })),
        'api-key.txt': strToU8(`${API_KEY}\n`),
      }),
      'api-service-account-key.json: private_key is missing',
    ],
  ])('%s: 400 saying what the ZIP lacks, and nothing is stored', async (_name, zip, expected) => {
    const res = await upload(zip);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { name: string; message: string; details: { message: string }[] };
    expect(body.name).toBe('InvalidCredentialZip');
    expect(body.message).toContain(expected);
    expect(body.details.map((d) => d.message).join('\n')).toContain(expected);
    expect(JSON.stringify(body)).not.toContain(API_KEY);
    expect((await list()).credentials).toEqual([]);
  });

  it('a ZIP sent as another content type is 415', async () => {
    const res = await upload(v2Zip(), 'application/json');
    expect(res.status).toBe(415);
    expect((await list()).credentials).toEqual([]);
  });
});

describe('creating credentials through the API', () => {
  it('POST /bff/credentials: 201, the ZIP goes straight into the vault', async () => {
    const res = await post('/bff/credentials', { version: 'v2' });
    expect(res.status, await res.clone().text()).toBe(201);
    const text = await res.text();
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain(API_KEY);
    expect(JSON.parse(text)).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      version: 'v2',
      principal: CLIENT_ID,
      source: 'api',
      upstreamId: '6b0000000000000000000001',
      active: true,
      createdAt: '2026-11-22T12:00:00.000Z',
      zipAvailable: true,
      name: null,
      lastUsedAt: null,
    });
    expect(t.upstream.state.created).toBe(1);
  });

  it.each([
    ['a download that is not a credential ZIP', () => new Response('not a zip', { status: 200 }), 502, /not a ZIP/],
    [
      'a download link that is already used',
      () => Response.json({ message: 'This link was already used' }, { status: 410 }),
      502,
      /already used/,
    ],
    [
      'an API that cannot be reached for the download',
      () => {
        throw new TypeError('fetch failed');
      },
      502,
      /cannot be reached/,
    ],
  ])(
    '%s: a clear 502, nothing in the vault, and the new credential is revoked at the API',
    async (_name, answer, status, message) => {
      const upstream = t.upstream;
      t.deps.fetch = async (input, init) =>
        String(input).includes('/downloads/') ? answer() : upstream.fetch(input, init);
      const res = await post('/bff/credentials', { version: 'v2' });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect(upstream.state.created).toBe(1);
      expect(upstream.state.revoked).toEqual(['6b0000000000000000000001']);
      expect((await list()).credentials).toEqual([]);
    },
  );

  it('an API that does not answer: 504 after API_TIMEOUT_SECONDS for create, download and revoke; nothing in the vault', async () => {
    const upstream = t.upstream;
    const config = t.deps.config as { apiTimeoutMs: number };
    const saved = config.apiTimeoutMs;
    let frozen: (path: string) => boolean = () => false;
    const aborted: string[] = [];
    // A frozen API: it takes the connection and never answers the frozen paths.
    t.deps.fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (!frozen(path)) return upstream.fetch(input, init);
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted.push(path);
          reject(init.signal?.reason);
        });
      });
    };
    config.apiTimeoutMs = 50;
    try {
      frozen = (path) => path === '/admin/credentials';
      const create = await post('/bff/credentials', { version: 'v2' });
      expect(create.status).toBe(504);
      expect(await create.json()).toEqual({
        name: 'UpstreamTimeout',
        message: `The API at ${t.config.apiBaseUrl} did not answer /admin/credentials within 0.05 s`,
      });
      expect(upstream.state.created).toBe(0);

      // Created, but its ZIP download hangs: 504, and the new credential is revoked at the API.
      frozen = (path) => path.startsWith('/downloads/');
      const download = await post('/bff/credentials', { version: 'v2' });
      expect(download.status).toBe(504);
      expect(((await download.json()) as { message: string }).message).toMatch(/did not answer .* within 0.05 s/);
      expect(upstream.state.created).toBe(1);
      expect(upstream.state.revoked).toEqual(['6b0000000000000000000001']);
      expect((await list()).credentials).toEqual([]);

      frozen = () => false;
      const created = (await (await post('/bff/credentials', { version: 'v2' })).json()) as VaultCredentialView;
      frozen = (path) => path.endsWith('/revoke');
      const revoke = await post(`/bff/credentials/${created.id}/revoke`);
      expect(revoke.status).toBe(504);
      // Not revoked at the API, so it stays in the vault (the admin can try again).
      expect((await list()).credentials.map((c) => c.id)).toEqual([created.id]);
      expect(aborted).toEqual([
        '/admin/credentials',
        expect.stringMatching(/^\/downloads\//),
        expect.stringMatching(/\/revoke$/),
      ]);
    } finally {
      t.deps.fetch = upstream.fetch;
      config.apiTimeoutMs = saved;
    }
  });

  it('the one-time ZIP: 200 application/zip once, then 410', async () => {
    const created = (await (await post('/bff/credentials', { version: 'v2' })).json()) as VaultCredentialView;

    const first = await admin.request(`/bff/credentials/${created.id}/zip`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/zip');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('content-disposition')).toMatch(/^attachment/);
    const parsed = parseCredentialZip(new Uint8Array(await first.arrayBuffer()));
    expect(parsed).toMatchObject({ version: 'v2', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiKey: API_KEY });

    const second = await admin.request(`/bff/credentials/${created.id}/zip`);
    expect(second.status).toBe(410);
    expect(((await second.json()) as { name: string }).name).toBe('Gone');
    expect((await list()).credentials[0]).toMatchObject({ id: created.id, zipAvailable: false });
    // The credential itself stays in the vault.
    expect((await list()).credentials).toHaveLength(1);
  });

  it('two concurrent downloads: exactly one gets the ZIP', async () => {
    const created = (await (await post('/bff/credentials', { version: 'v2' })).json()) as VaultCredentialView;
    const statuses = await Promise.all([1, 2, 3].map(() => admin.request(`/bff/credentials/${created.id}/zip`)));
    expect(statuses.map((r) => r.status).sort()).toEqual([200, 410, 410]);
  });

  it('the ZIP is gone once its hour has passed', async () => {
    const created = (await (await post('/bff/credentials', { version: 'v2' })).json()) as VaultCredentialView;
    t.clock.set('2026-11-22T12:59:59.999Z');
    // The first session ended after 30 idle minutes: sign in again.
    admin = await signIn(t, 'admin', 'admin-later');
    expect((await list()).credentials[0]!.zipAvailable).toBe(true);
    t.clock.set('2026-11-22T13:00:00.000Z'); // the download's expiresAt
    expect((await list()).credentials[0]!.zipAvailable).toBe(false);
    expect((await admin.request(`/bff/credentials/${created.id}/zip`)).status).toBe(410);
  });

  it('revoke calls the API and removes the credential from the vault', async () => {
    const created = (await (await post('/bff/credentials', { version: 'v2' })).json()) as VaultCredentialView;
    const res = await post(`/bff/credentials/${created.id}/revoke`);
    expect(res.status).toBe(204);
    expect(t.upstream.state.revoked).toEqual([created.upstreamId]);
    expect((await list()).credentials).toEqual([]);
    expect((await post(`/bff/credentials/${created.id}/revoke`)).status).toBe(404);
    expect(t.upstream.state.revoked).toHaveLength(1);
  });

  it('GET /bff/credentials: credentials, limit 3, activeCount and canCreateThroughApi', async () => {
    // The fake API lists one active credential made elsewhere and one revoked, then those created.
    const elsewhere = {
      id: ELSEWHERE_ID,
      version: 'v2',
      principal: ELSEWHERE_CLIENT_ID,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const empty = await list();
    expect(empty).toEqual({
      credentials: [],
      limit: 3,
      activeCount: 1,
      canCreateThroughApi: true,
      atApi: { inVault: 0, notInVault: [elsewhere] },
    });
    await post('/bff/credentials', { version: 'v2' });
    const one = await list();
    expect(one.credentials).toHaveLength(1);
    expect(one.limit).toBe(3);
    // The count adds up: the vault's one active at the API, and the one the vault does not hold.
    expect(one.activeCount).toBe(2);
    expect(one.atApi).toEqual({ inVault: 1, notInVault: [elsewhere] });
    expect(one.canCreateThroughApi).toBe(true);
    // Revoked at the API, it counts no more; an uploaded credential is matched by its principal.
    expect((await post(`/bff/credentials/${one.credentials[0]!.id}/revoke`)).status).toBe(204);
    await uploaded(v2Zip(ELSEWHERE_CLIENT_ID, 'its secret'));
    const matched = await list();
    expect(matched.activeCount).toBe(1);
    expect(matched.atApi).toEqual({ inVault: 1, notInVault: [] });
  });

  it('without API_ADMIN_TOKEN: canCreateThroughApi false, creating is 409, activeCount counts the vault', async () => {
    const other = await createTestBff({ API_ADMIN_TOKEN: '' });
    try {
      const a = await signIn(other, 'admin');
      const up = await a.request('/bff/credentials/upload', {
        method: 'POST',
        headers: { 'content-type': 'application/zip' },
        body: v2Zip() as Uint8Array<ArrayBuffer>,
      });
      expect(up.status).toBe(201);
      const res = await a.request('/bff/credentials');
      expect(await res.json()).toMatchObject({ limit: 3, activeCount: 1, canCreateThroughApi: false, atApi: null });
      const create = await a.request('/bff/credentials', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version: 'v2' }),
      });
      expect(create.status).toBe(409);
      expect(other.upstream.state.created).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('who may use the vault', () => {
  it.each(['engineer', 'support'] as const)('%s: 403 on every credential route', async (role) => {
    const id = (await uploaded(v2Zip())).id;
    const who = await signIn(t, role);
    expect((await who.request('/bff/credentials')).status).toBe(403);
    expect((await upload(v2Zip(), 'application/zip', who)).status).toBe(403);
    expect((await who.request(`/bff/credentials/${id}/activate`, { method: 'POST' })).status).toBe(403);
    expect((await who.request(`/bff/credentials/${id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await list()).credentials).toHaveLength(1);
  });

  it('an upload without the CSRF token is refused', async () => {
    const res = await upload(v2Zip(), 'application/zip', {
      ...admin,
      request: (path, init = {}) => {
        const headers = new Headers(init.headers);
        headers.set('x-csrf-token', 'wrong');
        return admin.request(path, { ...init, headers });
      },
    });
    expect(res.status).toBe(403);
    expect((await list()).credentials).toEqual([]);
  });
});

describe('the secret box', () => {
  it('no secret is stored in clear in vault_credentials', async () => {
    await uploaded(v2Zip(OTHER_CLIENT_ID));
    await uploaded(V1_ZIP);
    expect((await post('/bff/credentials', { version: 'v2' })).status).toBe(201); // also keeps the one-time ZIP

    const rows = await t.deps.db.select().from(vaultCredentials);
    expect(rows).toHaveLength(3);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(CLIENT_SECRET);
    expect(dump).not.toContain(API_KEY);
    expect(dump).not.toContain(V1_API_KEY);
    expect(PEM_LINES.length).toBeGreaterThan(20);
    for (const line of PEM_LINES) expect(dump).not.toContain(line);
    expect(dump).not.toContain('PRIVATE KEY');
    for (const row of rows) {
      expect(row.sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      // Bound to its row: it opens with its own id only.
      expect(() => t.deps.box.open(row.sealed, row.id)).not.toThrow();
      expect(() => t.deps.box.open(row.sealed, `${row.id}x`)).toThrow();
    }
  });
});

describe('names and last use (issue 22)', () => {
  const patch = (id: string, body: unknown) =>
    admin.request(`/bff/credentials/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('a name is given when created or uploaded, and changed with PATCH; a bad name is a 400 naming it', async () => {
    const created = await post('/bff/credentials', { version: 'v2', name: '  Reporting job ' });
    expect(created.status).toBe(201);
    const view = (await created.json()) as VaultCredentialView;
    expect(view.name).toBe('Reporting job');
    const up = await admin.request(`/bff/credentials/upload?name=${encodeURIComponent('Nightly sync')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip' },
      body: V1_ZIP as Uint8Array<ArrayBuffer>,
    });
    expect(up.status).toBe(201);
    expect(((await up.json()) as VaultCredentialView).name).toBe('Nightly sync');

    const renamed = await patch(view.id, { name: 'Reports' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as VaultCredentialView).name).toBe('Reports');
    // Both made in the same instant: the list's tie-break is the random id, so compare as a set.
    expect((await list()).credentials.map((c) => c.name).sort()).toEqual(['Nightly sync', 'Reports']);

    for (const [body, message] of [
      [{ name: ' ' }, 'name: name must not be empty'],
      [{ name: 'x'.repeat(101) }, 'name: name must be at most 100 characters'],
      [{}, 'name: name must be a string'],
    ] as const) {
      const res = await patch(view.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = (await res.json()) as { message: string; details: { field: string }[] };
      expect(err.details[0]!.field).toBe('name');
      expect(err.message).toBe(message);
    }
    const badCreate = await post('/bff/credentials', { version: 'v2', name: '' });
    expect(badCreate.status).toBe(400);
    expect((await patch('ffffffffffffffffffffffff', { name: 'A' })).status).toBe(404);
    // Both made in the same instant: the list's tie-break is the random id, so compare as a set.
    expect((await list()).credentials.map((c) => c.name).sort()).toEqual(['Nightly sync', 'Reports']);
  });

  it('last used: set when the console calls the API with it, at most once a minute; null before', async () => {
    const first = await uploaded(v2Zip());
    expect(first.lastUsedAt).toBeNull();
    expect((await admin.request('/api/v1/projects')).status).toBe(200);
    const lastUsed = async () => (await list()).credentials.find((c) => c.id === first.id)!.lastUsedAt;
    expect(await lastUsed()).toBe('2026-11-22T12:00:00.000Z');
    t.clock.advance(30_000);
    await admin.request('/api/v1/projects');
    expect(await lastUsed()).toBe('2026-11-22T12:00:00.000Z');
    t.clock.advance(45_000);
    await admin.request('/api/v1/projects');
    expect(await lastUsed()).toBe('2026-11-22T12:01:15.000Z');
    // A call the API refuses (401 twice) is not a use.
    t.clock.advance(120_000);
    t.upstream.state.unauthorizedNext = 2;
    expect((await admin.request('/api/v1/projects')).status).toBe(401);
    expect(await lastUsed()).toBe('2026-11-22T12:01:15.000Z');
  });
});
