/*
 * PostgreSQL error codes as the drivers report them (drizzle wraps driver errors, so the code may
 * sit on a `cause`): the same on PGlite and on a PostgreSQL server.
 */

/** The SQLSTATE of a database error (or of its cause), and the constraint it names. */
function sqlState(err: unknown): { code: string; constraint?: string } | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return undefined;
}

/** True when `err` is a unique violation (of `constraint`, when given and reported). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const s = sqlState(err);
  if (s?.code !== '23505') return false;
  return constraint === undefined || s.constraint === undefined || s.constraint === constraint;
}

/** True when `err` is a foreign-key violation: a row it points to went away meanwhile. */
export const isForeignKeyViolation = (err: unknown): boolean => sqlState(err)?.code === '23503';
