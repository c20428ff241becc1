import type { CompanyUserInput, UserRoles } from '@econ/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import { companies, companyUsers, userResourceRoles } from '../db/schema';
import { type ListSource, sortOf } from '../http/paging';
import { newObjectId } from '../ids';

/* The company user directory and each user's roles on resources (decision 053). */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const SORT = { userId: companyUsers.id, email: companyUsers.email, lastName: companyUsers.lastName };

/** The company's users with their roles as a list source (`emails`: exact, lower case). */
export function userRolesList(db: Db, companyId: string, emails?: string[]): ListSource<UserRoles> {
  const where = and(
    eq(companyUsers.companyId, companyId),
    emails?.length
      ? inArray(
          companyUsers.email,
          emails.map((e) => e.toLowerCase()),
        )
      : undefined,
  );
  return {
    async page(page, limit) {
      const { field, desc: d } = sortOf(page.sort);
      const col = SORT[field as keyof typeof SORT] ?? companyUsers.id;
      const users = await db
        .select()
        .from(companyUsers)
        .where(where)
        .orderBy(...(d ? [desc(col), desc(companyUsers.id)] : [asc(col), asc(companyUsers.id)]))
        .offset(page.skip)
        .limit(limit);
      if (users.length === 0) return [];
      const roles = await db
        .select()
        .from(userResourceRoles)
        .where(
          inArray(
            userResourceRoles.userId,
            users.map((u) => u.id),
          ),
        )
        .orderBy(userResourceRoles.resourceType, userResourceRoles.resourceId);
      return users.map((u) => ({
        userId: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        resourceRoles: roles
          .filter((r) => r.userId === u.id)
          .map((r) => ({ resourceId: r.resourceId, resourceType: r.resourceType, roles: r.roles })),
      }));
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(companyUsers).where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/** Whether the company exists. */
export async function companyExists(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row !== undefined;
}

/** Upserts a user by email and makes its roles exactly these (call it in a transaction). */
export async function writeUser(
  deps: { db: Tx | Db; clock: Clock },
  companyId: string,
  u: CompanyUserInput,
): Promise<{ id: string; inserted: boolean }> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(companyUsers)
    .values({
      id: newObjectId(deps.clock),
      companyId,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [companyUsers.companyId, companyUsers.email],
      set: { firstName: u.firstName, lastName: u.lastName, updatedAt: now },
    })
    .returning({ id: companyUsers.id, inserted: sql<boolean>`(xmax = 0)` });
  const id = row!.id;
  await deps.db.delete(userResourceRoles).where(eq(userResourceRoles.userId, id));
  const seen = new Map(u.resourceRoles.map((r) => [`${r.resourceType}\u0000${r.resourceId}`, r]));
  if (seen.size) {
    await deps.db.insert(userResourceRoles).values(
      [...seen.values()].map((r) => ({
        userId: id,
        resourceType: r.resourceType,
        resourceId: r.resourceId,
        roles: [...new Set(r.roles)],
      })),
    );
  }
  return { id, inserted: row!.inserted };
}

/** Removes a user of the company (with its roles); the count removed. */
export async function deleteUser(db: Db, companyId: string, userId: string): Promise<number> {
  const rows = await db
    .delete(companyUsers)
    .where(and(eq(companyUsers.id, userId), eq(companyUsers.companyId, companyId)))
    .returning({ id: companyUsers.id });
  return rows.length;
}
