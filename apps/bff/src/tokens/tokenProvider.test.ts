import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock';
import { TokenProvider, TokenRateLimitedError, TokenRequestError, type TokenSource } from './tokenProvider';

const START = '2026-11-22T12:00:00.000Z';
const SECRET = 'sEcReT-0123456789abcdef-do-not-leak';
const V2: TokenSource = {
  version: 'v2',
  credentialId: 'cred-v2',
  clientId: '0b7c2f0e-6a8e-4d57-9a57-3d0f1c2b4a11',
  clientSecret: SECRET,
};
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const V1: TokenSource = {
  version: 'v1',
  credentialId: 'cred-v1',
  clientEmail: 'svc@example.iam',
  privateKeyId: '0123456789abcdef0123456789abcdef01234567',
  privateKey,
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ok = (token: string, expiresIn?: number) =>
  json(200, {
    access_token: token,
    token_type: 'Bearer',
    ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
  });

/** A provider whose fetch answers from `answers` in order (a function answers every call); counts calls. */
function setup(answers: Array<Response | Error> | ((n: number) => Response | Error), start = START) {
  const clock = new ManualClock(start);
  let n = 0;
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    const a = typeof answers === 'function' ? answers(n) : answers[n];
    n++;
    if (!a) throw new Error('unexpected fetch');
    if (a instanceof Error) throw a;
    return a;
  });
  const provider = new TokenProvider({ authUrl: 'https://api.test/', v1Audience: 'https://api.test', clock, fetch });
  return { clock, fetch, provider };
}

/** The rejection of a promise, which must reject. */
async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(
    () => expect.fail('expected a rejection'),
    (e: Error) => e,
  );
}

describe('TokenProvider v2', () => {
  it('posts the client-credentials grant as JSON to the token endpoint, no redirects', async () => {
    const { fetch, provider } = setup([ok('t1', 3600)]);
    expect(await provider.token(V2)).toBe('t1');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.test/v1/oauth/token');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      grant_type: 'client_credentials',
      clientId: V2.clientId,
      clientSecret: SECRET,
    });
    expect(init?.redirect).toBe('error');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('without expires_in: cached 1 hour minus 61 s, refreshed at 1 hour minus 60 s', async () => {
    const { clock, fetch, provider } = setup([ok('t1'), ok('t2')]);
    expect(await provider.token(V2)).toBe('t1');
    clock.set('2026-11-22T12:58:59.000Z'); // expiry 13:00:00 - 61 s
    expect(await provider.token(V2)).toBe('t1');
    expect(fetch).toHaveBeenCalledTimes(1);
    clock.set('2026-11-22T12:59:00.000Z'); // expiry - 60 s
    expect(await provider.token(V2)).toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await provider.token(V2)).toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('uses expires_in from the response (seconds)', async () => {
    const { clock, fetch, provider } = setup([ok('t1', 600), ok('t2', 600)]);
    await provider.token(V2);
    clock.advance((600 - 61) * 1000);
    expect(await provider.token(V2)).toBe('t1');
    clock.advance(1000);
    expect(await provider.token(V2)).toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('caches per credentialId', async () => {
    const { fetch, provider } = setup([ok('a'), ok('b')]);
    expect(await provider.token(V2)).toBe('a');
    expect(await provider.token({ ...V2, credentialId: 'other' })).toBe('b');
    expect(await provider.token(V2)).toBe('a');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('single flight: 100 concurrent callers with a cold cache make one request', async () => {
    const { fetch, provider } = setup([ok('t1')]);
    const tokens = await Promise.all(Array.from({ length: 100 }, () => provider.token(V2)));
    expect(new Set(tokens)).toEqual(new Set(['t1']));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('single flight failure: all 100 get the error, the next call asks again', async () => {
    const { fetch, provider } = setup([json(401, { error: 'invalid credentials' }), ok('t2')]);
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => provider.token(V2)));
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(TokenRequestError);
      expect((r as PromiseRejectedResult).reason.status).toBe(401);
    }
    expect(await provider.token(V2)).toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('429: no request until resetAt (Retry-After), then asks again', async () => {
    const { clock, fetch, provider } = setup([
      json(429, { error: 'too_many_requests' }, { 'Retry-After': '30', 'RateLimit-Reset': '30' }),
      ok('other'),
      ok('t2'),
    ]);
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => provider.token(V2)));
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(TokenRateLimitedError);
    const e = (results[0] as PromiseRejectedResult).reason as TokenRateLimitedError;
    expect(e.resetAt.toISOString()).toBe('2026-11-22T12:00:30.000Z');
    expect(e.message).toBe(
      "The API's token endpoint is rate limiting this credential; try again after 2026-11-22T12:00:30.000Z",
    );
    clock.set('2026-11-22T12:00:29.999Z');
    const again = await failure(provider.token(V2));
    expect(again).toBeInstanceOf(TokenRateLimitedError);
    expect((again as TokenRateLimitedError).resetAt).toEqual(e.resetAt);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await provider.token({ ...V2, credentialId: 'other' })).toBe('other'); // other credentials are not blocked
    clock.set('2026-11-22T12:00:30.000Z');
    expect(await provider.token(V2)).toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each([
    [{ 'RateLimit-Reset': '120' }, 120],
    [{}, 60],
    [{ 'Retry-After': 'soon' }, 60],
    [{ 'Retry-After': '0' }, 1],
    [{ 'RateLimit-Reset': '1795000000' }, 900],
  ])('429 with headers %j waits %i s', async (headers, seconds) => {
    const { clock, fetch, provider } = setup([json(429, { error: 'too_many_requests' }, headers), ok('t2')]);
    const e = (await failure(provider.token(V2))) as TokenRateLimitedError;
    expect(e.resetAt.getTime() - new Date(START).getTime()).toBe(seconds * 1000);
    clock.advance(seconds * 1000 - 1);
    expect(await failure(provider.token(V2))).toBeInstanceOf(TokenRateLimitedError);
    clock.advance(1);
    expect(await provider.token(V2)).toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('401 and 400: status and the endpoint error in the message, never the secret', async () => {
    const { provider } = setup([
      json(401, { error: 'invalid credentials' }),
      json(400, { error: 'invalid_request', error_description: `bad secret ${SECRET}` }),
    ]);
    const e401 = (await failure(provider.token(V2))) as TokenRequestError;
    expect(e401).toBeInstanceOf(TokenRequestError);
    expect(e401.status).toBe(401);
    expect(e401.message).toBe("The API's token endpoint refused credential cred-v2 (HTTP 401: invalid credentials)");
    const e400 = (await failure(provider.token(V2))) as TokenRequestError;
    expect(e400.status).toBe(400);
    expect(e400.message).toContain('invalid_request: bad secret [redacted]');
    expect(e400.message).not.toContain(SECRET);
  });

  it('network failure, timeout, 5xx and a body without a token give 502', async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error(SECRET), { code: 'ECONNREFUSED' }),
    });
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const { fetch, provider } = setup([
      refused,
      timeout,
      json(503, { error: 'unavailable' }),
      json(200, { token_type: 'Bearer' }),
      new Response('<html>', { status: 200 }),
      json(200, { access_token: 't', expires_in: '3600' }),
    ]);
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const e = (await failure(provider.token(V2))) as TokenRequestError;
      expect(e).toBeInstanceOf(TokenRequestError);
      expect(e.status).toBe(502);
      expect(JSON.stringify({ ...e, message: e.message, cause: e.cause })).not.toContain(SECRET);
      messages.push(e.message);
    }
    expect(fetch).toHaveBeenCalledTimes(6);
    expect(messages[0]).toBe("Could not reach the API's token endpoint (fetch failed: ECONNREFUSED)");
    expect(messages[1]).toBe("Could not reach the API's token endpoint (no answer within 10 s)");
    expect(messages[2]).toContain('HTTP 503: unavailable');
    expect(messages[3]).toBe("The API's token endpoint answered HTTP 200 without a usable token");
  });

  it('invalidate drops the cached token only if it is still the given one', async () => {
    const { fetch, provider } = setup([ok('t1'), ok('t2'), ok('t3')]);
    expect(await provider.token(V2)).toBe('t1');
    provider.invalidate(V2.credentialId, 'stale');
    expect(await provider.token(V2)).toBe('t1');
    provider.invalidate(V2.credentialId, 't1');
    expect(await provider.token(V2)).toBe('t2');
    provider.invalidate(V2.credentialId, 't1'); // a late 401 for the old token
    expect(await provider.token(V2)).toBe('t2');
    provider.invalidate(V2.credentialId);
    expect(await provider.token(V2)).toBe('t3');
    provider.invalidate('unknown');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('TokenProvider v1', () => {
  it('signs RS256 locally with exact header and claims from the injected clock; no fetch', async () => {
    const { fetch, provider } = setup([], '2001-02-03T04:05:06.789Z');
    const token = await provider.token(V1);
    const iat = Date.parse('2001-02-03T04:05:06Z') / 1000;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: V1.privateKeyId, typ: 'JWT' });
    expect(decodeJwt(token)).toEqual({
      iss: 'svc@example.iam',
      sub: 'svc@example.iam',
      aud: 'https://api.test',
      iat,
      exp: iat + 3600,
    });
    const { payload } = await jwtVerify(token, await importSPKI(publicKey, 'RS256'), {
      algorithms: ['RS256'],
      issuer: 'svc@example.iam',
      audience: 'https://api.test',
      currentDate: new Date('2001-02-03T04:05:07Z'),
    });
    expect(payload.sub).toBe('svc@example.iam');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('cached until 60 s before exp, then signed again', async () => {
    const { clock, fetch, provider } = setup([]);
    const first = await provider.token(V1);
    const exp = decodeJwt(first).exp!;
    clock.set(new Date((exp - 61) * 1000));
    expect(await provider.token(V1)).toBe(first);
    clock.set(new Date((exp - 60) * 1000));
    const second = await provider.token(V1);
    expect(second).not.toBe(first);
    expect(decodeJwt(second).iat).toBe(exp - 60);
    expect(await Promise.all([provider.token(V1), provider.token(V1)])).toEqual([second, second]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an unusable private key: TokenRequestError without key material', async () => {
    const bad = '-----BEGIN PRIVATE KEY-----\nTUlJQ3NlY3JldGtleW1hdGVyaWFs\n-----END PRIVATE KEY-----';
    const { provider } = setup([]);
    const e = (await failure(provider.token({ ...V1, privateKey: bad }))) as TokenRequestError;
    expect(e).toBeInstanceOf(TokenRequestError);
    expect(e.status).toBe(401);
    expect(e.message).not.toContain('TUlJQ3');
    expect(e.message).toContain('cred-v1');
  });
});
