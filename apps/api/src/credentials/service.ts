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
import type { Deps } from '../appEnv';
import { conflict, gone, notFound } from '../http/errors';
import { newObjectId, randomSecret } from '../ids';
import { newDownloadLink, open, parseDownloadToken, seal } from './material';
import {
  type CredentialRow,
  companiesWithActiveCounts,
  credentialRows,
  findCompany,
  findCredential,
  insertCompany,
  insertCredentialWithinLimit,
  markRevoked,
  takeDownload,
} from './store';

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
  await insertCompany(deps.db, row);
  return { id: row.id, name, apiKey: row.apiKey, createdAt: now.toISOString(), activeCredentials: 0 };
}

export async function listCompanies(deps: Deps): Promise<Company[]> {
  const rows = await companiesWithActiveCounts(deps.db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    activeCredentials: r.active,
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
  const company = await findCompany(deps.db, input.companyId);
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
  const row = await insertCredentialWithinLimit(
    deps.db,
    {
      id,
      companyId: company.id,
      version: input.version,
      status: 'active',
      ...material.stored,
      createdAt: now,
      downloadId: link.downloadId,
      downloadExpiresAt: expiresAt,
      downloadBlob: seal(link.key, material.zip),
    },
    MAX_ACTIVE_CREDENTIALS,
  );
  if (row === 'limit') {
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
  return {
    credential: toCredential(row),
    download: { url: `${deps.config.publicBaseUrl}${DOWNLOAD_PATH}/${link.token}`, expiresAt: expiresAt.toISOString() },
  };
}

export async function listCredentials(deps: Deps, companyId?: string): Promise<Credential[]> {
  return (await credentialRows(deps.db, companyId)).map(toCredential);
}

export async function getCredential(deps: Deps, id: string): Promise<Credential> {
  const row = await findCredential(deps.db, id);
  if (!row) throw notFound(`No credential with id ${id}`);
  return toCredential(row);
}

/** Revokes a credential: frees its slot; tokens issued from it fail on their next request. */
export async function revokeCredential(deps: Deps, id: string): Promise<Credential> {
  const row = await markRevoked(deps.db, id, deps.clock.now());
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
  const outcome = await takeDownload(deps.db, parsed.downloadId, deps.clock.now(), (blob) => open(parsed.key, blob));
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
