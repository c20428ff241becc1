import { createPrivateKey, createPublicKey } from 'node:crypto';
import {
  type CompanyCreated,
  Credential,
  CredentialCreated,
  ErrorEnvelope,
  MAX_ACTIVE_CREDENTIALS,
  V1CredentialFile,
  V2CredentialFile,
} from '@econ/contract';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { ALL_TABLES } from '../db/connection';
import {
  adminHeaders,
  createCompany,
  createCredential,
  downloadZip,
  json,
  signV1,
  v2Client,
  v2Token,
} from '../test/fixtures';
import { ADMIN_TOKEN, BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const HOUR_MS = 60 * 60 * 1000;

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function rowsOf<T>(query: string): Promise<T[]> {
  const result = (await t.deps.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** Every row of a table as one JSON text (bytea shows as hex): to search for leaked secrets. */
async function dumpTable(table: string): Promise<string> {
  const rows = await rowsOf<{ j: string }>(`SELECT row_to_json(r)::text AS j FROM ${table} r`);
  return rows.map((r) => r.j).join('\n');
}

async function dumpAll(): Promise<string> {
  const parts = await Promise.all(ALL_TABLES.map(dumpTable));
  return parts.join('\n');
}

async function credentialRows(): Promise<Record<string, unknown>[]> {
  const rows = await rowsOf<{ j: unknown }>('SELECT row_to_json(r) AS j FROM credentials r ORDER BY id');
  return rows.map(({ j }) => (typeof j === 'string' ? JSON.parse(j) : j) as Record<string, unknown>);
}

const pathOf = (url: string) => {
  expect(url.startsWith(`${BASE_URL}/`)).toBe(true);
  return url.slice(BASE_URL.length);
};

const get = (path: string, headers: Record<string, string> = adminHeaders) => t.app.request(path, { headers });

const postCredential = (companyId: string, version: string) =>
  t.app.request('/admin/credentials', {
    method: 'POST',
    headers: adminHeaders,
    body: JSON.stringify({ companyId, version }),
  });

const revoke = (id: string) =>
  t.app.request(`/admin/credentials/${id}/revoke`, { method: 'POST', headers: adminHeaders });

/** Flips the last character of the token: the id part (first 16 bytes) stays, the key part changes. */
function tamper(url: string): string {
  const last = url.at(-1)!;
  return url.slice(0, -1) + (last === 'A' ? 'B' : 'A');
}

async function zipFiles(res: Response): Promise<Record<string, string>> {
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]));
}

describe(`credential ZIPs (${BACKEND})`, () => {
  it('v2: the ZIP holds exactly api-credentials.json and api-key.txt; only a scrypt hash is stored', async () => {
    const company = await createCompany(t);
    const created = CredentialCreated.parse(await json(await postCredential(company.id, 'v2')));
    expect(created.credential).toMatchObject({ companyId: company.id, version: 'v2', status: 'active' });
    const files = await downloadZip(t, created.download.url);
    expect(Object.keys(files).sort()).toEqual(['api-credentials.json', 'api-key.txt']);
    const file = V2CredentialFile.parse(JSON.parse(files['api-credentials.json']!));
    expect(Object.keys(file).sort()).toEqual(['audience', 'clientId', 'clientSecret', 'token_uri', 'type']);
    expect(file.token_uri).toBe(`${BASE_URL}/v1/oauth/token`);
    expect(file.audience).toBe(BASE_URL);
    expect(file.clientId).toBe(created.credential.clientId);
    expect(file.clientSecret.length).toBeGreaterThanOrEqual(32);
    expect(files['api-key.txt']!.trim()).toBe(company.apiKey);

    const dump = await dumpAll();
    expect(dump).toContain(file.clientId);
    expect(dump).not.toContain(file.clientSecret);
    const [row] = await credentialRows();
    expect(String(row!.secret_hash)).toMatch(/^scrypt\$/);
    expect(row!.download_blob).toBeNull();
    expect(row!.public_key_pem).toBeNull();

    // The secret in the ZIP is the one that works at the token endpoint.
    const token = await v2Token(t, {
      credentialId: created.credential.id,
      clientId: file.clientId,
      clientSecret: file.clientSecret,
      apiKey: company.apiKey,
    });
    expect(token.split('.')).toHaveLength(3);
  });

  it('v1: the ZIP holds a service-account key file and api-key.txt; only the matching public key is stored', async () => {
    const company = await createCompany(t);
    const created = CredentialCreated.parse(await json(await postCredential(company.id, 'v1')));
    expect(created.credential).toMatchObject({ version: 'v1', status: 'active' });
    expect(created.credential.clientId).toBeUndefined();
    const files = await downloadZip(t, created.download.url);
    expect(Object.keys(files).sort()).toEqual(['api-key.txt', 'api-service-account-key.json']);
    const file = V1CredentialFile.parse(JSON.parse(files['api-service-account-key.json']!));
    expect(file).toMatchObject({
      type: 'service_account',
      project_id: company.id,
      private_key_id: created.credential.keyId,
      client_email: created.credential.clientEmail,
      token_uri: `${BASE_URL}/v1/oauth/token`,
    });
    expect(file.client_id).toMatch(/^\d+$/);
    expect(file.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n?$/);
    const privateKey = createPrivateKey(file.private_key);
    expect(privateKey.asymmetricKeyType).toBe('rsa');
    expect(files['api-key.txt']!.trim()).toBe(company.apiKey);

    const dump = await dumpAll();
    const body = file.private_key.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(dump.replace(/\\n/g, '')).not.toContain(body);
    for (const line of file.private_key.split('\n').filter((l) => l.length >= 40)) {
      expect(dump).not.toContain(line);
    }
    const [row] = await credentialRows();
    expect(row!.secret_hash).toBeNull();
    expect(row!.key_id).toBe(file.private_key_id);
    const storedPem = String(row!.public_key_pem);
    expect(storedPem).toContain('-----BEGIN PUBLIC KEY-----');
    expect(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' })).toBe(storedPem);

    // A token the client signs with that key is accepted.
    const token = await signV1(t, file);
    const res = await t.app.request('/v1/projects', {
      headers: { authorization: `Bearer ${token}`, 'x-api-key': company.apiKey },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it('v1 and v2 ZIPs of one company carry the same x-api-key; other companies have another', async () => {
    const company = await createCompany(t);
    const other = await createCompany(t, 'Other Co');
    const v1 = await downloadZip(t, (await createCredential(t, company.id, 'v1')).download.url);
    const v2 = await downloadZip(t, (await createCredential(t, company.id, 'v2')).download.url);
    const v2Other = await downloadZip(t, (await createCredential(t, other.id, 'v2')).download.url);
    expect(v1['api-key.txt']).toBe(v2['api-key.txt']);
    expect(v1['api-key.txt']!.trim()).toBe(company.apiKey);
    expect(v2Other['api-key.txt']!.trim()).toBe(other.apiKey);
    expect(other.apiKey).not.toBe(company.apiKey);
  });
});

describe(`credential limit (${BACKEND})`, () => {
  it('allows 3 active credentials across v1 and v2; a 4th gets 409; revoking one frees a slot', async () => {
    const company = await createCompany(t);
    const other = await createCompany(t, 'Other Co');
    await createCredential(t, company.id, 'v1');
    const second = await createCredential(t, company.id, 'v2');
    await createCredential(t, company.id, 'v1');
    for (const version of ['v1', 'v2']) {
      const res = await postCredential(company.id, version);
      expect(res.status).toBe(409);
      const err = ErrorEnvelope.parse(await res.json());
      expect(err.name).toBe('Conflict');
      expect(err.message).toContain(String(MAX_ACTIVE_CREDENTIALS));
      expect(err.message).toMatch(/revoke/i);
      expect(err.details?.[0]).toMatchObject({ field: 'companyId', value: company.id });
    }
    // The limit is per company.
    await createCredential(t, other.id, 'v2');

    const companies = await json<{ id: string; activeCredentials: number }[]>(await get('/admin/companies'));
    expect(companies.find((c) => c.id === company.id)?.activeCredentials).toBe(3);

    const revokedAt = t.clock.now().toISOString();
    const revoked = await revoke(second.credential.id);
    expect(revoked.status).toBe(200);
    expect(Credential.parse(await revoked.json())).toMatchObject({ status: 'revoked', revokedAt });
    // Revoking again is idempotent: it keeps the first time and does not free another slot.
    t.clock.advance(1000);
    const again = Credential.parse(await json(await revoke(second.credential.id)));
    expect(again).toMatchObject({ status: 'revoked', revokedAt });

    await createCredential(t, company.id, 'v2');
    expect((await postCredential(company.id, 'v1')).status).toBe(409);
    const list = Credential.array().parse(await json(await get(`/admin/credentials?companyId=${company.id}`)));
    expect(list.filter((c) => c.status === 'active')).toHaveLength(3);
    expect(list).toHaveLength(4);
  });

  it('6 parallel creates on an empty company: exactly 3 succeed and 3 get 409', async () => {
    const company = await createCompany(t);
    const versions = ['v2', 'v1', 'v2', 'v1', 'v2', 'v2'];
    const responses = await Promise.all(versions.map((v) => postCredential(company.id, v)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    const list = Credential.array().parse(await json(await get(`/admin/credentials?companyId=${company.id}`)));
    expect(list.filter((c) => c.status === 'active')).toHaveLength(3);
  });

  it.skipIf(BACKEND !== 'postgres')(
    'PostgreSQL: 6 creates that all reach the limit check at once still leave exactly 3 active',
    async () => {
      const company = await createCompany(t);
      // A second connection blocks inserts into credentials, so all 6 creates pile up inside their
      // transactions; releasing it lets them race. Only the lock on the company row keeps them in line.
      const pool = (t.deps.db as unknown as { $client: pg.Pool }).$client;
      const blocker = await pool.connect();
      let pending: Promise<Response[]>;
      try {
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE credentials IN SHARE ROW EXCLUSIVE MODE');
        pending = Promise.all(Array.from({ length: 6 }, () => postCredential(company.id, 'v2')));
        // Wait until all 6 wait on a lock (polled outside the blocker's transaction, whose view of
        // pg_stat_activity is a snapshot).
        let waiting = 0;
        for (let i = 0; i < 10_000 && waiting < 6; i++) {
          const r = await pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          waiting = r.rows[0]!.n;
        }
        expect(waiting).toBe(6);
      } finally {
        await blocker.query('COMMIT');
        blocker.release();
      }
      const statuses = (await pending).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    },
  );

  it('unknown company: 404; revoke of an unknown credential: 404', async () => {
    const res = await postCredential('0123456789abcdef01234567', 'v2');
    expect(res.status).toBe(404);
    expect(ErrorEnvelope.parse(await res.json()).message).toContain('0123456789abcdef01234567');
    expect((await revoke('0123456789abcdef01234567')).status).toBe(404);
    expect((await get('/admin/credentials/0123456789abcdef01234567')).status).toBe(404);
  });
});

describe(`one-time download link (${BACKEND})`, () => {
  it('works once: 200 application/zip, then 410', async () => {
    const company = await createCompany(t);
    const created = await createCredential(t, company.id, 'v2');
    expect(created.download.expiresAt).toBe(new Date(t.clock.now().getTime() + HOUR_MS).toISOString());
    const first = await t.app.request(pathOf(created.download.url));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/zip');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(await zipFiles(first))).toContain('api-credentials.json');
    const second = await t.app.request(pathOf(created.download.url));
    expect(second.status).toBe(410);
    expect(ErrorEnvelope.parse(await second.json()).message).toMatch(/already been downloaded/);
  });

  it('two parallel downloads of one link: exactly one gets the ZIP', async () => {
    const company = await createCompany(t);
    const created = await createCredential(t, company.id, 'v2');
    const responses = await Promise.all([1, 2, 3].map(() => t.app.request(pathOf(created.download.url))));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 410, 410]);
  });

  it('still works at 59 min 59 s after creation', async () => {
    const company = await createCompany(t);
    const created = await createCredential(t, company.id, 'v2');
    t.clock.advance(HOUR_MS - 1000);
    const res = await t.app.request(pathOf(created.download.url));
    expect(res.status).toBe(200);
  });

  it('expires at exactly 1 hour, and later', async () => {
    const company = await createCompany(t);
    const atHour = await createCredential(t, company.id, 'v2');
    const later = await createCredential(t, company.id, 'v1');
    t.clock.advance(HOUR_MS);
    const res = await t.app.request(pathOf(atHour.download.url));
    expect(res.status).toBe(410);
    expect(ErrorEnvelope.parse(await res.json()).message).toMatch(/expired/);
    t.clock.advance(HOUR_MS);
    expect((await t.app.request(pathOf(later.download.url))).status).toBe(410);
    // A late request deletes the encrypted ZIP for good, and the credential was never downloaded.
    const rows = await credentialRows();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.download_blob === null && r.downloaded_at === null)).toBe(true);
    expect((await t.app.request(pathOf(atHour.download.url))).status).toBe(410);
    const meta = Credential.parse(await json(await get(`/admin/credentials/${atHour.credential.id}`)));
    expect(meta).toMatchObject({ downloaded: false, status: 'active' });
  });

  it('a tampered token (same id, wrong key) is unknown (404) and does not consume the real link', async () => {
    const company = await createCompany(t);
    const created = await createCredential(t, company.id, 'v2');
    const bad = tamper(created.download.url);
    expect(bad).not.toBe(created.download.url);
    expect(bad.length).toBe(created.download.url.length);
    const res = await t.app.request(pathOf(bad));
    expect(res.status).toBe(404);
    expect(ErrorEnvelope.parse(await res.json()).name).toBe('NotFound');
    const meta = Credential.parse(await json(await get(`/admin/credentials/${created.credential.id}`)));
    expect(meta.downloaded).toBe(false);
    const real = await t.app.request(pathOf(created.download.url));
    expect(real.status).toBe(200);
  });

  it('garbage tokens are 404', async () => {
    for (const token of ['garbage', 'A'.repeat(64), 'A'.repeat(63), `${'A'.repeat(63)}=`, '%00']) {
      const res = await t.app.request(`/downloads/credentials/${token}`);
      expect(res.status, token).toBe(404);
    }
  });

  it("a revoked credential's link is 410", async () => {
    const company = await createCompany(t);
    const created = await createCredential(t, company.id, 'v2');
    expect((await revoke(created.credential.id)).status).toBe(200);
    const res = await t.app.request(pathOf(created.download.url));
    expect(res.status).toBe(410);
    expect(ErrorEnvelope.parse(await res.json()).message).toMatch(/revoked/);
  });

  it('needs no auth headers, and ignores admin headers', async () => {
    const company = await createCompany(t);
    const created = await createCredential(t, company.id, 'v2');
    const res = await t.app.request(pathOf(created.download.url), { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(200);
  });
});

describe(`revocation (${BACKEND})`, () => {
  it('tokens issued from a revoked credential stop working at once; other credentials keep working', async () => {
    const company = await createCompany(t);
    const a = await v2Client(t, company.id);
    const b = await v2Client(t, company.id);
    const headers = (token: string) => ({
      authorization: `Bearer ${token}`,
      'x-api-key': company.apiKey,
      'x-backend-version': 'v2',
    });
    const tokenA = await v2Token(t, a);
    const tokenB = await v2Token(t, b);
    expect((await t.app.request('/v1/projects', { headers: headers(tokenA) })).status).toBe(200);
    expect((await revoke(a.credentialId)).status).toBe(200);
    expect((await t.app.request('/v1/projects', { headers: headers(tokenA) })).status).toBe(401);
    expect((await t.app.request('/v1/projects', { headers: headers(tokenB) })).status).toBe(200);
  });

  it('v1 tokens of a revoked credential stop working at once', async () => {
    const company = await createCompany(t);
    const created = await createCredential(t, company.id, 'v1');
    const files = await downloadZip(t, created.download.url);
    const file = V1CredentialFile.parse(JSON.parse(files['api-service-account-key.json']!));
    const token = await signV1(t, file);
    const headers = { authorization: `Bearer ${token}`, 'x-api-key': company.apiKey };
    expect((await t.app.request('/v1/projects', { headers })).status).toBe(200);
    expect((await revoke(created.credential.id)).status).toBe(200);
    expect((await t.app.request('/v1/projects', { headers })).status).toBe(401);
  });
});

describe(`credential metadata (${BACKEND})`, () => {
  const SECRET_FIELDS = [
    'clientSecret',
    'private_key',
    'privateKey',
    'secretHash',
    'secret_hash',
    'downloadBlob',
    'publicKeyPem',
    'scrypt$',
  ];

  it('list and get return metadata only; downloaded flips after the download', async () => {
    const company = await createCompany(t);
    const other = await createCompany(t, 'Other Co');
    const v2 = await createCredential(t, company.id, 'v2');
    const v1 = await createCredential(t, company.id, 'v1');
    await createCredential(t, other.id, 'v2');

    const listRes = await get(`/admin/credentials?companyId=${company.id}`);
    expect(listRes.status).toBe(200);
    const listText = await listRes.text();
    for (const f of SECRET_FIELDS) expect(listText).not.toContain(f);
    const list = Credential.array().parse(JSON.parse(listText));
    expect(list.map((c) => c.id)).toEqual([v2.credential.id, v1.credential.id]);
    expect(list.every((c) => c.downloaded === false)).toBe(true);
    for (const c of JSON.parse(listText) as Record<string, unknown>[]) {
      expect(Object.keys(c).every((k) => Object.keys(Credential.shape).includes(k))).toBe(true);
    }

    const all = Credential.array().parse(await json(await get('/admin/credentials')));
    expect(all).toHaveLength(3);

    const files = await downloadZip(t, v2.download.url);
    const secret = V2CredentialFile.parse(JSON.parse(files['api-credentials.json']!)).clientSecret;
    const v1Files = await downloadZip(t, v1.download.url);

    const oneRes = await get(`/admin/credentials/${v2.credential.id}`);
    expect(oneRes.status).toBe(200);
    const oneText = await oneRes.text();
    for (const f of SECRET_FIELDS) expect(oneText).not.toContain(f);
    expect(oneText).not.toContain(secret);
    const one = Credential.parse(JSON.parse(oneText));
    expect(one).toMatchObject({ id: v2.credential.id, downloaded: true, clientId: v2.credential.clientId });

    const v1Text = await (await get(`/admin/credentials/${v1.credential.id}`)).text();
    for (const f of SECRET_FIELDS) expect(v1Text).not.toContain(f);
    expect(v1Text).not.toContain('PRIVATE KEY');
    expect(v1Text).not.toContain('PUBLIC KEY');
    expect(Credential.parse(JSON.parse(v1Text)).downloaded).toBe(true);
    expect(v1Files['api-service-account-key.json']).toBeDefined();

    const created = CredentialCreated.parse(v2);
    const createdText = JSON.stringify(created);
    for (const f of SECRET_FIELDS) expect(createdText).not.toContain(f);
  });

  it('company list never shows the API key; creation shows it once', async () => {
    const company: CompanyCreated = await createCompany(t, '  Trimmed Co  ');
    expect(company.name).toBe('Trimmed Co');
    expect(company.apiKey.length).toBeGreaterThanOrEqual(30);
    const text = await (await get('/admin/companies')).text();
    expect(text).toContain(company.id);
    expect(text).not.toContain(company.apiKey);
    expect(text).not.toContain('apiKey');
  });
});

describe(`admin gate and input (${BACKEND})`, () => {
  it('no Authorization or a wrong admin token: 401', async () => {
    const paths: [string, RequestInit][] = [
      ['/admin/companies', {}],
      ['/admin/credentials', {}],
      ['/admin/companies', { method: 'POST', body: JSON.stringify({ name: 'X' }) }],
    ];
    for (const [path, init] of paths) {
      const none = await t.app.request(path, { ...init, headers: { 'content-type': 'application/json' } });
      expect(none.status, path).toBe(401);
      expect(ErrorEnvelope.parse(await none.json()).name).toBe('Unauthorized');
      for (const authorization of [
        `Bearer ${ADMIN_TOKEN}x`,
        `Bearer ${ADMIN_TOKEN.slice(0, -1)}`,
        ADMIN_TOKEN,
        'Bearer ',
      ]) {
        const wrong = await t.app.request(path, {
          ...init,
          headers: { 'content-type': 'application/json', authorization },
        });
        expect(wrong.status, authorization).toBe(401);
      }
    }
    // Nothing was created by the refused POSTs.
    expect(await json(await get('/admin/companies'))).toEqual([]);
  });

  it('admin routes answer 404 when no admin token is configured', async () => {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, adminToken: undefined } });
    for (const [path, method] of [
      ['/admin/companies', 'GET'],
      ['/admin/companies', 'POST'],
      ['/admin/credentials', 'GET'],
    ] as const) {
      const res = await app.request(path, {
        method,
        headers: adminHeaders,
        ...(method === 'POST' ? { body: JSON.stringify({ name: 'X' }) } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(ErrorEnvelope.parse(await res.json()).name).toBe('NotFound');
    }
    expect(await json(await get('/admin/companies'))).toEqual([]);
  });

  it('POST /admin/credentials with version v3: 400 naming the field', async () => {
    const company = await createCompany(t);
    const res = await postCredential(company.id, 'v3');
    expect(res.status).toBe(400);
    const err = ErrorEnvelope.parse(await res.json());
    expect(err.name).toBe('ValidationError');
    expect(err.details?.[0]).toMatchObject({ field: 'version', value: 'v3' });
    expect(err.message).toContain('version');
    const badId = await postCredential('not-an-id', 'v2');
    expect(badId.status).toBe(400);
    expect(ErrorEnvelope.parse(await badId.json()).details?.[0]).toMatchObject({ field: 'companyId' });
    // Nothing was created.
    expect(await json(await get(`/admin/credentials?companyId=${company.id}`))).toEqual([]);
  });

  it('POST /admin/credentials without version creates v2', async () => {
    const company = await createCompany(t);
    const res = await t.app.request('/admin/credentials', {
      method: 'POST',
      headers: adminHeaders,
      body: JSON.stringify({ companyId: company.id }),
    });
    expect(res.status).toBe(201);
    expect(CredentialCreated.parse(await res.json()).credential.version).toBe('v2');
  });

  it('POST /admin/companies with an empty name: 400; a non-JSON body: 415; malformed JSON: 400', async () => {
    for (const name of ['', '   ']) {
      const res = await t.app.request('/admin/companies', {
        method: 'POST',
        headers: adminHeaders,
        body: JSON.stringify({ name }),
      });
      expect(res.status).toBe(400);
      expect(ErrorEnvelope.parse(await res.json()).details?.[0]).toMatchObject({ field: 'name' });
    }
    const text = await t.app.request('/admin/companies', {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'X' }),
    });
    expect(text.status).toBe(415);
    expect(ErrorEnvelope.parse(await text.json()).name).toBe('UnsupportedMediaType');
    const form = await t.app.request('/admin/credentials', {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: 'companyId=x',
    });
    expect(form.status).toBe(415);
    const broken = await t.app.request('/admin/companies', { method: 'POST', headers: adminHeaders, body: '{"name":' });
    expect(broken.status).toBe(400);
    expect(await json(await get('/admin/companies'))).toEqual([]);
  });

  it('bad ids in the path and query: 400', async () => {
    expect((await get('/admin/credentials/xyz')).status).toBe(400);
    expect((await get('/admin/credentials?companyId=xyz')).status).toBe(400);
    expect((await revoke('xyz')).status).toBe(400);
  });
});
