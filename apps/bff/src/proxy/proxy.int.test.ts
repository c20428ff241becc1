import { randomBytes } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, v2Zip } from '../test/fakeApi';
import { createTestBff, signIn, type TestBff } from '../test/harness';
import { V1_FILE, V1_PUBLIC_KEY, v1Zip } from '../test/v1Credential';
import { TokenProvider, type TokenSource } from '../tokens/tokenProvider';

/** The v1 credential ZIP, with the API key the fake API expects. */
const V1_ZIP = v1Zip({ apiKey: API_KEY });

const START = new Date('2026-11-22T12:00:00Z').getTime();
const at = (ms: number) => new Date(START + ms);
const MIN = 60_000;

let t: TestBff;
type Browser = Awaited<ReturnType<typeof signIn>>;
let engineer: Browser;

// Sessions idle for 30 minutes end; the token-expiry tests move the clock by an hour.
beforeAll(async () => {
  t = await createTestBff({ SESSION_IDLE_MINUTES: '1440' });
});
beforeEach(async () => {
  await t.reset();
  engineer = await signIn(t, 'engineer');
});
afterAll(async () => {
  await t.close();
});

/** Installs a credential through the admin's upload route (as the console does). */
async function install(zip: Uint8Array): Promise<void> {
  const admin = await signIn(t, 'admin', `admin-${randomBytes(4).toString('hex')}`);
  const res = await admin.request('/bff/credentials/upload', {
    method: 'POST',
    headers: { 'content-type': 'application/zip' },
    body: zip as Uint8Array<ArrayBuffer>,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const projects = () => engineer.request('/api/v1/projects?take=25');
const state = () => t.upstream.state;

describe('proxy: what reaches the API', () => {
  it('v2: forwards path and query with the bearer token, the API key and x-backend-version: v2', async () => {
    await install(v2Zip());
    const res = await projects();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 'p1', name: 'Project' }]);
    expect(state().requests).toHaveLength(1);
    const [sent] = state().requests;
    expect(sent!.method).toBe('GET');
    expect(sent!.path).toBe('/v1/projects?take=25');
    expect(sent!.headers.authorization).toBe('Bearer tok-1');
    expect(sent!.headers['x-api-key']).toBe(API_KEY);
    expect(sent!.headers['x-backend-version']).toBe('v2');
  });

  it('v1: no x-backend-version, and a locally signed RS256 JWT (iss = sub = client_email, aud = the API, kid = private_key_id)', async () => {
    await install(V1_ZIP);
    // The browser tries to choose the backend and the credentials itself: all of it is replaced.
    await engineer.request('/api/v1/projects?take=25', {
      headers: { 'x-backend-version': 'v2', authorization: 'Bearer from-the-browser', 'x-api-key': 'browser-key' },
    });
    expect(state().tokenCalls).toBe(0); // v1 tokens are signed here, never fetched
    expect(state().requests.length).toBeGreaterThanOrEqual(1);
    const sent = state().requests[0]!;
    expect(sent.path).toBe('/v1/projects?take=25');
    expect(sent.headers['x-backend-version']).toBeUndefined();
    expect(sent.headers['x-api-key']).toBe(API_KEY);
    const auth = sent.headers.authorization ?? '';
    expect(auth).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = auth.slice('Bearer '.length);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid: V1_FILE.private_key_id });
    const { payload } = await jwtVerify(jwt, await importSPKI(V1_PUBLIC_KEY, 'RS256'), {
      algorithms: ['RS256'],
      issuer: V1_FILE.client_email,
      subject: V1_FILE.client_email,
      audience: 'http://api.test',
      currentDate: t.clock.now(),
    });
    expect(payload.iat).toBe(START / 1000);
    expect(payload.exp).toBe(START / 1000 + 3600);
  });

  it("never forwards the browser's cookie, x-csrf-token, origin or referer", async () => {
    await install(v2Zip());
    await engineer.request('/api/v1/projects?take=25', { headers: { referer: 'http://console.test/projects' } });
    await engineer.request('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: 'http://console.test/projects' },
      body: '[]',
    });
    expect(state().requests.map((r) => r.method)).toEqual(['GET', 'POST']);
    for (const { headers } of state().requests) {
      expect(headers.cookie).toBeUndefined();
      expect(headers['x-csrf-token']).toBeUndefined();
      expect(headers.origin).toBeUndefined();
      expect(headers.referer).toBeUndefined();
      for (const value of Object.values(headers)) {
        expect(value).not.toContain(engineer.cookie.split('=')[1]);
        expect(value).not.toContain(engineer.csrfToken);
      }
    }
  });

  it('an API that does not answer: 504 after API_TIMEOUT_SECONDS, naming the wait; the request is aborted', async () => {
    await install(v2Zip());
    const deps = t.deps as { fetch: typeof fetch; config: { apiTimeoutMs: number } };
    const real = deps.fetch;
    const saved = deps.config.apiTimeoutMs;
    let aborted = false;
    // The API takes the connection and never answers the data request (a frozen process).
    deps.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes('/v1/projects')) return real(input, init);
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(init.signal?.reason);
        });
      });
    }) as typeof fetch;
    deps.config.apiTimeoutMs = 50;
    try {
      const res = await projects();
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({
        name: 'UpstreamTimeout',
        message: `The API at ${t.config.apiBaseUrl} did not answer within 0.05 s`,
      });
      expect(aborted).toBe(true);
    } finally {
      deps.fetch = real;
      deps.config.apiTimeoutMs = saved;
    }
  });

  it('no credential in the vault: 503 telling an admin to add one, and nothing reaches the API', async () => {
    const res = await projects();
    expect(res.status).toBe(503);
    const body = (await res.json()) as { name: string; message: string };
    expect(body.name).toBe('NoCredential');
    expect(body.message).toMatch(/admin/i);
    expect(body.message).toMatch(/add/i);
    expect(state().tokenCalls).toBe(0);
    expect(state().requests).toHaveLength(0);
  });
});

describe('proxy: the response', () => {
  it('passes X-Query-Count, rewrites Link to console paths, drops Set-Cookie and Connection', async () => {
    await install(v2Zip());
    const res = await projects();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-query-count')).toBe('42');
    expect(res.headers.get('link')).toBe(
      '</api/v1/projects?skip=25&take=25>;rel="next",</api/v1/projects?skip=0&take=25>;rel="first"',
    );
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('connection')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('streams a 300 KB POST body through and passes the 207 status back', async () => {
    await install(v2Zip());
    // About 300 KB of JSON (each element is 33 bytes).
    const big = JSON.stringify(
      Array.from({ length: 9400 }, (_, i) => ({ id: 10_000 + i, name: `well-${String(i).padStart(6, '0')}` })),
    );
    expect(Buffer.byteLength(big)).toBeGreaterThanOrEqual(300 * 1024);

    const res = await engineer.request('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(207);
    expect(await res.json()).toEqual({ received: big.length });
    const sent = state().requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/projects');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(Buffer.byteLength(sent.body)).toBe(Buffer.byteLength(big));
    expect(sent.body).toBe(big);
  });
});

describe('proxy: the token cache', () => {
  it('100 concurrent GETs on a cold cache make one token call', async () => {
    await install(v2Zip());
    const responses = await Promise.all(Array.from({ length: 100 }, () => projects()));
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(state().tokenCalls).toBe(1);
    expect(state().requests).toHaveLength(100);
    expect(new Set(state().requests.map((r) => r.headers.authorization))).toEqual(new Set(['Bearer tok-1']));
  });

  it('100 GETs all waiting for the token at once still make one token call (single flight)', async () => {
    await install(v2Zip());
    // The token endpoint answers only once all 100 requests have asked for a token, so that they
    // really overlap (otherwise the first token may be cached before the second request asks).
    const n = 100;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const upstream = t.upstream;
    let asked = 0;
    class HeldProvider extends TokenProvider {
      override token(source: TokenSource): Promise<string> {
        if (++asked === n) open();
        return super.token(source);
      }
    }
    t.deps.tokens = new HeldProvider({
      authUrl: t.config.authUrl,
      v1Audience: t.config.v1Audience,
      clock: t.clock,
      fetch: async (input, init) => {
        await gate;
        return upstream.fetch(input, init);
      },
    });
    const responses = await Promise.all(Array.from({ length: n }, () => projects()));
    expect(asked).toBe(n);
    expect(responses.map((r) => r.status)).toEqual(Array(n).fill(200));
    expect(state().tokenCalls).toBe(1);
    expect(new Set(state().requests.map((r) => r.headers.authorization))).toEqual(new Set(['Bearer tok-1']));
  });

  it('reuses the token until 60 s before it expires: 58 min 59 s no new call, 59 min a new one', async () => {
    await install(v2Zip());
    expect((await projects()).status).toBe(200);
    expect(state().tokenCalls).toBe(1);

    t.clock.set(at(58 * MIN + 59_000));
    expect((await projects()).status).toBe(200);
    expect(state().tokenCalls).toBe(1);
    expect(state().requests.at(-1)!.headers.authorization).toBe('Bearer tok-1');

    t.clock.set(at(59 * MIN)); // 3600 - 60 s after the token was issued
    expect((await projects()).status).toBe(200);
    expect(state().tokenCalls).toBe(2);
    expect(state().requests.at(-1)!.headers.authorization).toBe('Bearer tok-2');
  });
});

describe('proxy: 401 from the API', () => {
  it('a GET is retried once with a fresh token and succeeds', async () => {
    await install(v2Zip());
    expect((await projects()).status).toBe(200);
    expect(state().tokenCalls).toBe(1);
    expect(state().requests).toHaveLength(1);

    state().unauthorizedNext = 1;
    const res = await projects();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 'p1', name: 'Project' }]);
    expect(state().tokenCalls).toBe(2);
    expect(state().requests).toHaveLength(3);
    expect(
      state()
        .requests.slice(1)
        .map((r) => r.headers.authorization),
    ).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('a POST with a body is not retried: the 401 passes through, and the next request gets a new token', async () => {
    await install(v2Zip());
    expect((await projects()).status).toBe(200);

    state().unauthorizedNext = 1;
    const res = await engineer.request('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ name: 'x' }]),
    });
    expect(res.status).toBe(401);
    expect(state().requests).toHaveLength(2);
    expect(state().tokenCalls).toBe(1);

    // The refused token was dropped from the cache.
    expect((await projects()).status).toBe(200);
    expect(state().tokenCalls).toBe(2);
    expect(state().requests.at(-1)!.headers.authorization).toBe('Bearer tok-2');
  });
});

describe('proxy: 429 from the token endpoint', () => {
  it('answers 429 with Retry-After and does not ask the token endpoint again until the reset', async () => {
    await install(v2Zip());
    state().rateLimitedFor = 120;
    const reset = at(120_000);

    const first = await projects();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('120');
    const body = (await first.json()) as { name: string; message: string };
    expect(body.name).toBe('TokenRateLimited');
    expect(body.message).toContain(reset.toISOString());
    expect(state().tokenCalls).toBe(1);
    expect(state().requests).toHaveLength(0);

    const second = await projects();
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('120');
    expect(state().tokenCalls).toBe(1);

    // The limit is over at the API, but the BFF waits for the time it was told.
    state().rateLimitedFor = 0;
    t.clock.set(new Date(reset.getTime() - 1));
    const third = await projects();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    expect(state().tokenCalls).toBe(1);

    t.clock.set(reset);
    expect((await projects()).status).toBe(200);
    expect(state().tokenCalls).toBe(2);
    expect(state().requests).toHaveLength(1);
  });
});
