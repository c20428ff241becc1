import { createPublicKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { TOKEN_LIFETIME_SECONDS } from '@econ/contract';
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { decodeProtectedHeader, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { AppEnv, AuthContext } from '../appEnv';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import { companies, credentials } from '../db/schema';
import type { ApiConfig } from '../env';
import { DomainError, unauthorized } from '../http/errors';
import { SIGNING_ALG, type SigningKeys } from './signingKeys';

/** Algorithm of legacy (v1) tokens, signed by the client with its service-account key. */
export const V1_ALG = 'RS256';

interface Verified extends AuthContext {
  exp: number;
}

interface V1Key {
  credentialId: string;
  companyId: string;
  clientEmail: string;
  publicKey: KeyObject;
}

const CACHE_MAX = 10_000;

function explain(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return 'the token has expired';
  if (e instanceof joseErrors.JWTClaimValidationFailed) return `token claim "${e.claim}" is invalid (${e.reason})`;
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return 'the token is signed with an algorithm that is not accepted';
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'the token signature does not verify';
  if (e instanceof joseErrors.JWTInvalid || e instanceof joseErrors.JWSInvalid) return 'the token is malformed';
  return 'the token is invalid';
}

/**
 * Verifies bearer tokens: v2 tokens signed by the service (ES256, our `kid`s) and v1 tokens
 * signed by a client's service-account key (RS256, `kid` = private_key_id). Algorithms are pinned
 * per kind; `exp`, `iat`, audience and issuer are always checked. A verified token is remembered
 * until it expires (its signature cannot change); revocation is not remembered: the gate reads the
 * credential on every request.
 */
export class TokenVerifier {
  #verified = new Map<string, Verified>();
  #v1Keys = new Map<string, V1Key>();

  /** Status of a credential and its company's API key: read on every request (revocation). */
  readonly #state;

  constructor(
    private readonly db: Db,
    private readonly config: ApiConfig,
    private readonly clock: Clock,
    private readonly keys: SigningKeys,
  ) {
    this.#state = db
      .select({ status: credentials.status, companyId: credentials.companyId, apiKey: companies.apiKey })
      .from(credentials)
      .innerJoin(companies, eq(companies.id, credentials.companyId))
      .where(eq(credentials.id, sql.placeholder('id')))
      .limit(1)
      .prepare('gate_credential_state');
  }

  /** The credential's current status and its company's API key (never cached). */
  async credentialState(
    credentialId: string,
  ): Promise<{ status: string; companyId: string; apiKey: string } | undefined> {
    const [row] = await this.#state.execute({ id: credentialId });
    return row;
  }

  async verify(token: string, backendVersion: 'v2' | undefined): Promise<AuthContext> {
    // Whole seconds, as jose compares them: expired once `exp <= now - leeway`, cached or not.
    const nowSec = Math.floor(this.clock.now().getTime() / 1000);
    const cached = this.#verified.get(token);
    if (cached) {
      if (cached.exp <= nowSec - this.config.tokenLeewaySeconds) {
        this.#verified.delete(token);
        throw unauthorized('Invalid token: the token has expired');
      }
      this.#requireHeader(cached.version, backendVersion);
      return cached;
    }
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw unauthorized('Invalid token: the token is not a JWT');
    }
    if (!kid) throw unauthorized('Invalid token: the token header has no "kid"');
    const v2Key = await this.keys.publicKey(kid);
    const verified = v2Key ? await this.#verifyV2(token, v2Key, backendVersion) : await this.#verifyV1(token, kid);
    if (this.#verified.size >= CACHE_MAX) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token, verified);
    return verified;
  }

  #requireHeader(version: 'v1' | 'v2', backendVersion: 'v2' | undefined): void {
    if (version === 'v2' && backendVersion !== 'v2') {
      throw unauthorized(
        'This is a v2 (OAuth client-credentials) token, which the legacy backend does not accept: send the header "x-backend-version: v2" with every request',
      );
    }
  }

  #lifetime(payload: JWTPayload): void {
    if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') {
      throw unauthorized('Invalid token: "iat" and "exp" are required');
    }
    if (payload.exp - payload.iat > TOKEN_LIFETIME_SECONDS) {
      throw unauthorized(`Invalid token: "exp" is more than ${TOKEN_LIFETIME_SECONDS} seconds after "iat"`);
    }
    // Without this an "iat" in the future stretches a 1-hour token to any lifetime.
    const nowSec = Math.floor(this.clock.now().getTime() / 1000);
    if (payload.iat > nowSec + this.config.tokenLeewaySeconds) {
      throw unauthorized('Invalid token: "iat" is in the future');
    }
  }

  async #verifyV2(token: string, key: CryptoKey, backendVersion: 'v2' | undefined): Promise<Verified> {
    this.#requireHeader('v2', backendVersion);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [SIGNING_ALG],
        issuer: this.config.publicBaseUrl,
        audience: this.config.publicBaseUrl,
        clockTolerance: this.config.tokenLeewaySeconds,
        currentDate: this.clock.now(),
        requiredClaims: ['iat', 'exp', 'sub'],
      }));
    } catch (e) {
      throw unauthorized(`Invalid token: ${explain(e)}`);
    }
    this.#lifetime(payload);
    const { cid, cmp } = payload as { cid?: unknown; cmp?: unknown };
    if (typeof cid !== 'string' || typeof cmp !== 'string')
      throw unauthorized('Invalid token: missing credential claims');
    return { credentialId: cid, companyId: cmp, version: 'v2', exp: payload.exp! };
  }

  async #v1Key(kid: string): Promise<V1Key | undefined> {
    const hit = this.#v1Keys.get(kid);
    if (hit) return hit;
    if (!/^[0-9a-f]{40}$/.test(kid)) return undefined;
    const [row] = await this.db
      .select({
        id: credentials.id,
        companyId: credentials.companyId,
        clientEmail: credentials.clientEmail,
        publicKeyPem: credentials.publicKeyPem,
      })
      .from(credentials)
      .where(eq(credentials.keyId, kid))
      .limit(1);
    if (!row?.publicKeyPem || !row.clientEmail) return undefined;
    const key: V1Key = {
      credentialId: row.id,
      companyId: row.companyId,
      clientEmail: row.clientEmail,
      publicKey: createPublicKey(row.publicKeyPem),
    };
    if (this.#v1Keys.size >= CACHE_MAX) this.#v1Keys.clear();
    this.#v1Keys.set(kid, key);
    return key;
  }

  async #verifyV1(token: string, kid: string): Promise<Verified> {
    const key = await this.#v1Key(kid);
    if (!key) throw unauthorized('Invalid token: "kid" names no known key');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key.publicKey, {
        algorithms: [V1_ALG],
        issuer: key.clientEmail,
        subject: key.clientEmail,
        audience: this.config.v1Audiences,
        clockTolerance: this.config.tokenLeewaySeconds,
        currentDate: this.clock.now(),
        requiredClaims: ['iat', 'exp'],
      }));
    } catch (e) {
      throw unauthorized(`Invalid token: ${explain(e)}`);
    }
    this.#lifetime(payload);
    return { credentialId: key.credentialId, companyId: key.companyId, version: 'v1', exp: payload.exp! };
  }
}

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The request gate of spec 5: `Authorization: Bearer` and `x-api-key` on every request, the
 * token verified, its credential still active (read on every request, so a revocation takes effect
 * on the next one, on every replica), and the API key of the token's company.
 */
export function requestGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    const authorization = c.req.header('authorization');
    const apiKey = c.req.header('x-api-key');
    const missing: string[] = [];
    if (!authorization) missing.push('Authorization (Bearer <token>)');
    if (!apiKey) missing.push('x-api-key');
    if (missing.length) throw unauthorized(`Missing header${missing.length > 1 ? 's' : ''}: ${missing.join(' and ')}`);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization!);
    if (!match) throw unauthorized('The Authorization header must be "Bearer <token>"');
    const versionHeader = c.req.header('x-backend-version')?.trim().toLowerCase();
    if (versionHeader !== undefined && versionHeader !== 'v2' && versionHeader !== 'v1' && versionHeader !== '') {
      throw new DomainError('ValidationError', 'x-backend-version must be "v2" (or absent for v1 credentials)', [
        {
          field: 'x-backend-version',
          rule: 'enum v2',
          value: versionHeader,
          message: 'x-backend-version must be "v2"',
        },
      ]);
    }
    const auth = await deps.verifier.verify(match[1]!, versionHeader === 'v2' ? 'v2' : undefined);
    const row = await deps.verifier.credentialState(auth.credentialId);
    if (!row || row.companyId !== auth.companyId) throw unauthorized('Invalid token: its credential does not exist');
    if (row.status !== 'active') throw unauthorized('Invalid token: its credential has been revoked');
    if (!sameText(apiKey!, row.apiKey)) throw unauthorized("The x-api-key does not belong to the token's company");
    c.set('auth', { companyId: auth.companyId, credentialId: auth.credentialId, version: auth.version });
    await next();
  };
}
