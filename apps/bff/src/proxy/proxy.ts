import type { Context } from 'hono';
import type { BffEnv } from '../appEnv';
import { BffError } from '../errors';
import { TokenRateLimitedError, TokenRequestError } from '../tokens/tokenProvider';
import { activeCredential, markUsed } from '../vault/vault';

/** Request headers never forwarded: the browser's cookies and credentials, hop-by-hop headers. */
const DROP_REQUEST = new Set([
  'cookie',
  'authorization',
  'x-api-key',
  'x-backend-version',
  'x-csrf-token',
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'origin',
  'referer',
  'content-length',
]);

/** Response headers passed back to the browser (the ones clients rely on, and body metadata). */
const PASS_RESPONSE = [
  'content-type',
  'content-disposition',
  'cache-control',
  'etag',
  'last-modified',
  'x-query-count',
  'x-delete-count',
  'x-request-id',
  'sunset',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
];

/** Rewrites absolute API URLs in a `Link` header to console paths (`/api/...`). */
export function rewriteLink(link: string, apiBaseUrl: string): string {
  return link.split(`<${apiBaseUrl}/`).join('</api/');
}

/** What `/api/*` may reach at the API: its versioned data routes, except the token endpoint. */
const FORWARDED = /^\/api\/v[12]\//;
const TOKEN_PATH = /^\/api\/v1\/oauth\/token\/?$/;

const IDEMPOTENT_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

/**
 * `/api/*` → `{API_BASE_URL}/*` with the active credential's `Authorization`, `x-api-key` and, for
 * v2 credentials only, `x-backend-version: v2`. Bodies stream both ways. On a 401 the cached token
 * is dropped and, for idempotent requests without a body, the request is retried once with a new one.
 */
export async function proxy(c: Context<BffEnv>): Promise<Response> {
  const deps = c.get('deps');
  // Only the data API: never its admin routes, token endpoint or anything else at the API's
  // origin (the role rules know nothing of those, and each 401 there would cost a new token).
  if (!FORWARDED.test(c.req.path) || TOKEN_PATH.test(c.req.path)) {
    throw new BffError(
      404,
      'NotFound',
      `No route ${c.req.method} ${c.req.path}: the console forwards only /api/v1/… and /api/v2/… data routes`,
    );
  }
  const credential = await activeCredential(deps);
  if (!credential) {
    throw new BffError(
      503,
      'NoCredential',
      'No API credential is installed: an admin must add one on the Credentials page',
    );
  }
  const url = new URL(c.req.url);
  const target = `${deps.config.apiBaseUrl}${url.pathname.replace(/^\/api/, '')}${url.search}`;
  const method = c.req.method;
  const headers = new Headers();
  for (const [k, v] of c.req.raw.headers) if (!DROP_REQUEST.has(k.toLowerCase())) headers.set(k, v);
  headers.set('x-api-key', credential.apiKey);
  if (credential.source.version === 'v2') headers.set('x-backend-version', 'v2');
  const hasBody = c.req.raw.body !== null && method !== 'GET' && method !== 'HEAD';

  const send = async (): Promise<{ res: Response; token: string }> => {
    let token: string;
    try {
      token = await deps.tokens.token(credential.source);
    } catch (e) {
      if (e instanceof TokenRateLimitedError) {
        const seconds = Math.max(1, Math.ceil((e.resetAt.getTime() - deps.clock.now().getTime()) / 1000));
        c.header('Retry-After', String(seconds));
        throw new BffError(429, 'TokenRateLimited', e.message);
      }
      if (e instanceof TokenRequestError) {
        throw new BffError(502, 'UpstreamAuthFailed', `The API refused the active credential: ${e.message}`);
      }
      throw e;
    }
    headers.set('authorization', `Bearer ${token}`);
    // An API that is up but does not answer must not hold the console's request for ever: the
    // response headers have apiTimeoutMs to arrive (a body, e.g. a download, then streams on).
    const waiting = new AbortController();
    const timer = setTimeout(() => waiting.abort(), deps.config.apiTimeoutMs);
    const init: RequestInit & { duplex?: 'half' } = { method, headers, redirect: 'manual', signal: waiting.signal };
    if (hasBody) {
      init.body = c.req.raw.body;
      init.duplex = 'half';
    }
    try {
      return { res: await deps.fetch(target, init), token };
    } catch {
      if (waiting.signal.aborted) {
        throw new BffError(
          504,
          'UpstreamTimeout',
          `The API at ${deps.config.apiBaseUrl} did not answer within ${deps.config.apiTimeoutMs / 1000} s`,
        );
      }
      throw new BffError(502, 'UpstreamUnavailable', `The API at ${deps.config.apiBaseUrl} cannot be reached`);
    } finally {
      clearTimeout(timer);
    }
  };

  let { res, token } = await send();
  if (res.status === 401) {
    deps.tokens.invalidate(credential.source.credentialId, token);
    if (IDEMPOTENT_WITHOUT_BODY.has(method) && !hasBody) {
      await res.body?.cancel();
      ({ res, token } = await send());
    }
  }
  // The API accepted the credential: its last use is now (the API itself does not record it).
  if (res.status !== 401) await markUsed(deps, credential.id);
  const out = new Headers();
  for (const name of PASS_RESPONSE) {
    const v = res.headers.get(name);
    if (v !== null) out.set(name, v);
  }
  const link = res.headers.get('link');
  if (link) out.set('link', rewriteLink(link, deps.config.apiBaseUrl));
  return new Response(method === 'HEAD' ? null : res.body, { status: res.status, headers: out });
}
