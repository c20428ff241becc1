import { TOKEN_LIFETIME_SECONDS, TokenError, TokenRequest, TokenResponse } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { SignJWT } from 'jose';
import type { AppEnv, Deps } from '../appEnv';
import { credentialByClientId } from '../credentials/store';
import { route } from '../http/route';
import { randomSecret } from '../ids';
import { clientIp } from './clientIp';
import { hitWindow, type WindowHit } from './rateLimit';
import { verifySecret } from './secretHash';
import { SIGNING_ALG } from './signingKeys';

/** Spec 8: 100 requests / 15 minutes per IP, 10 / 15 minutes per clientId, both at once. */
export const TOKEN_RATE = { windowMs: 15 * 60 * 1000, perIp: 100, perClient: 10 } as const;

/** Signs a v2 access token for a credential (spec 4.1): ES256, `kid`, 1 hour. */
export async function issueAccessToken(
  deps: Deps,
  cred: { id: string; companyId: string; clientId: string },
): Promise<string> {
  const { kid, privateKey } = deps.keys.current();
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  return new SignJWT({ cid: cred.id, cmp: cred.companyId, client_id: cred.clientId })
    .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'JWT' })
    .setIssuer(deps.config.publicBaseUrl)
    .setAudience(deps.config.publicBaseUrl)
    .setSubject(cred.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .setJti(randomSecret(12))
    .sign(privateKey);
}

function rateHeaders(c: Context, hits: WindowHit[], now: Date): void {
  // Report the window closest to its limit.
  const worst = hits.reduce((a, b) => (b.limit - b.count < a.limit - a.count ? b : a));
  const reset = Math.max(0, Math.ceil((worst.resetAt.getTime() - now.getTime()) / 1000));
  c.header('RateLimit-Limit', String(worst.limit));
  c.header('RateLimit-Remaining', String(Math.max(0, worst.limit - worst.count)));
  c.header('RateLimit-Reset', String(reset));
  if (worst.count > worst.limit) c.header('Retry-After', String(reset));
}

const tokenError = (c: Context, status: 400 | 401 | 429, error: string, description?: string) =>
  c.json(description ? { error, error_description: description } : { error }, status);

async function readTokenBody(c: Context): Promise<Record<string, unknown> | string> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const text = await c.req.text();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (/^application\/(?:[\w.+-]+\+)?json/.test(type)) {
    try {
      const body = JSON.parse(text) as unknown;
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
      return 'the body must be a JSON object';
    } catch {
      return 'malformed JSON body';
    }
  }
  return 'Content-Type must be application/json or application/x-www-form-urlencoded';
}

/** `POST /v1/oauth/token`: the client-credentials grant of spec 4.1, with the limits of part 8. */
export function registerTokenEndpoint(app: OpenAPIHono<AppEnv>): void {
  const err = (description: string) => ({ description, content: { 'application/json': { schema: TokenError } } });
  route(
    app,
    {
      method: 'post',
      path: '/v1/oauth/token',
      tag: 'Authentication',
      auth: 'none',
      summary: 'Get an access token from client credentials',
      description:
        'Client-credentials grant. JSON or `application/x-www-form-urlencoded`. Limits: 100 requests per 15 minutes per client IP and 10 per 15 minutes per clientId, counted together; every answer carries `RateLimit-*` headers, a 429 also `Retry-After`. Cache the token and refresh it 60 s before it expires.',
      body: TokenRequest,
      responses: {
        200: { description: 'Token issued', content: { 'application/json': { schema: TokenResponse } } },
        400: err('`invalid_request`: missing or malformed field, wrong grant_type'),
        401: err('`invalid credentials`: unknown clientId or wrong secret'),
        413: err('`invalid_request`: the body is larger than BODY_LIMIT_BYTES'),
        429: err('`too_many_requests`: a rate limit is exceeded; see `Retry-After`'),
      },
    },
    async (c) => {
      const deps = c.get('deps');
      const now = deps.clock.now();
      const ipHit = await hitWindow(
        deps.db,
        `token:ip:${clientIp(c, deps.config.trustProxyHops)}`,
        TOKEN_RATE.perIp,
        TOKEN_RATE.windowMs,
        now,
      );
      if (ipHit.count > ipHit.limit) {
        rateHeaders(c, [ipHit], now);
        return tokenError(c, 429, 'too_many_requests', 'Too many token requests from this address; see Retry-After');
      }
      const body = await readTokenBody(c);
      if (typeof body === 'string') {
        rateHeaders(c, [ipHit], now);
        return tokenError(c, 400, 'invalid_request', body);
      }
      const parsed = TokenRequest.safeParse(body);
      if (!parsed.success) {
        rateHeaders(c, [ipHit], now);
        const issue = parsed.error.issues[0]!;
        return tokenError(c, 400, 'invalid_request', issue.message);
      }
      const { clientId, clientSecret } = parsed.data;
      const clientHit = await hitWindow(
        deps.db,
        `token:client:${clientId}`,
        TOKEN_RATE.perClient,
        TOKEN_RATE.windowMs,
        now,
      );
      rateHeaders(c, [ipHit, clientHit], now);
      if (clientHit.count > clientHit.limit) {
        return tokenError(c, 429, 'too_many_requests', 'Too many token requests for this clientId; see Retry-After');
      }
      const cred = await credentialByClientId(deps.db, clientId);
      const ok = await verifySecret(clientSecret, cred?.status === 'active' ? cred.secretHash : undefined);
      if (!cred || !ok) return tokenError(c, 401, 'invalid credentials');
      const accessToken = await issueAccessToken(deps, { id: cred.id, companyId: cred.companyId, clientId });
      c.header('Cache-Control', 'no-store');
      return c.json({ access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS }, 200);
    },
  );
}
