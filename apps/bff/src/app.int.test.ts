import { strToU8 } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, CLIENT_SECRET, v2Zip } from './test/fakeApi';
import { createTestBff, PASSWORD, signIn, type TestBff } from './test/harness';
import { V1_API_KEY, V1_PRIVATE_KEY, v1Zip } from './test/v1Credential';
import type { VaultCredentialView } from './vault/vault';

const V1_ZIP = v1Zip();
/** The PEM's base64 body: each of its lines, and all of them joined. */
const PEM_LINES = V1_PRIVATE_KEY.split('\n').filter((l) => l && !l.startsWith('-----'));
const NEW_USER_PASSWORD = 'another long password 42!';

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

const upload = (zip: Uint8Array) =>
  admin.request('/bff/credentials/upload', {
    method: 'POST',
    headers: { 'content-type': 'application/zip' },
    body: zip as Uint8Array<ArrayBuffer>,
  });
const postJson = (who: Browser, path: string, body: unknown) =>
  who.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Everything a browser received: status line, every header, the body as text. */
async function seen(label: string, res: Response): Promise<string> {
  const headers = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  return `${label} -> ${res.status}\n${headers}\n\n${await res.text()}`;
}

describe('secrets never reach the browser', () => {
  it('no response of a walk through the console holds a secret (the one-time ZIP download aside)', async () => {
    const pages: string[] = [];
    const record = async (label: string, res: Response) => {
      pages.push(await seen(label, res.clone()));
      return res;
    };
    const created201 = async <T>(label: string, p: Response | Promise<Response>) => {
      const res = await record(label, await p);
      expect(res.status, label).toBe(201);
      return (await res.json()) as T;
    };

    // Sign-in itself (the harness's admin) and a second browser that signs in on the page.
    await created201(
      'POST /bff/users',
      postJson(admin, '/bff/users', { username: 'eve', password: NEW_USER_PASSWORD, role: 'engineer' }),
    );
    await record(
      'POST /bff/session',
      await t.app.request('/bff/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.origin },
        body: JSON.stringify({ username: 'eve', password: NEW_USER_PASSWORD }),
      }),
    );
    // A wrong password is not echoed either.
    await record(
      'POST /bff/session (wrong password)',
      await t.app.request('/bff/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.origin },
        body: JSON.stringify({ username: 'eve', password: `${NEW_USER_PASSWORD}x` }),
      }),
    );
    // A user with a too-short password: the validation error names the field, not the value.
    await record(
      'POST /bff/users (invalid)',
      await postJson(admin, '/bff/users', { username: 'bob', password: 'short', role: 'x' }),
    );

    // Install credentials: two uploads and one created through the API.
    // (Another clientId than the one the fake API gives the console's own credential.)
    const v2 = await created201<VaultCredentialView>(
      'upload v2',
      upload(v2Zip('99999999-8888-4777-8666-555555555555')),
    );
    await created201('upload v1', upload(V1_ZIP));
    await record('upload broken', await upload(strToU8('not a zip')));
    const created = await created201<VaultCredentialView>(
      'create',
      postJson(admin, '/bff/credentials', { version: 'v2' }),
    );
    expect(created.zipAvailable).toBe(true);
    await record('activate', await admin.request(`/bff/credentials/${v2.id}/activate`, { method: 'POST' }));

    // The walk.
    for (const path of ['/bff/session', '/bff/credentials', '/bff/users', '/bff/audit', '/api/v1/projects', '/']) {
      const res = await record(`GET ${path}`, await admin.request(path));
      expect(res.status, path).toBe(200);
    }
    await record('GET /api/v1/projects?take=25', await admin.request('/api/v1/projects?take=25'));
    await record('POST /api/v1/projects', await postJson(admin, '/api/v1/projects', [{ name: 'Project' }]));
    await record('GET /bff/nope', await admin.request('/bff/nope'));
    await record('GET /bff/session (signed out)', await t.app.request('/bff/session'));

    // The only exception: the explicit, one-time download of a ZIP created through the API, which
    // is the admin's copy of the credential and so holds its secrets by design. It is not recorded.
    const zip = await admin.request(`/bff/credentials/${created.id}/zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('cache-control')).toBe('no-store');
    // Once taken, it is gone: the second answer is an ordinary (recorded) 410.
    await record('GET zip again', await admin.request(`/bff/credentials/${created.id}/zip`));
    await record('GET /bff/credentials (after)', await admin.request('/bff/credentials'));

    // Revoke one, remove another: their answers hold nothing either.
    await record('revoke', await admin.request(`/bff/credentials/${created.id}/revoke`, { method: 'POST' }));
    await record('GET /bff/audit (end)', await admin.request('/bff/audit'));

    expect(pages.length).toBeGreaterThan(20);
    const everything = pages.join('\n\n====\n\n');
    const secrets: Record<string, string> = {
      CLIENT_SECRET,
      API_KEY,
      V1_API_KEY,
      'the v1 private key (whole body)': PEM_LINES.join(''),
      'the v1 private key (PEM header)': 'PRIVATE KEY',
      BFF_SECRET_KEY: t.config.secretKey!,
      'the harness password': PASSWORD,
      "the new user's password": NEW_USER_PASSWORD,
    };
    PEM_LINES.forEach((line, i) => {
      secrets[`line ${i + 1} of the v1 private key`] = line;
    });
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(10);
      expect(everything.includes(value), `${name} reached the browser`).toBe(false);
    }
    // Password hashes neither.
    expect(everything).not.toMatch(/scrypt\$/);
    expect(everything).not.toMatch(/passwordHash|password_hash/);
  });
});

describe('security headers', () => {
  it('every response carries the CSP, nosniff and Referrer-Policy', async () => {
    expect((await upload(v2Zip())).status).toBe(201);
    const responses: [string, Response][] = [
      ['GET /', await admin.request('/')],
      ['GET /projects/123 (SPA route)', await admin.request('/projects/123')],
      ['GET /bff/session', await admin.request('/bff/session')],
      ['GET /bff/credentials', await admin.request('/bff/credentials')],
      ['GET /bff/users', await admin.request('/bff/users')],
      ['GET /bff/audit', await admin.request('/bff/audit')],
      ['GET /api/v1/projects (proxied)', await admin.request('/api/v1/projects?take=25')],
      ['POST /api/v1/projects (proxied)', await postJson(admin, '/api/v1/projects', [])],
      ['GET /bff/nope (404)', await admin.request('/bff/nope')],
      ['GET /bff/session (401)', await t.app.request('/bff/session')],
      [
        'POST without CSRF (403)',
        await t.app.request('/bff/users', { method: 'POST', headers: { cookie: admin.cookie } }),
      ],
      [
        'POST from a foreign origin (403)',
        await t.app.request('/bff/users', {
          method: 'POST',
          headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, origin: 'http://evil.test' },
        }),
      ],
      [
        'POST /bff/session (wrong password, 401)',
        await t.app.request('/bff/session', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t.config.origin },
          body: JSON.stringify({ username: 'admin-user', password: 'wrong password here' }),
        }),
      ],
    ];
    for (const [name, res] of responses) {
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = csp.split(';').map((d) => d.trim());
      expect(directives, name).toContain("default-src 'self'");
      expect(directives, name).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toBe('no-referrer');
      await res.body?.cancel();
    }
    expect(new Set(responses.map(([, r]) => r.status))).toEqual(new Set([200, 207, 404, 401, 403]));
  });
});

describe('audit log', () => {
  interface AuditRow {
    username: string | null;
    method: string;
    path: string;
    status: number;
    at: string;
  }
  const audit = async () => {
    const res = await admin.request('/bff/audit');
    expect(res.status).toBe(200);
    return (await res.json()) as AuditRow[];
  };

  it('writes through the console are recorded with username, method, path and status; reads are not', async () => {
    expect((await upload(v2Zip())).status).toBe(201);
    expect(
      (await postJson(admin, '/bff/users', { username: 'eve', password: NEW_USER_PASSWORD, role: 'engineer' })).status,
    ).toBe(201);
    expect((await postJson(admin, '/api/v1/projects', [{ name: 'Project' }])).status).toBe(207);
    expect((await upload(strToU8('not a zip'))).status).toBe(400);
    // Reads: none of these is recorded.
    for (const path of ['/bff/session', '/bff/credentials', '/bff/users', '/api/v1/projects?take=25', '/']) {
      expect((await admin.request(path)).status).toBe(200);
    }

    const rows = await audit();
    const entries = rows.map(({ username, method, path, status }) => ({ username, method, path, status }));
    expect(entries).toEqual(
      expect.arrayContaining([
        { username: 'admin-user', method: 'POST', path: '/bff/credentials/upload', status: 201 },
        { username: 'admin-user', method: 'POST', path: '/bff/users', status: 201 },
        { username: 'admin-user', method: 'POST', path: '/api/v1/projects', status: 207 },
        { username: 'admin-user', method: 'POST', path: '/bff/credentials/upload', status: 400 },
        { username: 'admin-user', method: 'POST', path: '/bff/session', status: 200 }, // the sign-in
      ]),
    );
    expect(entries).toHaveLength(5);
    expect(rows.filter((r) => r.method === 'GET' || r.method === 'HEAD')).toEqual([]);
    for (const r of rows) expect(r.at).toBe('2026-11-22T12:00:00.000Z');
  });

  it("an engineer's proxied write is recorded under the engineer's name; the audit log is for admins only", async () => {
    expect((await upload(v2Zip())).status).toBe(201);
    const engineer = await signIn(t, 'engineer');
    expect((await postJson(engineer, '/api/v1/projects', [{ name: 'Project' }])).status).toBe(207);
    expect((await engineer.request('/bff/audit')).status).toBe(403);
    const rows = await audit();
    expect(rows).toContainEqual(
      expect.objectContaining({ username: 'engineer-user', method: 'POST', path: '/api/v1/projects', status: 207 }),
    );
  });
});

describe('JSON bodies of the console’s own routes', () => {
  it('refuse a lone surrogate escape (no UTF-8 form) or a NUL with a 400 naming the field, and change nothing', async () => {
    const before = await (await admin.request('/bff/users')).json();
    for (const [body, field, rule] of [
      ['{"username":"eng\\ud800","password":"another long password 42!","role":"engineer"}', 'username', 'unicode'],
      ['{"username":"eng","password":"another long password 42!\\udc00","role":"engineer"}', 'password', 'unicode'],
      ['{"username":"eng\\u0000","password":"another long password 42!","role":"engineer"}', 'username', 'no NUL'],
    ] as const) {
      const res = await admin.request('/bff/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(400);
      const err = (await res.json()) as { details: { field: string; rule: string }[] };
      expect(err.details[0], body).toMatchObject({ field, rule });
    }
    expect(await (await admin.request('/bff/users')).json()).toEqual(before);
  });
});
