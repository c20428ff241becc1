/**
 * The API as the benchmarks start it, in process: PGlite in a temporary folder (or
 * BENCH_DATABASE_URL), a company, a v2 credential and its token, and the headers a client sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { createApp } from '../apps/api/src/app';
import { createDeps } from '../apps/api/src/bootstrap';
import { readEnv } from '../apps/api/src/env';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

/**
 * Opens the storage, builds the app and signs a new company in. `call` POSTs JSON in process and
 * throws on a status of 300 or more (207 included as success).
 */
export async function openBenchApi(name: string, companyName = 'Bench') {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const config = readEnv({
    DATA_DIR: dataDir,
    API_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const { deps, database } = await createDeps(config);
  const app = createApp(deps);
  const call = async (path: string, body: unknown, headers: Record<string, string>) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const adminHeaders = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
  const company = await call('/admin/companies', { name: companyName }, adminHeaders);
  const cred = (await call('/admin/credentials', { companyId: company.id, version: 'v2' }, adminHeaders)) as {
    download: { url: string };
    credential: { id: string };
  };
  const zip = await app.request(new URL(cred.download.url).pathname);
  const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
  const file = JSON.parse(strFromU8(files['api-credentials.json']!)) as { clientId: string; clientSecret: string };
  const token = (await call('/v1/oauth/token', { grant_type: 'client_credentials', ...file }, {})) as {
    access_token: string;
  };
  const headers = {
    authorization: `Bearer ${token.access_token}`,
    'x-api-key': String(company.apiKey),
    'x-backend-version': 'v2',
  };
  /** Closes the storage and deletes the temporary folder (PGlite's data, export files). */
  const close = async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { deps, database, app, call, headers, companyId: String(company.id), credentialId: cred.credential.id, close };
}
