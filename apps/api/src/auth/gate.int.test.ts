import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { ErrorEnvelope, type V1CredentialFile } from '@econ/contract';
import { decodeProtectedHeader, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminHeaders, createCompany, json, signedIn, signV1, v1Client } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

const LEEWAY = 30;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const projects = (headers: Record<string, string>) => t.app.request('/v1/projects', { headers });

async function expect401(res: Response, mention?: RegExp): Promise<string> {
  expect(res.status).toBe(401);
  const body = ErrorEnvelope.parse(await res.json());
  expect(body.name).toBe('Unauthorized');
  if (mention) expect(body.message).toMatch(mention);
  return body.message;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const at = (epochSec: number) => t.clock.set(new Date(epochSec * 1000));
const bearer = (token: string, apiKey: string, v2 = false): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'x-api-key': apiKey,
  ...(v2 ? { 'x-backend-version': 'v2' } : {}),
});

async function revoke(credentialId: string): Promise<void> {
  const res = await t.app.request(`/admin/credentials/${credentialId}/revoke`, {
    method: 'POST',
    headers: adminHeaders,
  });
  expect(res.status).toBe(200);
}

async function v1Setup(name = 'Legacy Oil') {
  const company = await createCompany(t, name);
  const v1 = await v1Client(t, company.id);
  const token = await signV1(t, v1.file);
  return { company, ...v1, token, headers: bearer(token, v1.apiKey) };
}

/** Claims of a valid v1 token of `file`, for hand-signed attack tokens. */
const v1Claims = (file: V1CredentialFile) => ({
  iss: file.client_email,
  sub: file.client_email,
  aud: BASE_URL,
  iat: nowSec(),
  exp: nowSec() + 3600,
});

describe(`request gate on GET /v1/projects (${BACKEND})`, () => {
  describe('headers', () => {
    it('401 naming what is missing: Authorization, x-api-key, or both', async () => {
      const { token, client } = await signedIn(t);
      const noAuth = await expect401(
        await projects({ 'x-api-key': client.apiKey, 'x-backend-version': 'v2' }),
        /Authorization/,
      );
      expect(noAuth).not.toMatch(/x-api-key/);
      const noKey = await expect401(
        await projects({ authorization: `Bearer ${token}`, 'x-backend-version': 'v2' }),
        /x-api-key/,
      );
      expect(noKey).not.toMatch(/Authorization/);
      const neither = await expect401(await projects({ 'x-backend-version': 'v2' }));
      expect(neither).toMatch(/Authorization/);
      expect(neither).toMatch(/x-api-key/);
      await expect401(await projects({}), /Authorization.*x-api-key/);
    });

    it('401 for an Authorization header that is not Bearer', async () => {
      const { token, client } = await signedIn(t);
      await expect401(
        await projects({ ...bearer(token, client.apiKey, true), authorization: `Basic ${token}` }),
        /Bearer/,
      );
      await expect401(await projects({ ...bearer(token, client.apiKey, true), authorization: token }), /Bearer/);
      await expect401(await projects({ ...bearer(token, client.apiKey, true), authorization: 'Bearer ' }), /Bearer/);
      await expect401(await projects({ ...bearer(token, client.apiKey, true), authorization: 'Bearer not-a-jwt' }));
    });

    it('401 for malformed kids (not a string), never a 500', async () => {
      const { client, token } = await signedIn(t);
      const [, payload, signature] = token.split('.');
      const v1 = await v1Setup();
      for (const kid of [42, [v1.file.private_key_id], { id: v1.file.private_key_id }, null, '']) {
        const forged = `${b64({ alg: 'RS256', kid })}.${payload}.${signature}`;
        await expect401(await projects(bearer(forged, client.apiKey, true)));
        await expect401(await projects(bearer(forged, v1.apiKey)));
      }
    });
  });

  describe('v2 tokens', () => {
    it('200 with x-backend-version: v2', async () => {
      const { headers } = await signedIn(t);
      const res = await projects(headers);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    });

    it('401 without x-backend-version, telling to send x-backend-version: v2 (also once the token is known)', async () => {
      const { token, client, headers } = await signedIn(t);
      await expect401(await projects(bearer(token, client.apiKey)), /x-backend-version: v2/);
      expect((await projects(headers)).status).toBe(200);
      await expect401(await projects(bearer(token, client.apiKey)), /x-backend-version: v2/);
      await expect401(await projects({ ...headers, 'x-backend-version': '' }), /x-backend-version: v2/);
    });

    it('400 for a bogus x-backend-version value', async () => {
      const { headers } = await signedIn(t);
      for (const value of ['v3', 'latest', '2']) {
        const res = await projects({ ...headers, 'x-backend-version': value });
        expect(res.status).toBe(400);
        const body = ErrorEnvelope.parse(await res.json());
        expect(body.name).toBe('ValidationError');
        expect(body.message).toMatch(/x-backend-version/);
        expect(body.details?.[0]).toMatchObject({ field: 'x-backend-version' });
      }
    });

    it("401 with another company's x-api-key", async () => {
      const a = await signedIn(t, 'A');
      const b = await signedIn(t, 'B');
      await expect401(await projects({ ...a.headers, 'x-api-key': b.client.apiKey }), /x-api-key/);
      await expect401(await projects({ ...a.headers, 'x-api-key': `${a.client.apiKey}x` }), /x-api-key/);
      expect((await projects(a.headers)).status).toBe(200);
    });

    it('401 for a token with a tampered payload', async () => {
      const a = await signedIn(t, 'A');
      const b = await signedIn(t, 'B');
      const [header, payload, signature] = a.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      // Claim company B with A's signature, and presented with B's key.
      const tampered = `${header}.${b64({ ...claims, cmp: b.company.id, cid: b.client.credentialId })}.${signature}`;
      await expect401(await projects(bearer(tampered, b.client.apiKey, true)), /signature/);
      // A longer lifetime.
      const longer = `${header}.${b64({ ...claims, exp: (claims.exp as number) + 86_400 })}.${signature}`;
      await expect401(await projects(bearer(longer, a.client.apiKey, true)), /signature/);
      // The original still works.
      expect((await projects(a.headers)).status).toBe(200);
    });

    it('expiry: 200 until exp + leeway, 401 from then on, cached or not', async () => {
      const cached = await signedIn(t, 'Cached');
      const fresh = await signedIn(t, 'Fresh');
      const exp = nowSec() + 3600;
      expect((await projects(cached.headers)).status).toBe(200);

      at(exp + LEEWAY - 1);
      expect((await projects(cached.headers)).status).toBe(200);
      expect((await projects(fresh.headers)).status).toBe(200);

      at(exp + LEEWAY);
      await expect401(await projects(cached.headers), /expired/);
      at(exp + LEEWAY + 1);
      await expect401(await projects(cached.headers), /expired/);

      const never = await signedIn(t, 'Never used');
      at(nowSec() + 3600 + LEEWAY);
      await expect401(await projects(never.headers), /expired/);
    });

    it('expiry of a cached token is checked at the same instant as an uncached one', async () => {
      const used = await signedIn(t, 'Used');
      const unused = await signedIn(t, 'Unused');
      const exp = nowSec() + 3600;
      expect((await projects(used.headers)).status).toBe(200);
      at(exp + LEEWAY);
      await expect401(await projects(unused.headers), /expired/);
      await expect401(await projects(used.headers), /expired/);
    });

    it('revocation takes effect on the next request', async () => {
      const { client, headers } = await signedIn(t);
      expect((await projects(headers)).status).toBe(200);
      await revoke(client.credentialId);
      await expect401(await projects(headers), /revoked/);
    });
  });

  describe('v1 tokens', () => {
    it('200 with and without x-backend-version', async () => {
      const v1 = await v1Setup();
      expect((await projects(v1.headers)).status).toBe(200);
      expect((await projects({ ...v1.headers, 'x-backend-version': 'v2' })).status).toBe(200);
      const fresh = await signV1(t, v1.file, { iat: nowSec() - 1 });
      expect((await projects(bearer(fresh, v1.apiKey, true))).status).toBe(200);
    });

    it('v1 and v2 credentials of one company work side by side with the same x-api-key', async () => {
      const a = await signedIn(t, 'Both');
      const v1 = await v1Client(t, a.company.id);
      expect(v1.apiKey).toBe(a.client.apiKey);
      expect((await projects(bearer(await signV1(t, v1.file), a.client.apiKey))).status).toBe(200);
      expect((await projects(a.headers)).status).toBe(200);
    });

    it('401 when exp - iat is more than 3600 s; 3600 exactly is accepted', async () => {
      const v1 = await v1Setup();
      const iat = nowSec();
      await expect401(await projects(bearer(await signV1(t, v1.file, { iat, exp: iat + 3601 }), v1.apiKey)), /3600/);
      await expect401(await projects(bearer(await signV1(t, v1.file, { iat, exp: iat + 86_400 }), v1.apiKey)), /3600/);
      expect((await projects(bearer(await signV1(t, v1.file, { iat, exp: iat + 3600 }), v1.apiKey))).status).toBe(200);
    });

    it('401 for an "iat" in the future beyond the leeway (a 1-hour token valid for days otherwise)', async () => {
      const v1 = await v1Setup();
      const later = nowSec() + 2 * 86_400;
      await expect401(await projects(bearer(await signV1(t, v1.file, { iat: later }), v1.apiKey)), /iat/);
      const slightly = nowSec() + LEEWAY + 1;
      await expect401(await projects(bearer(await signV1(t, v1.file, { iat: slightly }), v1.apiKey)), /iat/);
      // Within the leeway (a client clock slightly ahead) is accepted.
      const skewed = nowSec() + LEEWAY;
      expect((await projects(bearer(await signV1(t, v1.file, { iat: skewed }), v1.apiKey))).status).toBe(200);
    });

    it('401 for a wrong audience; the default accepted audience is PUBLIC_BASE_URL', async () => {
      const v1 = await v1Setup();
      expect(t.config.v1Audiences).toEqual([BASE_URL]);
      for (const aud of ['http://other.test', `${BASE_URL}/v1/oauth/token`, 'https://api.test']) {
        await expect401(await projects(bearer(await signV1(t, v1.file, { claims: { aud } }), v1.apiKey)), /aud/);
      }
      expect((await projects(bearer(await signV1(t, v1.file, { claims: { aud: BASE_URL } }), v1.apiKey))).status).toBe(
        200,
      );
    });

    it('401 for a wrong iss or sub', async () => {
      const v1 = await v1Setup();
      const other = await v1Setup('Other Legacy');
      const signWith = (iss: string, sub: string) =>
        new SignJWT({ aud: BASE_URL })
          .setProtectedHeader({ alg: 'RS256', kid: v1.file.private_key_id, typ: 'JWT' })
          .setIssuer(iss)
          .setSubject(sub)
          .setIssuedAt(nowSec())
          .setExpirationTime(nowSec() + 3600)
          .sign(createPrivateKey(v1.file.private_key));
      const email = v1.file.client_email;
      await expect401(await projects(bearer(await signWith(other.file.client_email, email), v1.apiKey)), /iss/);
      await expect401(await projects(bearer(await signWith(email, other.file.client_email), v1.apiKey)), /sub/);
      await expect401(await projects(bearer(await signWith('attacker@example.com', 'x'), v1.apiKey)));
      expect((await projects(bearer(await signWith(email, email), v1.apiKey))).status).toBe(200);
    });

    it('401 for an unknown kid', async () => {
      const v1 = await v1Setup();
      for (const kid of ['0'.repeat(40), 'f'.repeat(40), 'unknown-kid', 'sk-0000000000000000']) {
        await expect401(await projects(bearer(await signV1(t, v1.file, { kid }), v1.apiKey)), /kid/);
      }
    });

    it('expiry: 200 until exp + leeway, 401 from then on, also for a token used before', async () => {
      const v1 = await v1Setup();
      const exp = nowSec() + 3600;
      const unused = bearer(await signV1(t, v1.file, { iat: nowSec() - 1 }), v1.apiKey);
      expect((await projects(v1.headers)).status).toBe(200);
      at(exp + LEEWAY - 1);
      expect((await projects(v1.headers)).status).toBe(200);
      at(exp + LEEWAY);
      await expect401(await projects(v1.headers), /expired/);
      await expect401(await projects(unused), /expired/);
      at(exp + LEEWAY + 60);
      await expect401(await projects(v1.headers), /expired/);
    });

    it('revocation takes effect on the next request', async () => {
      const v1 = await v1Setup();
      expect((await projects(v1.headers)).status).toBe(200);
      await revoke(v1.credentialId);
      await expect401(await projects(v1.headers), /revoked/);
      // A new token of the revoked key is refused as well.
      await expect401(await projects(bearer(await signV1(t, v1.file, { iat: nowSec() - 5 }), v1.apiKey)), /revoked/);
    });
  });

  describe('attacks', () => {
    it('alg none, with the v1 kid and with the service kid', async () => {
      const v1 = await v1Setup();
      const v2 = await signedIn(t);
      const v2Claims = JSON.parse(Buffer.from(v2.token.split('.')[1]!, 'base64url').toString()) as object;
      const serviceKid = decodeProtectedHeader(v2.token).kid!;
      for (const alg of ['none', 'None', 'NONE']) {
        const v1None = `${b64({ alg, kid: v1.file.private_key_id, typ: 'JWT' })}.${b64(v1Claims(v1.file))}.`;
        await expect401(await projects(bearer(v1None, v1.apiKey)));
        await expect401(await projects(bearer(v1None, v1.apiKey, true)));
        const v2None = `${b64({ alg, kid: serviceKid, typ: 'JWT' })}.${b64(v2Claims)}.`;
        await expect401(await projects(bearer(v2None, v2.client.apiKey, true)));
      }
      expect((await projects(v1.headers)).status).toBe(200);
      expect((await projects(v2.headers)).status).toBe(200);
    });

    it('HS256 with the v1 public key PEM as the HMAC secret (key confusion)', async () => {
      const v1 = await v1Setup();
      const pem = createPublicKey(v1.file.private_key).export({ type: 'spki', format: 'pem' }).toString();
      for (const secret of [pem, pem.trim()]) {
        const forged = await new SignJWT(v1Claims(v1.file))
          .setProtectedHeader({ alg: 'HS256', kid: v1.file.private_key_id, typ: 'JWT' })
          .sign(new TextEncoder().encode(secret));
        await expect401(await projects(bearer(forged, v1.apiKey)), /algorithm/);
      }
    });

    it("HS256 with the service's JWKS public key material and the service kid", async () => {
      const v2 = await signedIn(t);
      const claims = JSON.parse(Buffer.from(v2.token.split('.')[1]!, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const jwks = await json<{ keys: JWK[] }>(await t.app.request('/.well-known/jwks.json'));
      const jwk = jwks.keys[0]!;
      const publicPem = createPublicKey({ key: jwk as import('node:crypto').JsonWebKey, format: 'jwk' })
        .export({ type: 'spki', format: 'pem' })
        .toString();
      const secrets = [JSON.stringify(jwk), publicPem, `${jwk.x}${jwk.y}`];
      for (const secret of secrets) {
        const forged = await new SignJWT({ ...claims, exp: (claims.exp as number) + 86_400 })
          .setProtectedHeader({ alg: 'HS256', kid: jwk.kid!, typ: 'JWT' })
          .sign(new TextEncoder().encode(secret));
        await expect401(await projects(bearer(forged, v2.client.apiKey, true)), /algorithm/);
      }
    });

    it('a token signed by a different RSA key claiming the v1 kid', async () => {
      const v1 = await v1Setup();
      const { privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
      const forged = await signV1(t, { ...v1.file, private_key: privateKey });
      await expect401(await projects(bearer(forged, v1.apiKey)), /signature/);
    });

    it("a v1 token of one company presented with another company's x-api-key", async () => {
      const a = await v1Setup('A');
      const b = await v1Setup('B');
      await expect401(await projects(bearer(a.token, b.apiKey)), /x-api-key/);
    });
  });
});
