import { randomBytes } from 'node:crypto';
import { hashSecret, verifySecret } from '@econ/server-kit/secretHash';
import { count, eq } from 'drizzle-orm';
import type { BffDeps, SessionUser } from '../appEnv';
import { users } from '../db/schema';
import type { Role } from '../roles';

/**
 * On first start with no users, creates an `admin` from CONSOLE_ADMIN_PASSWORD, or with a
 * generated password that is returned (to be printed once) and never stored in clear.
 */
export async function ensureFirstAdmin(deps: BffDeps): Promise<{ username: string; password?: string } | undefined> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return undefined;
  const password = deps.config.adminPassword ?? randomBytes(12).toString('base64url');
  await createUser(deps, { username: 'admin', password, role: 'admin' });
  return deps.config.adminPassword ? { username: 'admin' } : { username: 'admin', password };
}

export async function createUser(
  deps: BffDeps,
  input: { username: string; password: string; role: Role },
): Promise<SessionUser & { createdAt: string; updatedAt: string }> {
  const now = deps.clock.now();
  const row = {
    id: randomBytes(12).toString('hex'),
    username: input.username,
    passwordHash: await hashSecret(input.password),
    role: input.role,
    createdAt: now,
    updatedAt: now,
  };
  await deps.db.insert(users).values(row);
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** The user when the password matches (constant time, and as slow for an unknown name). */
export async function checkPassword(
  deps: BffDeps,
  username: string,
  password: string,
): Promise<SessionUser | undefined> {
  const [row] = await deps.db.select().from(users).where(eq(users.username, username)).limit(1);
  const ok = await verifySecret(password, row?.passwordHash);
  return ok && row ? { id: row.id, username: row.username, role: row.role } : undefined;
}
