import { importPKCS8, SignJWT } from 'jose';
import type { Clock } from '../clock';

/** Token lifetime in seconds (spec 5 rule 1): v1 tokens we sign, and v2 when `expires_in` is absent. */
const LIFETIME_S = 3600;
/** Refresh this many ms before expiry (spec 5 rule 1), so a token does not expire during a request. */
const REFRESH_EARLY_MS = 60_000;
/** Wait in seconds after a 429 that names no reset time. */
const DEFAULT_RETRY_S = 60;
/** Longest wait in seconds we accept from a 429: the token endpoint's rate window (spec 8, 15 minutes). */
const MAX_RETRY_S = 15 * 60;
/** A token request is abandoned after this many ms, so one hung request cannot hold every caller forever. */
const REQUEST_TIMEOUT_MS = 10_000;

/** What the BFF holds for one API credential (spec 5): enough to obtain access tokens for it. */
export type TokenSource =
  | { version: 'v2'; credentialId: string; clientId: string; clientSecret: string }
  | { version: 'v1'; credentialId: string; clientEmail: string; privateKeyId: string; privateKey: string };

export interface TokenProviderOptions {
  /** Base URL of the API: v2 tokens come from `POST ${authUrl}/v1/oauth/token` (spec 4.1). */
  authUrl: string;
  /** `aud` claim of self-signed v1 tokens: one of the API's accepted v1 audiences. */
  v1Audience: string;
  /** The only source of "now" (expiry, rate-limit waits, v1 `iat`). */
  clock: Clock;
  /** Injected for tests; default `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/**
 * The token endpoint answered 429 for this credential. Until `resetAt` the provider refuses
 * without asking again (asking would only extend the limit); show the message to the user.
 */
export class TokenRateLimitedError extends Error {
  override readonly name = 'TokenRateLimitedError';
  constructor(readonly resetAt: Date) {
    super(`The API's token endpoint is rate limiting this credential; try again after ${resetAt.toISOString()}`);
  }
}

/**
 * No token could be obtained. `status` is the token endpoint's answer for 4xx (401: invalid
 * credentials, 400: malformed request); 502 when the endpoint failed (5xx), could not be reached,
 * timed out or answered a body without a token; 401 for a v1 private key that cannot sign.
 * It is not the status to send to the browser as is. The message never holds a secret.
 */
export class TokenRequestError extends Error {
  override readonly name = 'TokenRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Cached {
  token: string;
  /** Epoch ms at which the token expires. */
  expiresAt: number;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v.slice(0, 300) : undefined);

/** Seconds to wait after a 429: `Retry-After`, else `RateLimit-Reset` (both delta seconds), else 60; 1 to 900. */
function retrySeconds(headers: Headers): number {
  for (const name of ['retry-after', 'ratelimit-reset']) {
    const value = headers.get(name)?.trim();
    if (value && /^\d+$/.test(value)) return Math.min(MAX_RETRY_S, Math.max(1, Number(value)));
  }
  return DEFAULT_RETRY_S;
}

function networkReason(e: unknown): string {
  if (!(e instanceof Error)) return 'network error';
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  const code = (e.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${e.message}: ${code}` : e.message;
}

/**
 * Access tokens for the API credentials the BFF holds (spec 5): v2 from the token endpoint, v1
 * signed locally (RS256). One cache entry per `credentialId`, which must always name the same
 * source. Tokens are reused until 60 s before they expire, so the token endpoint's limit of 10
 * requests per 15 minutes per clientId (spec 8) is never approached in normal use.
 */
export class TokenProvider {
  readonly #authUrl: string;
  readonly #audience: string;
  readonly #clock: Clock;
  readonly #fetch: typeof fetch;
  readonly #cache = new Map<string, Cached>();
  readonly #inflight = new Map<string, Promise<string>>();
  readonly #blockedUntil = new Map<string, Date>();

  constructor(opts: TokenProviderOptions) {
    this.#authUrl = opts.authUrl.replace(/\/+$/, '');
    this.#audience = opts.v1Audience;
    this.#clock = opts.clock;
    this.#fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** A valid access token for the source: cached until 60 s before it expires; concurrent callers share one request (single flight). */
  token(source: TokenSource): Promise<string> {
    const id = source.credentialId;
    const now = this.#clock.now().getTime();
    const hit = this.#cache.get(id);
    if (hit && now < hit.expiresAt - REFRESH_EARLY_MS) return Promise.resolve(hit.token);
    const running = this.#inflight.get(id);
    if (running) return running;
    const blocked = this.#blockedUntil.get(id);
    if (blocked) {
      if (now < blocked.getTime()) return Promise.reject(new TokenRateLimitedError(blocked));
      this.#blockedUntil.delete(id);
    }
    const flight = (source.version === 'v2' ? this.#v2(source, now) : this.#v1(source, now))
      .then((entry) => {
        this.#cache.set(id, entry);
        return entry.token;
      })
      .finally(() => this.#inflight.delete(id));
    this.#inflight.set(id, flight);
    return flight;
  }

  /** Drops the cached token of a credential (after a 401 from the API), only if it is still `token` when given. */
  invalidate(credentialId: string, token?: string): void {
    const hit = this.#cache.get(credentialId);
    if (hit && (token === undefined || hit.token === token)) this.#cache.delete(credentialId);
  }

  /** `now` is taken before the request: the token was issued after it, so the expiry is never late. */
  async #v2(source: Extract<TokenSource, { version: 'v2' }>, now: number): Promise<Cached> {
    const redact = (message: string) => message.split(source.clientSecret).join('[redacted]');
    let res: Response;
    let body: unknown;
    try {
      res = await this.#fetch(`${this.#authUrl}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          clientId: source.clientId,
          clientSecret: source.clientSecret,
        }),
        redirect: 'error', // never resend the secret to another address
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      body = await res.json().catch(() => undefined);
    } catch (e) {
      throw new TokenRequestError(502, redact(`Could not reach the API's token endpoint (${networkReason(e)})`));
    }
    const field = (key: string): unknown =>
      body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
    if (res.status === 429) {
      const resetAt = new Date(this.#clock.now().getTime() + retrySeconds(res.headers) * 1000);
      this.#blockedUntil.set(source.credentialId, resetAt);
      throw new TokenRateLimitedError(resetAt);
    }
    if (!res.ok) {
      const detail = [text(field('error')), text(field('error_description'))].filter(Boolean).join(': ');
      const message = `The API's token endpoint refused credential ${source.credentialId} (HTTP ${res.status}${detail ? `: ${detail}` : ''})`;
      throw new TokenRequestError(res.status >= 500 ? 502 : res.status, redact(message));
    }
    const token = field('access_token');
    const expiresIn = field('expires_in') ?? LIFETIME_S;
    if (typeof token !== 'string' || !token || typeof expiresIn !== 'number' || !(expiresIn > 0 && expiresIn < 1e9)) {
      throw new TokenRequestError(502, `The API's token endpoint answered HTTP ${res.status} without a usable token`);
    }
    return { token, expiresAt: now + expiresIn * 1000 };
  }

  async #v1(source: Extract<TokenSource, { version: 'v1' }>, now: number): Promise<Cached> {
    const iat = Math.floor(now / 1000);
    const exp = iat + LIFETIME_S;
    try {
      const key = await importPKCS8(source.privateKey, 'RS256');
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: source.privateKeyId, typ: 'JWT' })
        .setIssuer(source.clientEmail)
        .setSubject(source.clientEmail)
        .setAudience(this.#audience)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    } catch {
      // jose's reason is dropped on purpose: nothing about the key may reach a message.
      throw new TokenRequestError(
        401,
        `The private key of v1 credential ${source.credentialId} cannot sign tokens (not a PKCS#8 RSA key)`,
      );
    }
  }
}
