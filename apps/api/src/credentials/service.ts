import {
  type Company,
  type CompanyCreated,
  CREDENTIAL_DOWNLOAD_WINDOW_SECONDS,
  type Credential,
  type CredentialCreated,
  type CredentialVersion,
  MAX_ACTIVE_CREDENTIALS,
} from '@econ/contract';
import { makeCredentialMaterial } from '@econ/server-kit/credentialMaterial';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Deps } from '../appEnv';
import { companies, credentials } from '../db/schema';
import { conflict, gone, notFound } from '../http/errors';
import { newObjectId, randomSecret } from '../ids';
import { newDownloadLink, open, parseDownloadToken, seal } from './material';

type CredentialRow = typeof credentials.$inferSelect;

/** Credential metadata as the admin routes show it: never a secret. */
export function toCredential(row: CredentialRow): Credential {
  return {
    id: row.id,
    companyId: row.companyId,
    version: row.version,
    status: row.status,
    ...(row.clientId ? { clientId: row.clientId } : {}),
    ...(row.clientEmail ? { clientEmail: row.clientEmail } : {}),
    ...(row.keyId ? { keyId: row.keyId } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.revokedAt ? { revokedAt: row.revokedAt.toISOString() } : {}),
    downloadExpiresAt: row.downloadExpiresAt.toISOString(),
    downloaded: row.downloadedAt !== null,
  };
}

export const DOWNLOAD_PATH = '/downloads/credentials';

export async function createCompany(deps: Deps, name: string): Promise<CompanyCreated> {
  const now = deps.clock.now();
  const row = { id: newObjectId(deps.clock), name, apiKey: randomSecret(30), createdAt: now };
  await deps.db.insert(companies).values(row);
  return { id: row.id, name, apiKey: row.apiKey, createdAt: now.toISOString(), activeCredentials: 0 };
}

export async function listCompanies(deps: Deps): Promise<Company[]> {
  const rows = await deps.db
    .select({
      id: companies.id,
      name: companies.name,
      createdAt: companies.createdAt,
      active: sql<number>`count(${credentials.id}) filter (where ${credentials.status} = 'active')`,
    })
    .from(companies)
    .leftJoin(credentials, eq(credentials.companyId, companies.id))
    .groupBy(companies.id)
    .orderBy(asc(companies.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    activeCredentials: Number(r.active),
  }));
}

/**
 * Creates a credential (spec 2.10, 3): at most 3 active per company, v1 and v2 together, checked
 * under a lock on the company row so concurrent creations cannot pass the limit. The ZIP is kept
 * only encrypted with a key that lives in the one-time link.
 */
export async function createCredential(
  deps: Deps,
  input: { companyId: string; version: CredentialVersion },
): Promise<CredentialCreated> {
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, input.companyId)).limit(1);
  if (!company) throw notFound(`No company with id ${input.companyId}`);
  const id = newObjectId(deps.clock);
  // Key generation and hashing are slow: done before the lock is taken.
  const material = await makeCredentialMaterial(input.version, {
    credentialId: id,
    companyId: company.id,
    apiKey: company.apiKey,
    publicBaseUrl: deps.config.publicBaseUrl,
  });
  const link = newDownloadLink();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CREDENTIAL_DOWNLOAD_WINDOW_SECONDS * 1000);
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM companies WHERE id = ${company.id} FOR UPDATE`);
    const [active] = await tx
      .select({ n: count() })
      .from(credentials)
      .where(and(eq(credentials.companyId, company.id), eq(credentials.status, 'active')));
    if ((active?.n ?? 0) >= MAX_ACTIVE_CREDENTIALS) {
      throw conflict(
        `The company already has ${MAX_ACTIVE_CREDENTIALS} active credentials (the limit, v1 and v2 together): revoke one first`,
        [
          {
            field: 'companyId',
            rule: `max ${MAX_ACTIVE_CREDENTIALS} active credentials`,
            value: company.id,
            message: 'credential limit reached',
          },
        ],
      );
    }
    const [inserted] = await tx
      .insert(credentials)
      .values({
        id,
        companyId: company.id,
        version: input.version,
        status: 'active',
        ...material.stored,
        createdAt: now,
        downloadId: link.downloadId,
        downloadExpiresAt: expiresAt,
        downloadBlob: seal(link.key, material.zip),
      })
      .returning();
    return inserted!;
  });
  return {
    credential: toCredential(row),
    download: { url: `${deps.config.publicBaseUrl}${DOWNLOAD_PATH}/${link.token}`, expiresAt: expiresAt.toISOString() },
  };
}

export async function listCredentials(deps: Deps, companyId?: string): Promise<Credential[]> {
  const rows = await deps.db
    .select()
    .from(credentials)
    .where(companyId ? eq(credentials.companyId, companyId) : undefined)
    .orderBy(asc(credentials.id));
  return rows.map(toCredential);
}

export async function getCredential(deps: Deps, id: string): Promise<Credential> {
  const [row] = await deps.db.select().from(credentials).where(eq(credentials.id, id)).limit(1);
  if (!row) throw notFound(`No credential with id ${id}`);
  return toCredential(row);
}

/** Revokes a credential: frees its slot; tokens issued from it fail on their next request. */
export async function revokeCredential(deps: Deps, id: string): Promise<Credential> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(credentials)
    .set({
      status: 'revoked',
      revokedAt: sql`coalesce(${credentials.revokedAt}, ${now.toISOString()}::timestamptz)`,
      downloadBlob: null,
    })
    .where(eq(credentials.id, id))
    .returning();
  if (!row) throw notFound(`No credential with id ${id}`);
  return toCredential(row);
}

/**
 * Hands out a credential ZIP once, within the hour after creation (spec 5 rule 2). A second or a
 * late download is refused with 410 and the encrypted ZIP is deleted; a link whose key does not
 * open the ZIP is unknown (404) and consumes nothing.
 */
export async function downloadCredentialZip(
  deps: Deps,
  token: string,
): Promise<{ zip: Uint8Array; credentialId: string }> {
  const parsed = parseDownloadToken(token);
  if (!parsed) throw notFound('Unknown download link');
  const now = deps.clock.now();
  type Outcome =
    | { zip: Uint8Array; credentialId: string }
    | { error: 'unknown' | 'downloaded' | 'revoked' | 'expired' };
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(credentials)
      .where(eq(credentials.downloadId, parsed.downloadId))
      .for('update')
      .limit(1);
    if (!row) return { error: 'unknown' };
    if (row.downloadedAt) return { error: 'downloaded' };
    if (row.status !== 'active') return { error: 'revoked' };
    if (row.downloadExpiresAt.getTime() <= now.getTime()) {
      // Late: the encrypted ZIP is deleted for good (committed, as the outcome is returned, not thrown).
      await tx.update(credentials).set({ downloadBlob: null }).where(eq(credentials.id, row.id));
      return { error: 'expired' };
    }
    const zip = row.downloadBlob ? open(parsed.key, row.downloadBlob) : undefined;
    if (!zip) return { error: 'unknown' };
    await tx.update(credentials).set({ downloadedAt: now, downloadBlob: null }).where(eq(credentials.id, row.id));
    return { zip, credentialId: row.id };
  });
  if ('zip' in outcome) return outcome;
  switch (outcome.error) {
    case 'unknown':
      throw notFound('Unknown download link');
    case 'downloaded':
      throw gone(
        'This credential ZIP has already been downloaded; it can be downloaded only once. Revoke the credential and create a new one.',
      );
    case 'revoked':
      throw gone('This credential has been revoked; its ZIP is no longer available.');
    case 'expired':
      throw gone(
        'This download link has expired (links are valid for 1 hour). Revoke the credential and create a new one.',
      );
  }
}
