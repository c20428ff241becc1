import { strToU8, zipSync } from 'fflate';
import { Hono } from 'hono';

export const API_URL = 'http://api.test';
export const API_KEY = 'fake-api-key-0123456789';
export const CLIENT_ID = '11111111-2222-4333-8444-555555555555';
export const CLIENT_SECRET = 'fake-client-secret-do-not-leak-0123456789';

/** A v2 credential ZIP as the API makes it. */
export function v2Zip(clientId = CLIENT_ID, clientSecret = CLIENT_SECRET, apiKey = API_KEY): Uint8Array {
  return zipSync({
    'api-credentials.json': strToU8(
      JSON.stringify({
        type: 'api_client_credentials',
        clientId,
        clientSecret,
        token_uri: `${API_URL}/v1/oauth/token`,
        audience: API_URL,
      }),
    ),
    'api-key.txt': strToU8(`${apiKey}\n`),
  });
}

/**
 * A stand-in for the API, to observe exactly what the BFF sends: it counts token calls, remembers
 * the headers of every data request, and can be told to answer 401 or 429.
 */
/** The id of the fake API's active credential that no test vault holds. */
export const ELSEWHERE_ID = '6b00000000000000000000ff';
/** Its clientId. */
export const ELSEWHERE_CLIENT_ID = '77777777-6666-4555-8444-333333333333';

export function fakeApi() {
  const state = {
    tokenCalls: 0,
    issued: new Set<string>(),
    rateLimitedFor: 0,
    /** The next N data requests answer 401 (as after a revocation or a key rotation). */
    unauthorizedNext: 0,
    requests: [] as { method: string; path: string; headers: Record<string, string>; body: string }[],
    created: 0,
    revoked: [] as string[],
  };
  const app = new Hono();
  app.post('/v1/oauth/token', async (c) => {
    state.tokenCalls++;
    if (state.rateLimitedFor > 0) {
      c.header('Retry-After', String(state.rateLimitedFor));
      c.header('RateLimit-Reset', String(state.rateLimitedFor));
      return c.json({ error: 'too_many_requests' }, 429);
    }
    const body = (await c.req.json()) as { clientId?: string; clientSecret?: string };
    if (body.clientSecret !== CLIENT_SECRET) return c.json({ error: 'invalid credentials' }, 401);
    const token = `tok-${state.tokenCalls}`;
    state.issued.add(token);
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: 3600 });
  });
  app.post('/admin/credentials', async (c) => {
    state.created++;
    const { version } = (await c.req.json()) as { version: string };
    if (c.req.header('authorization') !== 'Bearer admin-token-for-tests-0123456789')
      return c.json({ message: 'no' }, 401);
    return c.json(
      {
        credential: {
          id: `6b00000000000000000000${String(state.created).padStart(2, '0')}`,
          version,
          status: 'active',
        },
        download: {
          url: `${API_URL}/downloads/credentials/zip${state.created}`,
          expiresAt: '2026-11-22T13:00:00.000Z',
        },
      },
      201,
    );
  });
  app.get('/downloads/credentials/:token', (c) =>
    c.body(v2Zip(CLIENT_ID, CLIENT_SECRET) as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/zip' }),
  );
  /**
   * The company's credentials: one active made elsewhere (not in any test vault), one revoked, and
   * those created through `POST /admin/credentials` (active until revoked).
   */
  app.get('/admin/credentials', (c) =>
    c.json([
      {
        id: ELSEWHERE_ID,
        version: 'v2',
        status: 'active',
        clientId: ELSEWHERE_CLIENT_ID,
        createdAt: '2026-11-01T00:00:00.000Z',
      },
      {
        id: '6b00000000000000000000fe',
        version: 'v2',
        status: 'revoked',
        clientId: 'gone',
        createdAt: '2026-11-01T00:00:00.000Z',
      },
      ...Array.from({ length: state.created }, (_, i) => {
        const id = `6b00000000000000000000${String(i + 1).padStart(2, '0')}`;
        return {
          id,
          version: 'v2',
          status: state.revoked.includes(id) ? 'revoked' : 'active',
          clientId: CLIENT_ID,
          createdAt: '2026-11-22T12:00:00.000Z',
        };
      }),
    ]),
  );
  app.post('/admin/credentials/:id/revoke', (c) => {
    state.revoked.push(c.req.param('id'));
    return c.json({ status: 'revoked' });
  });
  app.all('/v1/*', async (c) => {
    const headers = Object.fromEntries(c.req.raw.headers);
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text();
    state.requests.push({ method: c.req.method, path: c.req.path + (new URL(c.req.url).search || ''), headers, body });
    const auth = c.req.header('authorization')?.replace('Bearer ', '') ?? '';
    if (state.unauthorizedNext > 0 || !state.issued.has(auth)) {
      state.unauthorizedNext = Math.max(0, state.unauthorizedNext - 1);
      return c.json({ name: 'Unauthorized', message: 'Invalid token' }, 401);
    }
    c.header(
      'Link',
      `<${API_URL}/v1/projects?skip=25&take=25>;rel="next",<${API_URL}/v1/projects?skip=0&take=25>;rel="first"`,
    );
    c.header('X-Query-Count', '42');
    c.header('Set-Cookie', 'upstream=1');
    c.header('Connection', 'keep-alive');
    if (c.req.method === 'POST') return c.json({ received: body.length }, 207);
    return c.json([{ id: 'p1', name: 'Project' }]);
  });
  return {
    app,
    state,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => app.request(input as string, init)) as typeof fetch,
  };
}
