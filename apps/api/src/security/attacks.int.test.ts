/*
 * Attacks on the API (issue 9): every attempt is refused, and refused before it changes anything.
 * This file is the checklist; several attacks are also covered in more depth elsewhere (see
 * docs/security-tests.md): auth/gate.int.test.ts, auth/tokenEndpoint.int.test.ts,
 * exports/downloads.int.test.ts, exports/links.test.ts.
 *
 * Token attacks are sent as writes (`POST /v1/projects`), so "refused" also means "nothing was
 * written": each test ends by counting the projects in the database.
 */
import { createPrivateKey, createPublicKey, type JsonWebKey } from 'node:crypto';
import { ErrorEnvelope, type V1CredentialFile } from '@econ/contract';
import { decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projects } from '../db/schema';
import { signature } from '../exports/links';
import { linkSecret } from '../exports/service';
import { completeExport, tempDataDir } from '../exports/testing';
import { adminHeaders, createCompany, json, signedIn, signV1, v1Client } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

const LEEWAY = 30;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ DATA_DIR: tempDataDir(), TOKEN_LEEWAY_SECONDS: String(LEEWAY) });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const at = (epochSec: number) => t.clock.set(new Date(epochSec * 1000));
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as JWTPayload & Record<string, unknown>;

const headersFor = (token: string, apiKey: string | undefined, v2: boolean): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }),
  ...(v2 ? { 'x-backend-version': 'v2' } : {}),
  'content-type': 'application/json',
});

/** A write with the given headers: must be 401 (naming the reason when `mention` is given). */
async function refused(headers: Record<string, string>, mention?: RegExp): Promise<void> {
  const res = await t.app.request('/v1/projects', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify([{ name: 'written by an attacker' }]),
  });
  expect(res.status, JSON.stringify(headers)).toBe(401);
  const body = ErrorEnvelope.parse(await res.json());
  expect(body.name).toBe('Unauthorized');
  if (mention) expect(body.message).toMatch(mention);
}

/** A read with the given headers that must succeed (the control of each attack). */
async function accepted(headers: Record<string, string>): Promise<void> {
  const res = await t.app.request('/v1/projects', { headers });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Nothing was written by any refused attempt. */
async function nothingWritten(): Promise<void> {
  expect(await t.deps.db.select({ id: projects.id }).from(projects)).toEqual([]);
}

async function revoke(credentialId: string): Promise<void> {
  const res = await t.app.request(`/admin/credentials/${credentialId}/revoke`, {
    method: 'POST',
    headers: adminHeaders,
  });
  expect(res.status).toBe(200);
}

async function v1Company(name: string) {
  const company = await createCompany(t, name);
  const v1 = await v1Client(t, company.id);
  const token = await signV1(t, v1.file);
  return { company, ...v1, token, headers: headersFor(token, v1.apiKey, false) };
}

/** Claims of a valid v1 token of `file` (for hand-signed tokens). */
const v1Claims = (file: V1CredentialFile, patch: Record<string, unknown> = {}) => ({
  iss: file.client_email,
  sub: file.client_email,
  aud: BASE_URL,
  iat: nowSec(),
  exp: nowSec() + 3600,
  ...patch,
});

const signRs256 = (claims: Record<string, unknown>, kid: string, privateKeyPem: string) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(createPrivateKey(privateKeyPem));

/** A token signed with the service's own key (what only the service can do), with chosen claims. */
async function serviceSigned(claims: Record<string, unknown>): Promise<string> {
  const { kid, privateKey } = t.deps.keys.current();
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey);
}

describe(`attacks on tokens (${BACKEND})`, () => {
  it('alg "none" (any spelling), with the service kid and with a v1 kid: 401', async () => {
    const v2 = await signedIn(t, 'V2 Co');
    const v1 = await v1Company('V1 Co');
    const serviceKid = decodeProtectedHeader(v2.token).kid!;
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const v2None = `${b64({ alg, kid: serviceKid, typ: 'JWT' })}.${b64(claimsOf(v2.token))}.`;
      await refused(headersFor(v2None, v2.client.apiKey, true));
      const v1None = `${b64({ alg, kid: v1.file.private_key_id, typ: 'JWT' })}.${b64(v1Claims(v1.file))}.`;
      await refused(headersFor(v1None, v1.apiKey, false));
      await refused(headersFor(v1None, v1.apiKey, true));
      // With the original signature left on.
      const kept = `${b64({ alg, kid: serviceKid, typ: 'JWT' })}.${v2.token.split('.')[1]}.${v2.token.split('.')[2]}`;
      await refused(headersFor(kept, v2.client.apiKey, true));
    }
    await nothingWritten();
    await accepted(v2.headers);
    await accepted(v1.headers);
  });

  it('HS256 signed with the public key as the HMAC secret (v1 RSA PEM, service JWKS key): 401', async () => {
    const v1 = await v1Company('V1 Co');
    const v2 = await signedIn(t, 'V2 Co');
    const rsaPem = createPublicKey(v1.file.private_key).export({ type: 'spki', format: 'pem' }).toString();
    const rsaDer = createPublicKey(v1.file.private_key).export({ type: 'spki', format: 'der' });
    for (const secret of [new TextEncoder().encode(rsaPem), new TextEncoder().encode(rsaPem.trim()), rsaDer]) {
      const forged = await new SignJWT(v1Claims(v1.file))
        .setProtectedHeader({ alg: 'HS256', kid: v1.file.private_key_id, typ: 'JWT' })
        .sign(new Uint8Array(secret));
      await refused(headersFor(forged, v1.apiKey, false), /algorithm/);
    }
    const { keys } = await json<{ keys: JWK[] }>(await t.app.request('/.well-known/jwks.json'));
    const jwk = keys[0]!;
    const ecPem = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    for (const secret of [ecPem, JSON.stringify(jwk)]) {
      const forged = await new SignJWT({ ...claimsOf(v2.token) })
        .setProtectedHeader({ alg: 'HS256', kid: jwk.kid!, typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));
      await refused(headersFor(forged, v2.client.apiKey, true), /algorithm/);
    }
    await nothingWritten();
  });

  it('each kind of token pins its algorithm: RS256 under the service kid, ES256 under a v1 kid: 401', async () => {
    const v1 = await v1Company('V1 Co');
    const v2 = await signedIn(t, 'V2 Co');
    const serviceKid = decodeProtectedHeader(v2.token).kid!;
    // The v1 key (a real key of the system) signing under the service's kid.
    await refused(
      headersFor(await signRs256(claimsOf(v2.token), serviceKid, v1.file.private_key), v2.client.apiKey, true),
    );
    // The service key signing under a v1 kid (as if the service's key could speak for a client).
    const { privateKey } = t.deps.keys.current();
    const es = await new SignJWT(v1Claims(v1.file))
      .setProtectedHeader({ alg: 'ES256', kid: v1.file.private_key_id, typ: 'JWT' })
      .sign(privateKey);
    await refused(headersFor(es, v1.apiKey, false), /algorithm/);
    await nothingWritten();
  });

  it("another company's key: with the victim's kid, with its own kid, and claiming the victim's identity: 401", async () => {
    const victim = await v1Company('Victim');
    const attacker = await v1Company('Attacker');
    const victimV2 = await v2VictimClaims(victim.company.id);
    // The attacker's private key under the victim's kid and claims: the signature does not verify.
    await refused(
      headersFor(
        await signRs256(v1Claims(victim.file), victim.file.private_key_id, attacker.file.private_key),
        victim.apiKey,
        false,
      ),
      /signature/,
    );
    // Its own kid, claiming the victim's client_email as iss and sub: the issuer is pinned to the key.
    await refused(
      headersFor(
        await signRs256(
          v1Claims(attacker.file, { iss: victim.file.client_email, sub: victim.file.client_email }),
          attacker.file.private_key_id,
          attacker.file.private_key,
        ),
        victim.apiKey,
        false,
      ),
      /iss/,
    );
    // Its own kid and claims, carrying the victim's v2 credential and company claims, sent as v2:
    // a v1 key speaks only for its own company, so the victim's API key does not match.
    const smuggled = await signRs256(
      v1Claims(attacker.file, victimV2),
      attacker.file.private_key_id,
      attacker.file.private_key,
    );
    await refused(headersFor(smuggled, victim.apiKey, true), /x-api-key/);
    // The attacker's valid token with the victim's API key.
    await refused(headersFor(attacker.token, victim.apiKey, false), /x-api-key/);
    // A stranger's EC key under the service's kid, and under a kid of its own.
    const stranger = await generateKeyPair('ES256');
    const serviceKid = t.deps.keys.current().kid;
    const claims = { ...victimV2, iss: BASE_URL, aud: BASE_URL, sub: 'x', iat: nowSec(), exp: nowSec() + 3600 };
    for (const kid of [serviceKid, 'sk-0123456789abcdef', (await exportJWK(stranger.publicKey)).x!]) {
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .sign(stranger.privateKey);
      await refused(headersFor(forged, victim.apiKey, true));
    }
    await nothingWritten();
    await accepted(victim.headers);
  });

  /** The claims a v2 token of a new v2 credential of `companyId` carries (cid, cmp). */
  async function v2VictimClaims(companyId: string): Promise<{ cid: string; cmp: string }> {
    const res = await t.app.request('/admin/credentials', {
      method: 'POST',
      headers: adminHeaders,
      body: JSON.stringify({ companyId, version: 'v2' }),
    });
    expect(res.status).toBe(201);
    const { credential } = await json<{ credential: { id: string } }>(res);
    return { cid: credential.id, cmp: companyId };
  }

  it('wrong "aud": v1 (client-signed) and v2 (even with a valid service signature): 401', async () => {
    const v1 = await v1Company('V1 Co');
    const v2 = await signedIn(t, 'V2 Co');
    for (const aud of ['http://other.test', `${BASE_URL}/`, `${BASE_URL}/v1/oauth/token`, 'https://api.test', '']) {
      await refused(headersFor(await signV1(t, v1.file, { claims: { aud } }), v1.apiKey, false), /aud/);
      const forged = await serviceSigned({ ...claimsOf(v2.token), aud });
      await refused(headersFor(forged, v2.client.apiKey, true), /aud/);
    }
    await refused(headersFor(await serviceSigned({ ...claimsOf(v2.token), aud: undefined }), v2.client.apiKey, true));
    await nothingWritten();
  });

  it('wrong "iss": v1 (another client_email) and v2 (even with a valid service signature): 401', async () => {
    const v1 = await v1Company('V1 Co');
    const v2 = await signedIn(t, 'V2 Co');
    for (const iss of ['attacker@example.com', `${BASE_URL}`, 'http://other.test']) {
      const token = await signRs256(v1Claims(v1.file, { iss }), v1.file.private_key_id, v1.file.private_key);
      await refused(headersFor(token, v1.apiKey, false), /iss/);
    }
    for (const iss of ['http://other.test', `${BASE_URL}/`, v1.file.client_email]) {
      await refused(headersFor(await serviceSigned({ ...claimsOf(v2.token), iss }), v2.client.apiKey, true), /iss/);
    }
    await nothingWritten();
  });

  it('expired: accepted until exp + TOKEN_LEEWAY_SECONDS, 401 from then on (v1 and v2, cached or not)', async () => {
    const v1 = await v1Company('V1 Co');
    const v2 = await signedIn(t, 'V2 Co');
    const exp = nowSec() + 3600;
    const v1Unused = headersFor(await signV1(t, v1.file), v1.apiKey, false);
    await accepted(v1.headers);
    await accepted(v2.headers);
    at(exp + LEEWAY - 1); // within the leeway
    await accepted(v1.headers);
    await accepted(v2.headers);
    at(exp + LEEWAY); // outside it
    await refused(v1.headers, /expired/);
    await refused(v2.headers, /expired/);
    await refused(v1Unused, /expired/);
    at(exp + 86_400);
    await refused(v1.headers, /expired/);
    await refused(v2.headers, /expired/);
    // A token issued already expired.
    const past = nowSec() - 7200;
    await refused(headersFor(await signV1(t, v1.file, { iat: past, exp: past + 3600 }), v1.apiKey, false), /expired/);
    await nothingWritten();
  });

  it('not yet valid: "nbf" or "iat" in the future beyond the leeway is 401; within the leeway accepted', async () => {
    const v1 = await v1Company('V1 Co');
    const v2 = await signedIn(t, 'V2 Co');
    const now = nowSec();
    const v1With = (patch: Record<string, unknown>) =>
      signRs256(v1Claims(v1.file, patch), v1.file.private_key_id, v1.file.private_key);
    await refused(headersFor(await v1With({ nbf: now + LEEWAY + 1 }), v1.apiKey, false), /nbf/);
    await refused(headersFor(await v1With({ nbf: now + 86_400 }), v1.apiKey, false), /nbf/);
    await refused(
      headersFor(await v1With({ iat: now + LEEWAY + 1, exp: now + LEEWAY + 1 + 3600 }), v1.apiKey, false),
      /iat/,
    );
    const v2Claims = claimsOf(v2.token);
    await refused(
      headersFor(await serviceSigned({ ...v2Claims, nbf: now + LEEWAY + 1 }), v2.client.apiKey, true),
      /nbf/,
    );
    await refused(
      headersFor(
        await serviceSigned({ ...v2Claims, iat: now + 86_400, exp: now + 86_400 + 3600 }),
        v2.client.apiKey,
        true,
      ),
      /iat/,
    );
    await nothingWritten();
    // A client clock slightly ahead is tolerated.
    await accepted(headersFor(await v1With({ nbf: now + LEEWAY }), v1.apiKey, false));
    await accepted(headersFor(await v1With({ iat: now + LEEWAY, exp: now + LEEWAY + 3600 }), v1.apiKey, false));
    await accepted(headersFor(await serviceSigned({ ...v2Claims, nbf: now + LEEWAY }), v2.client.apiKey, true));
  });

  it('revoked mid-session: the next request with the same (cached) token is 401, v1 and v2', async () => {
    const v1 = await v1Company('V1 Co');
    const v2 = await signedIn(t, 'V2 Co');
    await accepted(v1.headers);
    await accepted(v2.headers);
    await revoke(v1.credentialId);
    await revoke(v2.client.credentialId);
    await refused(v1.headers, /revoked/);
    await refused(v2.headers, /revoked/);
    // A fresh token of the revoked v1 key, and the revoked v2 secret at the token endpoint.
    await refused(headersFor(await signV1(t, v1.file, { iat: nowSec() - 1 }), v1.apiKey, false), /revoked/);
    const token = await t.app.request('/v1/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        clientId: v2.client.clientId,
        clientSecret: v2.client.clientSecret,
      }),
    });
    expect(token.status).toBe(401);
    await nothingWritten();
  });

  it('a v2 token on the legacy backend (no x-backend-version: v2) is 401 telling to send the header', async () => {
    const v2 = await signedIn(t, 'V2 Co');
    await refused(headersFor(v2.token, v2.client.apiKey, false), /x-backend-version: v2/);
    await accepted(v2.headers);
    // Also once the token is known (cached) and with an empty or "v1" header.
    await refused(headersFor(v2.token, v2.client.apiKey, false), /x-backend-version: v2/);
    await refused({ ...v2.headers, 'x-backend-version': '' }, /x-backend-version: v2/);
    await refused({ ...v2.headers, 'x-backend-version': 'v1' }, /x-backend-version: v2/);
    await nothingWritten();
  });

  it('a v1 token sent with x-backend-version: v2 gets every v1 check (the header opens nothing)', async () => {
    // Accepting v1 tokens with the header is by design (gate.int.test.ts "200 with and without
    // x-backend-version"); what must hold is that the header weakens no check.
    const v1 = await v1Company('V1 Co');
    const other = await v1Company('Other');
    const none = `${b64({ alg: 'none', kid: v1.file.private_key_id })}.${b64(v1Claims(v1.file))}.`;
    const attempts = [
      none,
      await signV1(t, v1.file, { claims: { aud: 'http://other.test' } }),
      await signV1(t, v1.file, { iat: nowSec() - 7200, exp: nowSec() - 3600 }),
      await signRs256(v1Claims(v1.file), v1.file.private_key_id, other.file.private_key),
    ];
    for (const token of attempts) await refused(headersFor(token, v1.apiKey, true));
    await refused(headersFor(v1.token, other.apiKey, true), /x-api-key/);
    await nothingWritten();
    await accepted(headersFor(v1.token, v1.apiKey, true));
  });

  it('a valid signature with a tampered payload (company, credential, expiry, audience) is 401', async () => {
    const a = await signedIn(t, 'A');
    const b = await signedIn(t, 'B');
    const v1 = await v1Company('V1 Co');
    const [header, , signature_] = a.token.split('.');
    const claims = claimsOf(a.token);
    const patches = [
      { cmp: b.company.id, cid: b.client.credentialId },
      { exp: (claims.exp as number) + 86_400 },
      { aud: 'http://other.test' },
      { sub: b.client.clientId },
    ];
    for (const patch of patches) {
      const tampered = `${header}.${b64({ ...claims, ...patch })}.${signature_}`;
      await refused(headersFor(tampered, b.client.apiKey, true), /signature/);
      await refused(headersFor(tampered, a.client.apiKey, true), /signature/);
    }
    const [h1, , s1] = v1.token.split('.');
    const longer = `${h1}.${b64({ ...claimsOf(v1.token), exp: (claimsOf(v1.token).exp as number) + 600 })}.${s1}`;
    await refused(headersFor(longer, v1.apiKey, false), /signature/);
    await nothingWritten();
    await accepted(a.headers);
  });

  it("missing x-api-key, an empty one, or another company's: 401", async () => {
    const a = await signedIn(t, 'A');
    const b = await signedIn(t, 'B');
    const v1 = await v1Company('V1 Co');
    await refused(headersFor(a.token, undefined, true), /x-api-key/);
    await refused(headersFor(v1.token, undefined, false), /x-api-key/);
    await refused(headersFor(a.token, '', true), /x-api-key/);
    await refused(headersFor(a.token, b.client.apiKey, true), /x-api-key/);
    await refused(headersFor(b.token, a.client.apiKey, true), /x-api-key/);
    await refused(headersFor(v1.token, a.client.apiKey, false), /x-api-key/);
    await refused(headersFor(a.token, `${a.client.apiKey} `.repeat(2), true), /x-api-key/);
    await refused({ ...headersFor(a.token, a.client.apiKey, true), authorization: '' }, /Authorization/);
    await nothingWritten();
  });
});

describe(`attacks on export links (${BACKEND})`, () => {
  /** A complete export (see `completeExport`), with its link's expiry and signature. */
  async function exported() {
    const e = await completeExport(t);
    return {
      view: e.view,
      file: e.file.name,
      store: e.store,
      exp: e.url.searchParams.get('X-Expires')!,
      sig: e.url.searchParams.get('X-Signature')!,
      local: e.local,
    };
  }

  async function expectStatus(link: string, status: number): Promise<void> {
    for (const method of ['GET', 'HEAD']) {
      const res = await t.app.request(link, { method });
      expect(res.status, `${method} ${link}`).toBe(status);
    }
  }

  it('expired: 410 at expiresAt and after, without touching the store', async () => {
    const e = await exported();
    const expiresAt = Date.parse(e.view.expiresAt);
    for (const when of [expiresAt, expiresAt + 1, expiresAt + 86_400_000]) {
      t.clock.set(new Date(when));
      await expectStatus(e.local, 410);
    }
    expect(e.store.calls).toEqual([]);
  });

  it('tampered signature, expiry, export id or file name: 403, without touching the store', async () => {
    const e = await exported();
    const base = `/downloads/exports/${e.view.id}/${e.file}`;
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('0') ? '1' : '0');
    const otherId = e.view.id.slice(0, -1) + (e.view.id.endsWith('0') ? '1' : '0');
    const links = [
      `${base}?X-Expires=${e.exp}&X-Signature=${flip(e.sig)}`,
      `${base}?X-Expires=${e.exp}&X-Signature=${e.sig.toUpperCase()}`,
      `${base}?X-Expires=${e.exp}&X-Signature=${e.sig.slice(0, 32)}`,
      `${base}?X-Expires=${Number(e.exp) + 1}&X-Signature=${e.sig}`,
      `${base}?X-Expires=${Number(e.exp) + 365 * 86_400}&X-Signature=${e.sig}`,
      `/downloads/exports/${otherId}/${e.file}?X-Expires=${e.exp}&X-Signature=${e.sig}`,
      `/downloads/exports/${e.view.id}/${e.file.replace('.parquet', '-x.parquet')}?X-Expires=${e.exp}&X-Signature=${e.sig}`,
      `${base}?X-Expires=${e.exp}`,
      `${base}?X-Signature=${e.sig}`,
      base,
    ];
    for (const link of links) await expectStatus(link, 403);
    expect(e.store.calls).toEqual([]);
    // The untouched link still works.
    expect((await t.app.request(e.local)).status).toBe(200);
  });

  it('path traversal (.., %2e%2e, absolute, backslashes, NUL), even correctly signed: 404, store untouched', async () => {
    const e = await exported();
    const secret = await linkSecret(t.deps);
    /** A link to `name` signed with the real key: the name check does not rest on the signature. */
    const signed = (id: string, name: string, encode = encodeURIComponent) =>
      `/downloads/exports/${encode(id)}/${encode(name)}?X-Expires=${e.exp}&X-Signature=${signature(secret, id, name, Number(e.exp))}`;
    const q = `?X-Expires=${e.exp}&X-Signature=${e.sig}`;
    const links = [
      signed(e.view.id, '../../../../etc/passwd'),
      signed(e.view.id, `../${e.view.id}/${e.file}`),
      signed(e.view.id, '..'),
      signed('..', e.file),
      signed(e.view.id, `..${e.file}`),
      // Encoded dots, lower and upper case, and double-encoded.
      `/downloads/exports/${e.view.id}/%2e%2e%2f%2e%2e%2fetc%2fpasswd${q}`,
      `/downloads/exports/${e.view.id}/%2E%2E%2F${e.view.id}%2F${e.file}${q}`,
      `/downloads/exports/${e.view.id}/%252e%252e%252f${e.file}${q}`,
      `/downloads/exports/${e.view.id}/%2e%2e/%2e%2e/etc/passwd${q}`,
      `/downloads/exports/%2e%2e/${e.file}${q}`,
      // Absolute paths.
      signed(e.view.id, '/etc/passwd.parquet'),
      `/downloads/exports/${e.view.id}/%2Fetc%2Fpasswd.parquet${q}`,
      `/downloads/exports/${e.view.id}//etc/passwd.parquet${q}`,
      // Backslashes.
      signed(e.view.id, '..\\..\\x.parquet'),
      `/downloads/exports/${e.view.id}/..%5C..%5Cx.parquet${q}`,
      // NUL.
      signed(e.view.id, `${e.file}\0.parquet`),
      `/downloads/exports/${e.view.id}/${e.file}%00.parquet${q}`,
      `/downloads/exports/${e.view.id}/${e.file}%00${q}`,
      // A name the export does not have, correctly signed.
      signed(e.view.id, 'other.parquet'),
    ];
    for (const link of links) {
      for (const method of ['GET', 'HEAD']) {
        const res = await t.app.request(link, { method });
        expect(res.status, `${method} ${link}`).toBe(404);
      }
    }
    expect(e.store.calls).toEqual([]);
  });
});
