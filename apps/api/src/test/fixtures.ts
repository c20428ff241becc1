import { createPrivateKey } from 'node:crypto';
import {
  type CompanyCreated,
  type CredentialCreated,
  EconModelMultiStatus,
  MultiStatus,
  type TokenResponse,
  V1CredentialFile,
  V2CredentialFile,
} from '@econ/contract';
import { strFromU8, unzipSync } from 'fflate';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { ADMIN_TOKEN, BASE_URL, type TestApi } from './harness';

export const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

export async function json<T = unknown>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export async function createCompany(t: TestApi, name = 'Acme Energy'): Promise<CompanyCreated> {
  const res = await t.app.request('/admin/companies', {
    method: 'POST',
    headers: adminHeaders,
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return json<CompanyCreated>(res);
}

export async function createCredential(
  t: TestApi,
  companyId: string,
  version: 'v1' | 'v2',
): Promise<CredentialCreated> {
  const res = await t.app.request('/admin/credentials', {
    method: 'POST',
    headers: adminHeaders,
    body: JSON.stringify({ companyId, version }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<CredentialCreated>(res);
}

/** Downloads a credential ZIP through its one-time link and returns its files. */
export async function downloadZip(t: TestApi, url: string): Promise<Record<string, string>> {
  const res = await t.app.request(url.replace(BASE_URL, ''));
  expect(res.status, await res.clone().text()).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]));
}

export interface V2Client {
  credentialId: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
}

export async function v2Client(t: TestApi, companyId: string): Promise<V2Client> {
  const created = await createCredential(t, companyId, 'v2');
  const files = await downloadZip(t, created.download.url);
  const file = V2CredentialFile.parse(JSON.parse(files['api-credentials.json']!));
  return {
    credentialId: created.credential.id,
    clientId: file.clientId,
    clientSecret: file.clientSecret,
    apiKey: files['api-key.txt']!.trim(),
  };
}

export async function v1Client(t: TestApi, companyId: string) {
  const created = await createCredential(t, companyId, 'v1');
  const files = await downloadZip(t, created.download.url);
  const file = V1CredentialFile.parse(JSON.parse(files['api-service-account-key.json']!));
  return { credentialId: created.credential.id, file, apiKey: files['api-key.txt']!.trim() };
}

export const tokenRequest = (t: TestApi, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request('/v1/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

export async function v2Token(t: TestApi, c: V2Client): Promise<string> {
  const res = await tokenRequest(t, {
    grant_type: 'client_credentials',
    clientId: c.clientId,
    clientSecret: c.clientSecret,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<TokenResponse>(res)).access_token;
}

/** Signs a legacy v1 token as a client would, with overrides for attack tests. */
export async function signV1(
  t: TestApi,
  file: V1CredentialFile,
  opts: { claims?: Record<string, unknown>; iat?: number; exp?: number; kid?: string } = {},
): Promise<string> {
  const iat = opts.iat ?? Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ aud: BASE_URL, ...opts.claims })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? file.private_key_id, typ: 'JWT' })
    .setIssuer(file.client_email)
    .setSubject(file.client_email)
    .setIssuedAt(iat)
    .setExpirationTime(opts.exp ?? iat + 3600)
    .sign(createPrivateKey(file.private_key));
}

/** Everything a caller needs: a company, a v2 client, its token and ready headers. */
export async function signedIn(t: TestApi, name = 'Acme Energy') {
  const company = await createCompany(t, name);
  const client = await v2Client(t, company.id);
  const token = await v2Token(t, client);
  const headers = {
    authorization: `Bearer ${token}`,
    'x-api-key': client.apiKey,
    'x-backend-version': 'v2',
    'content-type': 'application/json',
  };
  return { company, client, token, headers };
}

export async function postRecords(t: TestApi, path: string, headers: Record<string, string>, records: unknown) {
  const res = await t.app.request(path, { method: 'POST', headers, body: JSON.stringify(records) });
  const body = await res.json();
  return { res, body: res.status === 207 ? MultiStatus.parse(body) : (body as MultiStatus) };
}

/** One request to the in-process API: its response and its body parsed as JSON (undefined when empty). */
export async function send(t: TestApi, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await t.app.request(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { res, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** An econ-model POST or PUT: expects its 207 and returns the per-record results. */
export async function writeModels(
  t: TestApi,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  body: unknown,
) {
  const r = await send(t, method, url, headers, body);
  expect(r.res.status, JSON.stringify(r.body)).toBe(207);
  return EconModelMultiStatus.parse(r.body);
}
