import { TokenError, TokenResponse } from '@econ/contract';
import { createLocalJWKSet, decodeProtectedHeader, type JWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminHeaders, createCompany, json, tokenRequest, type V2Client, v2Client } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

const MINUTE = 60_000;
const WINDOW = 15 * MINUTE;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const grant = (c: V2Client, overrides: Record<string, unknown> = {}) => ({
  grant_type: 'client_credentials',
  clientId: c.clientId,
  clientSecret: c.clientSecret,
  ...overrides,
});

/** A token request with a raw body and content type. */
const rawRequest = (
  api: TestApi,
  body: string,
  contentType: string | undefined,
  headers: Record<string, string> = {},
) =>
  api.app.request('/v1/oauth/token', {
    method: 'POST',
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    body,
  });

/** A request that fails validation (400) but is still counted by the per-IP limit. */
const cheapRequest = (api: TestApi, headers: Record<string, string> = {}) =>
  tokenRequest(api, { grant_type: 'client_credentials' }, headers);

const rateHeaders = (res: Response) => ({
  limit: res.headers.get('ratelimit-limit'),
  remaining: res.headers.get('ratelimit-remaining'),
  reset: res.headers.get('ratelimit-reset'),
  retryAfter: res.headers.get('retry-after'),
});

async function newClient(api: TestApi = t, name = 'Acme Energy'): Promise<V2Client> {
  const company = await createCompany(api, name);
  return v2Client(api, company.id);
}

async function expectInvalidRequest(res: Response, mention: RegExp): Promise<void> {
  expect(res.status).toBe(400);
  const body = TokenError.parse(await res.json());
  expect(body.error).toBe('invalid_request');
  expect(body.error_description).toMatch(mention);
}

describe(`POST /v1/oauth/token (${BACKEND})`, () => {
  describe('issuing', () => {
    it('issues a token from a JSON body: Bearer, 3600 s, ES256 with a kid from the JWKS, verifiable', async () => {
      const client = await newClient();
      const res = await tokenRequest(t, grant(client));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = TokenResponse.parse(await res.json());
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

      const header = decodeProtectedHeader(body.access_token);
      expect(header.alg).toBe('ES256');
      expect(header.kid).toEqual(expect.any(String));

      const jwksRes = await t.app.request('/.well-known/jwks.json');
      expect(jwksRes.status).toBe(200);
      const jwks = await json<{ keys: JWK[] }>(jwksRes);
      const published = jwks.keys.find((k) => k.kid === header.kid);
      expect(published).toBeDefined();
      // Only public material is published.
      for (const key of jwks.keys) expect(key).not.toHaveProperty('d');

      const { payload, protectedHeader } = await jwtVerify(body.access_token, createLocalJWKSet(jwks), {
        algorithms: ['ES256'],
        issuer: BASE_URL,
        audience: BASE_URL,
        currentDate: t.clock.now(),
      });
      expect(protectedHeader.kid).toBe(header.kid);
      expect(payload.exp! - payload.iat!).toBe(3600);
      expect(payload.iat).toBe(Math.floor(t.clock.now().getTime() / 1000));
      expect(payload.sub).toBe(client.clientId);
      expect(payload).toMatchObject({ client_id: client.clientId, cid: client.credentialId });
    });

    it('issues a token from an application/x-www-form-urlencoded body', async () => {
      const client = await newClient();
      const res = await rawRequest(
        t,
        new URLSearchParams({
          grant_type: 'client_credentials',
          clientId: client.clientId,
          clientSecret: client.clientSecret,
        }).toString(),
        'application/x-www-form-urlencoded; charset=utf-8',
      );
      expect(res.status, await res.clone().text()).toBe(200);
      const body = TokenResponse.parse(await res.json());
      expect(decodeProtectedHeader(body.access_token).alg).toBe('ES256');
      // The token works at the gate.
      const use = await t.app.request('/v1/projects', {
        headers: {
          authorization: `Bearer ${body.access_token}`,
          'x-api-key': client.apiKey,
          'x-backend-version': 'v2',
        },
      });
      expect(use.status).toBe(200);
    });
  });

  describe('invalid requests (400 invalid_request)', () => {
    it('missing grant_type', async () => {
      const client = await newClient();
      const { grant_type: _, ...body } = grant(client);
      await expectInvalidRequest(await tokenRequest(t, body), /grant_type/);
    });

    it('wrong grant_type', async () => {
      const client = await newClient();
      await expectInvalidRequest(await tokenRequest(t, grant(client, { grant_type: 'password' })), /grant_type/);
      await expectInvalidRequest(
        await rawRequest(
          t,
          `grant_type=authorization_code&clientId=${client.clientId}&clientSecret=x`,
          'application/x-www-form-urlencoded',
        ),
        /grant_type/,
      );
    });

    it('missing clientId', async () => {
      const client = await newClient();
      const { clientId: _, ...body } = grant(client);
      await expectInvalidRequest(await tokenRequest(t, body), /clientId/);
    });

    it('clientId not a UUID', async () => {
      const client = await newClient();
      await expectInvalidRequest(await tokenRequest(t, grant(client, { clientId: 'not-a-uuid' })), /clientId.*UUID/);
      await expectInvalidRequest(await tokenRequest(t, grant(client, { clientId: 42 })), /clientId/);
    });

    it('missing or empty clientSecret', async () => {
      const client = await newClient();
      const { clientSecret: _, ...body } = grant(client);
      await expectInvalidRequest(await tokenRequest(t, body), /clientSecret/);
      await expectInvalidRequest(await tokenRequest(t, grant(client, { clientSecret: '' })), /clientSecret/);
    });

    it('malformed JSON, and JSON that is not an object', async () => {
      await expectInvalidRequest(
        await rawRequest(t, '{"grant_type": "client_credentials",', 'application/json'),
        /JSON/,
      );
      await expectInvalidRequest(await rawRequest(t, '["client_credentials"]', 'application/json'), /JSON object/);
      await expectInvalidRequest(await rawRequest(t, 'null', 'application/json'), /JSON object/);
    });

    it('a text/plain body, or none with no content type', async () => {
      const client = await newClient();
      await expectInvalidRequest(
        await rawRequest(t, JSON.stringify(grant(client)), 'text/plain'),
        /Content-Type must be application\/json or application\/x-www-form-urlencoded/,
      );
      await expectInvalidRequest(await rawRequest(t, '', undefined), /Content-Type/);
    });

    it('a body over BODY_LIMIT_BYTES: 413 with an OAuth error, like every other answer of this endpoint', async () => {
      const client = await newClient();
      const big = JSON.stringify({ ...grant(client), padding: 'x'.repeat(t.config.bodyLimitBytes) });
      for (const headers of [
        { 'content-type': 'application/json' } as Record<string, string>,
        { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
      ]) {
        const res = await t.app.request('/v1/oauth/token', { method: 'POST', headers, body: big });
        expect(res.status).toBe(413);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body).toEqual({
          error: 'invalid_request',
          error_description: `The body is larger than the limit of ${t.config.bodyLimitBytes} bytes`,
        });
      }
      // The same credential still gets a token: the refused request changed nothing.
      expect((await tokenRequest(t, grant(client))).status).toBe(200);
    });
  });

  describe('credentials (401 invalid credentials)', () => {
    it('answers an unknown clientId and a wrong secret with the same body', async () => {
      const client = await newClient();
      const unknown = await tokenRequest(t, grant(client, { clientId: '0b9a6c1e-3d4f-4a5b-8c7d-9e0f1a2b3c4d' }));
      const wrong = await tokenRequest(t, grant(client, { clientSecret: `${client.clientSecret}x` }));
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      const unknownText = await unknown.text();
      expect(unknownText).toBe(await wrong.text());
      expect(JSON.parse(unknownText)).toEqual({ error: 'invalid credentials' });
      expect(unknown.headers.get('content-type')).toBe(wrong.headers.get('content-type'));
    });

    it("refuses a revoked credential's correct secret", async () => {
      const client = await newClient();
      expect((await tokenRequest(t, grant(client))).status).toBe(200);
      const revoke = await t.app.request(`/admin/credentials/${client.credentialId}/revoke`, {
        method: 'POST',
        headers: adminHeaders,
      });
      expect(revoke.status).toBe(200);
      const res = await tokenRequest(t, grant(client));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'invalid credentials' });
    });
  });

  describe('per-clientId limit: 10 per 15 minutes', () => {
    it('answers the 11th request 429 with RateLimit-* and Retry-After; every answer carries RateLimit-*', async () => {
      const client = await newClient();
      for (let i = 1; i <= 10; i++) {
        const res = await tokenRequest(t, grant(client));
        expect(res.status, `request ${i}`).toBe(200);
        expect(rateHeaders(res)).toEqual({
          limit: '10',
          remaining: String(10 - i),
          reset: '900',
          retryAfter: null,
        });
      }
      const res = await tokenRequest(t, grant(client));
      expect(res.status).toBe(429);
      expect(TokenError.parse(await res.json()).error).toBe('too_many_requests');
      expect(rateHeaders(res)).toEqual({ limit: '10', remaining: '0', reset: '900', retryAfter: '900' });

      // 400 and 401 answers carry the headers too.
      const bad = await cheapRequest(t);
      expect(bad.status).toBe(400);
      expect(bad.headers.get('ratelimit-limit')).toBe('100');
      expect(bad.headers.get('ratelimit-remaining')).toBe('88');
      const other = await newClient(t, 'Other');
      const denied = await tokenRequest(t, grant(other, { clientSecret: 'wrong' }));
      expect(denied.status).toBe(401);
      expect(rateHeaders(denied)).toEqual({ limit: '10', remaining: '9', reset: '900', retryAfter: null });
    });

    it('fixed windows: still 429 one second before the window ends, 200 from its end on', async () => {
      const client = await newClient();
      t.clock.advance(5 * MINUTE); // 12:05: the window still ends at 12:15
      for (let i = 0; i < 10; i++) expect((await tokenRequest(t, grant(client))).status).toBe(200);
      const first = await tokenRequest(t, grant(client));
      expect(first.status).toBe(429);
      expect(rateHeaders(first)).toMatchObject({ reset: '600', retryAfter: '600' });

      t.clock.set('2026-11-22T12:14:59Z');
      const before = await tokenRequest(t, grant(client));
      expect(before.status).toBe(429);
      expect(rateHeaders(before)).toMatchObject({ remaining: '0', reset: '1', retryAfter: '1' });

      t.clock.set('2026-11-22T12:15:00Z');
      const after = await tokenRequest(t, grant(client));
      expect(after.status).toBe(200);
      expect(rateHeaders(after)).toEqual({ limit: '10', remaining: '9', reset: '900', retryAfter: null });

      t.clock.advance(WINDOW); // 12:30: a fresh window again, the full 10
      for (let i = 0; i < 10; i++) expect((await tokenRequest(t, grant(client))).status).toBe(200);
      expect((await tokenRequest(t, grant(client))).status).toBe(429);
    });

    it('failed attempts count: 10 wrong secrets lock out the right one for the window', async () => {
      const client = await newClient();
      for (let i = 0; i < 10; i++) {
        expect((await tokenRequest(t, grant(client, { clientSecret: `guess-${i}` }))).status).toBe(401);
      }
      const res = await tokenRequest(t, grant(client));
      expect(res.status).toBe(429);
      expect(TokenError.parse(await res.json()).error).toBe('too_many_requests');
    });

    it('counts each clientId on its own', async () => {
      const a = await newClient(t, 'A');
      const b = await newClient(t, 'B');
      for (let i = 0; i < 10; i++) expect((await tokenRequest(t, grant(a))).status).toBe(200);
      expect((await tokenRequest(t, grant(a))).status).toBe(429);
      expect((await tokenRequest(t, grant(b))).status).toBe(200);
    });

    it('is exact under concurrency: of 50 parallel requests exactly 10 succeed and 40 get 429', async () => {
      const client = await newClient();
      const responses = await Promise.all(Array.from({ length: 50 }, () => tokenRequest(t, grant(client))));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
      const tokens = await Promise.all(
        responses.filter((r) => r.status === 200).map(async (r) => TokenResponse.parse(await r.json()).access_token),
      );
      expect(new Set(tokens).size).toBe(10);
    });
  });

  describe('per-IP limit: 100 per 15 minutes, TRUST_PROXY=0 (default)', () => {
    it('ignores X-Forwarded-For: every request counts for the socket address', async () => {
      const client = await newClient();
      for (let i = 0; i < 100; i++) {
        const res = await cheapRequest(t, { 'x-forwarded-for': `198.51.100.${i}` });
        expect(res.status, `request ${i + 1}`).toBe(400);
      }
      const res = await tokenRequest(t, grant(client), { 'x-forwarded-for': '203.0.113.250' });
      expect(res.status).toBe(429);
      expect(TokenError.parse(await res.json()).error).toBe('too_many_requests');
      expect(rateHeaders(res)).toEqual({ limit: '100', remaining: '0', reset: '900', retryAfter: '900' });
      expect((await tokenRequest(t, grant(client))).status).toBe(429);
      // A request refused by the per-IP limit does not use up the clientId's allowance.
      t.clock.advance(WINDOW);
      const next = await tokenRequest(t, grant(client));
      expect(next.status).toBe(200);
      expect(next.headers.get('ratelimit-remaining')).toBe('9');
    });

    it('is exact under concurrency: of 120 parallel requests exactly 100 pass the per-IP limit', async () => {
      const responses = await Promise.all(Array.from({ length: 120 }, () => cheapRequest(t)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    });
  });

  describe('per-IP limit: 100 per 15 minutes, TRUST_PROXY=1', () => {
    let tp: TestApi;
    beforeAll(async () => {
      tp = await createTestApi({ TRUST_PROXY: '1' });
    });
    afterAll(() => tp.close());
    beforeEach(() => tp.reset());

    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    it('limits each forwarded address; another address still gets tokens', async () => {
      const client = await newClient(tp);
      for (let i = 0; i < 100; i++) {
        const res = await cheapRequest(tp, from('203.0.113.7'));
        expect(res.status, `request ${i + 1}`).toBe(400);
        expect(res.headers.get('ratelimit-remaining')).toBe(String(99 - i));
      }
      const res = await tokenRequest(tp, grant(client), from('203.0.113.7'));
      expect(res.status).toBe(429);
      expect(TokenError.parse(await res.json()).error).toBe('too_many_requests');
      expect(rateHeaders(res)).toEqual({ limit: '100', remaining: '0', reset: '900', retryAfter: '900' });

      // A client cannot escape by prepending its own X-Forwarded-For entry: the proxy's is rightmost.
      const spoofed = await tokenRequest(tp, grant(client), from('192.0.2.1, 203.0.113.7'));
      expect(spoofed.status).toBe(429);

      const other = await tokenRequest(tp, grant(client), from('203.0.113.8'));
      expect(other.status, await other.clone().text()).toBe(200);
      TokenResponse.parse(await other.json());

      tp.clock.set('2026-11-22T12:14:59Z');
      expect((await tokenRequest(tp, grant(client), from('203.0.113.7'))).status).toBe(429);
      tp.clock.set('2026-11-22T12:15:00Z');
      expect((await tokenRequest(tp, grant(client), from('203.0.113.7'))).status).toBe(200);
    });
  });
});
