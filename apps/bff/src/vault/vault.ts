import { randomBytes } from 'node:crypto';
import type { VaultCredential } from '@econ/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { BffDeps } from '../appEnv';
import { vaultCredentials } from '../db/schema';
import { BffError } from '../errors';
import type { TokenSource } from '../tokens/tokenProvider';
import type { ParsedCredential } from './credentialZip';

/** What the browser may see of a vault credential: metadata only (the contract's shape). */
export type VaultCredentialView = VaultCredential;

type Row = typeof vaultCredentials.$inferSelect;
type Tx = Parameters<Parameters<BffDeps['db']['transaction']>[0]>[0];

/**
 * Serializes the transactions that change which credential is active (install, activate, remove):
 * without it, concurrent uploads into an empty vault each count 0 active rows and all become active.
 * Plain reads are not blocked.
 */
const lockVault = (tx: Tx) => tx.execute(sql`LOCK TABLE ${vaultCredentials} IN SHARE ROW EXCLUSIVE MODE`);

/** The sealed secret part of a credential. */
type Secret =
  | { version: 'v2'; apiKey: string; clientId: string; clientSecret: string }
  | { version: 'v1'; apiKey: string; clientEmail: string; privateKeyId: string; privateKey: string };

export function toView(r: Row, now: Date): VaultCredentialView {
  return {
    id: r.id,
    version: r.version,
    principal: r.principal,
    source: r.source,
    ...(r.upstreamId ? { upstreamId: r.upstreamId } : {}),
    active: r.active === 1,
    createdAt: r.createdAt.toISOString(),
    zipAvailable: !!r.sealedZip && !!r.zipExpiresAt && r.zipExpiresAt.getTime() > now.getTime(),
    name: r.name,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a parsed credential, its secrets sealed (AES-256-GCM, bound to the row id). The first
 * credential of the vault becomes the active one.
 */
export async function installCredential(
  deps: BffDeps,
  parsed: ParsedCredential,
  opts: { source: 'upload' | 'api'; name?: string; upstreamId?: string; zip?: Uint8Array; zipExpiresAt?: Date } = {
    source: 'upload',
  },
): Promise<VaultCredentialView> {
  const id = randomBytes(12).toString('hex');
  const secret: Secret =
    parsed.version === 'v2'
      ? { version: 'v2', apiKey: parsed.apiKey, clientId: parsed.clientId, clientSecret: parsed.clientSecret }
      : {
          version: 'v1',
          apiKey: parsed.apiKey,
          clientEmail: parsed.clientEmail,
          privateKeyId: parsed.privateKeyId,
          privateKey: parsed.privateKey,
        };
  const now = deps.clock.now();
  const principal = parsed.version === 'v2' ? parsed.clientId : parsed.clientEmail;
  const row = await deps.db.transaction(async (tx) => {
    await lockVault(tx);
    // Checked under the lock: concurrent uploads of one ZIP must not both pass.
    const [same] = await tx
      .select({ id: vaultCredentials.id })
      .from(vaultCredentials)
      .where(eq(vaultCredentials.principal, principal))
      .limit(1);
    if (same) throw new BffError(409, 'Conflict', `This credential (${principal}) is already in the vault`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(vaultCredentials)
      .where(eq(vaultCredentials.active, 1));
    const [inserted] = await tx
      .insert(vaultCredentials)
      .values({
        id,
        version: parsed.version,
        principal,
        companyId: parsed.version === 'v1' ? parsed.projectId : null,
        upstreamId: opts.upstreamId ?? null,
        sealed: deps.box.seal(JSON.stringify(secret), id),
        sealedZip: opts.zip ? deps.box.seal(Buffer.from(opts.zip).toString('base64'), `${id}:zip`) : null,
        zipExpiresAt: opts.zipExpiresAt ?? null,
        source: opts.source,
        name: opts.name ?? null,
        active: Number(n) === 0 ? 1 : 0,
        createdAt: now,
      })
      .returning();
    return inserted!;
  });
  return toView(row, now);
}

export async function listVault(deps: BffDeps): Promise<VaultCredentialView[]> {
  const rows = await deps.db
    .select()
    .from(vaultCredentials)
    .orderBy(asc(vaultCredentials.createdAt), asc(vaultCredentials.id));
  const now = deps.clock.now();
  return rows.map((r) => toView(r, now));
}

/** Renames a vault credential. */
export async function renameCredential(deps: BffDeps, id: string, name: string): Promise<VaultCredentialView> {
  const [row] = await deps.db.update(vaultCredentials).set({ name }).where(eq(vaultCredentials.id, id)).returning();
  if (!row) throw new BffError(404, 'NotFound', `No credential with id ${id} in the vault`);
  return toView(row, deps.clock.now());
}

/** How often a credential's last use is written: at most once per this many ms (one write per request is too many). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Records that the console called the API with this credential now (skipped within a minute of the last record). */
export async function markUsed(deps: BffDeps, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(vaultCredentials)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(vaultCredentials.id, id),
        or(
          isNull(vaultCredentials.lastUsedAt),
          lt(vaultCredentials.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
        ),
      ),
    );
}

/** Makes one credential the active one (exactly one is active). */
export async function activate(deps: BffDeps, id: string): Promise<VaultCredentialView> {
  const row = await deps.db.transaction(async (tx) => {
    await lockVault(tx);
    const [target] = await tx.select().from(vaultCredentials).where(eq(vaultCredentials.id, id)).limit(1);
    if (!target) return undefined;
    await tx.update(vaultCredentials).set({ active: 0 });
    const [updated] = await tx
      .update(vaultCredentials)
      .set({ active: 1 })
      .where(eq(vaultCredentials.id, id))
      .returning();
    return updated;
  });
  if (!row) throw new BffError(404, 'NotFound', `No credential with id ${id} in the vault`);
  return toView(row, deps.clock.now());
}

/** Removes a credential from the vault; when it was active, the oldest remaining one takes over. */
export async function removeFromVault(deps: BffDeps, id: string): Promise<Row> {
  const removed = await deps.db.transaction(async (tx) => {
    await lockVault(tx);
    const [row] = await tx.delete(vaultCredentials).where(eq(vaultCredentials.id, id)).returning();
    if (row?.active === 1) {
      const [next] = await tx.select().from(vaultCredentials).orderBy(asc(vaultCredentials.createdAt)).limit(1);
      if (next) await tx.update(vaultCredentials).set({ active: 1 }).where(eq(vaultCredentials.id, next.id));
    }
    return row;
  });
  if (!removed) throw new BffError(404, 'NotFound', `No credential with id ${id} in the vault`);
  return removed;
}

/** The active credential, unsealed for the proxy: the token source and the API key. Server side only. */
export async function activeCredential(
  deps: BffDeps,
): Promise<{ id: string; apiKey: string; source: TokenSource } | undefined> {
  const [row] = await deps.db.select().from(vaultCredentials).where(eq(vaultCredentials.active, 1)).limit(1);
  if (!row) return undefined;
  const secret = JSON.parse(deps.box.open(row.sealed, row.id)) as Secret;
  const source: TokenSource =
    secret.version === 'v2'
      ? { version: 'v2', credentialId: row.id, clientId: secret.clientId, clientSecret: secret.clientSecret }
      : {
          version: 'v1',
          credentialId: row.id,
          clientEmail: secret.clientEmail,
          privateKeyId: secret.privateKeyId,
          privateKey: secret.privateKey,
        };
  return { id: row.id, apiKey: secret.apiKey, source };
}

/**
 * Hands the one-time ZIP of a credential created through the API to the admin, once, within its
 * hour; afterwards it is gone from the vault.
 */
export async function takeZip(deps: BffDeps, id: string): Promise<Uint8Array> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(vaultCredentials).where(eq(vaultCredentials.id, id)).for('update').limit(1);
    if (r?.sealedZip)
      await tx.update(vaultCredentials).set({ sealedZip: null, zipExpiresAt: null }).where(eq(vaultCredentials.id, id));
    return r;
  });
  if (!row) throw new BffError(404, 'NotFound', `No credential with id ${id} in the vault`);
  if (!row.sealedZip || !row.zipExpiresAt || row.zipExpiresAt.getTime() <= now.getTime()) {
    throw new BffError(
      410,
      'Gone',
      'This ZIP was already downloaded or its hour has passed; it cannot be downloaded again',
    );
  }
  return new Uint8Array(Buffer.from(deps.box.open(row.sealedZip, `${id}:zip`), 'base64'));
}
