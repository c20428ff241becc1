import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { companies, credentials } from '../db/schema';

/* Companies and their credentials in storage (spec 2.10, 3). */

export type CompanyRow = typeof companies.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;

export async function insertCompany(db: Db, row: CompanyRow): Promise<void> {
  await db.insert(companies).values(row);
}

/** Every company, in id order, with its number of active credentials. */
export async function companiesWithActiveCounts(db: Db) {
  const rows = await db
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
  return rows.map((r) => ({ ...r, active: Number(r.active) }));
}

export async function findCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/**
 * Inserts a credential unless its company already has `max` active ones (`limit`), counted under a
 * lock on the company row so concurrent creations cannot pass the limit.
 */
export async function insertCredentialWithinLimit(
  db: Db,
  row: typeof credentials.$inferInsert,
  max: number,
): Promise<CredentialRow | 'limit'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM companies WHERE id = ${row.companyId} FOR UPDATE`);
    const [active] = await tx
      .select({ n: count() })
      .from(credentials)
      .where(and(eq(credentials.companyId, row.companyId), eq(credentials.status, 'active')));
    if ((active?.n ?? 0) >= max) return 'limit';
    const [inserted] = await tx.insert(credentials).values(row).returning();
    return inserted!;
  });
}

/** The credentials (of one company, or all), in id order. */
export async function credentialRows(db: Db, companyId?: string): Promise<CredentialRow[]> {
  return db
    .select()
    .from(credentials)
    .where(companyId ? eq(credentials.companyId, companyId) : undefined)
    .orderBy(asc(credentials.id));
}

export async function findCredential(db: Db, id: string): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(credentials).where(eq(credentials.id, id)).limit(1);
  return row;
}

/** Marks a credential revoked (keeping the first revocation time) and drops its ZIP; undefined when unknown. */
export async function markRevoked(db: Db, id: string, now: Date): Promise<CredentialRow | undefined> {
  const [row] = await db
    .update(credentials)
    .set({
      status: 'revoked',
      revokedAt: sql`coalesce(${credentials.revokedAt}, ${now.toISOString()}::timestamptz)`,
      downloadBlob: null,
    })
    .where(eq(credentials.id, id))
    .returning();
  return row;
}

export type DownloadOutcome =
  | { zip: Uint8Array; credentialId: string }
  | { error: 'unknown' | 'downloaded' | 'revoked' | 'expired' };

/**
 * Takes a credential's ZIP once, under a row lock: `open` decrypts the stored blob (undefined when
 * the link's key does not open it: unknown, nothing consumed). A late link deletes the blob for good.
 */
export async function takeDownload(
  db: Db,
  downloadId: string,
  now: Date,
  open: (blob: Uint8Array) => Uint8Array | undefined,
): Promise<DownloadOutcome> {
  return db.transaction(async (tx): Promise<DownloadOutcome> => {
    const [row] = await tx
      .select()
      .from(credentials)
      .where(eq(credentials.downloadId, downloadId))
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
    const zip = row.downloadBlob ? open(row.downloadBlob) : undefined;
    if (!zip) return { error: 'unknown' };
    await tx.update(credentials).set({ downloadedAt: now, downloadBlob: null }).where(eq(credentials.id, row.id));
    return { zip, credentialId: row.id };
  });
}

/** What the token endpoint needs of the credential with this clientId (v2), or undefined. */
export async function credentialByClientId(db: Db, clientId: string) {
  const [row] = await db
    .select({
      id: credentials.id,
      companyId: credentials.companyId,
      secretHash: credentials.secretHash,
      status: credentials.status,
    })
    .from(credentials)
    .where(eq(credentials.clientId, clientId))
    .limit(1);
  return row;
}
