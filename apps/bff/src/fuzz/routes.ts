import { CredentialVersion, LoginInput, PREFERENCES, UserCreate, UserUpdate } from '@econ/contract';
import type { Schema } from '@econ/test-kit/fuzz/schemaDoc';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { BffEnv } from '../appEnv';

/**
 * Tables that legitimately change on any request, even a refused one: the audit log (every write
 * is recorded with its status, refused ones too) and the sign-in failure counters (a wrong password
 * is counted by design).
 */
export const BFF_VOLATILE_TABLES = ['audit_log', 'login_failures'] as const;

/** One write route of the console backend, as the app registered it. */
export interface BffWriteRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono form: `/bff/users/:id`. */
  path: string;
  /** What its body is: a JSON schema, a credential ZIP, or nothing (`none`: only ids are fuzzed). */
  body: { kind: 'json'; schema: Schema } | { kind: 'zip' } | { kind: 'none' };
}

const json = (schema: z.ZodType) => ({
  kind: 'json' as const,
  schema: z.toJSONSchema(schema, { io: 'input' }) as Schema,
});

/**
 * The request bodies of the BFF's own routes (it has no OpenAPI document): the contract's schemas.
 * A route missing here is still fuzzed, through its path parameters only.
 */
export const BODIES: Record<string, BffWriteRoute['body']> = {
  'POST /bff/session': json(LoginInput),
  'POST /bff/users': json(UserCreate),
  'PATCH /bff/users/:id': json(UserUpdate),
  'POST /bff/credentials': json(z.object({ version: CredentialVersion })),
  'POST /bff/credentials/upload': { kind: 'zip' },
  'PUT /bff/preferences/:key': json(z.object({ value: PREFERENCES['wells.columns'] })),
};

/**
 * Every POST/PUT/PATCH/DELETE route the app has under /bff (the /api proxy forwards bytes to the
 * API, whose own suite fuzzes them): a route added later is fuzzed without editing the suite.
 */
export function bffWriteRoutes(app: Hono<BffEnv>): BffWriteRoute[] {
  const seen = new Set<string>();
  const out: BffWriteRoute[] = [];
  for (const r of app.routes) {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) || !r.path.startsWith('/bff/')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method as BffWriteRoute['method'], path: r.path, body: BODIES[key] ?? { kind: 'none' } });
  }
  return out;
}

/** Path parameter values that name nothing or are malformed. */
export const MALFORMED_IDS = [
  'x',
  'ffffffffffffffffffffffff',
  '%ZZ',
  '%00',
  "'; DROP TABLE users; --",
  '💥',
  'a'.repeat(2000),
];

/** The path with `:params` filled. */
export function fillBffPath(path: string, value: (name: string) => string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = value(name);
    return v === '%ZZ' || v === '%00' ? v : encodeURIComponent(v);
  });
}
