import { everyMutationOnce, fieldMutations, LONG_RUN, wholeBodyCases } from '@econ/test-kit/fuzz/arbitraries';
import { type Case, CaseRunner } from '@econ/test-kit/fuzz/runner';
import { isObject, SchemaDoc } from '@econ/test-kit/fuzz/schemaDoc';
import { changedTables, snapshot } from '@econ/test-kit/fuzz/snapshot';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../auth/accounts';
import { v2Zip } from '../test/fakeApi';
import { createTestBff, ORIGIN, signIn } from '../test/harness';
import { BFF_VOLATILE_TABLES, type BffWriteRoute, bffWriteRoutes, fillBffPath, MALFORMED_IDS } from './routes';

/*
 * Issue 9, fuzzed input, for the console backend's own write routes (sessions, users, the
 * credential vault): a signed-in admin with its CSRF header sends malformed bodies (the same
 * generators as the API's suite, from the contract's schemas), malformed ZIPs and malformed ids.
 * Every answer must be a 4xx with `{name, message, details?}` (a 400 naming a field or rule), never
 * a 5xx, and no stored row may change (the audit log and sign-in failure counters aside).
 */

const t = await createTestBff();
const ROUTES = bffWriteRoutes(t.app);
const schemas = new SchemaDoc();

let admin: Awaited<ReturnType<typeof signIn>>;
let ids: Record<string, string>;

beforeAll(async () => {
  admin = await signIn(t, 'admin');
  const target = await createUser(t.deps, {
    username: 'fuzz-target',
    password: 'a long enough password',
    role: 'engineer',
  });
  const up = await admin.request('/bff/credentials/upload', {
    method: 'POST',
    headers: { 'content-type': 'application/zip' },
    body: v2Zip() as Uint8Array<ArrayBuffer>,
  });
  expect(up.status, await up.clone().text()).toBe(201);
  const credential = ((await up.json()) as { id: string }).id;
  ids = { users: target.id, credentials: credential, preferences: 'wells.columns' };
});
afterAll(() => t.close());

/** The fixture's id for a `:id` by the collection it names (`/bff/users/:id` → a user). */
const idOf = (route: BffWriteRoute) => (name: string) => {
  const before = route.path.split('/')[route.path.split('/').indexOf(`:${name}`) - 1] ?? '';
  return ids[before] ?? 'ffffffffffffffffffffffff';
};

const enc = new TextEncoder();

async function send(route: BffWriteRoute, url: string, c: Case) {
  const headers: Record<string, string> = {};
  let body: string | Uint8Array | undefined = c.body;
  if (c.contentType) headers['content-type'] = c.contentType;
  else if (typeof body === 'string') body = enc.encode(body);
  const res = await admin.request(url, { method: route.method, headers, body: body as BodyInit | undefined });
  return { status: res.status, text: await res.text() };
}

function problemsOf(c: Case, s: { status: number; text: string }): string[] {
  if (s.status >= 500) return [`${s.status}: ${s.text.slice(0, 300)}`];
  if (s.status < 300)
    return c.certain ? [`${s.status} for an invalid body (${c.reason ?? c.label}): ${s.text.slice(0, 200)}`] : [];
  let body: unknown;
  try {
    body = JSON.parse(s.text);
  } catch {
    return [`${s.status} without a JSON body: ${s.text.slice(0, 200)}`];
  }
  const out: string[] = [];
  if (!isObject(body) || typeof body.name !== 'string' || typeof body.message !== 'string' || !body.message) {
    return [`${s.status} without the error envelope: ${s.text.slice(0, 200)}`];
  }
  const details = body.details;
  if (details !== undefined && !Array.isArray(details)) out.push(`details is not an array: ${s.text.slice(0, 200)}`);
  const named =
    Array.isArray(details) &&
    details.length > 0 &&
    details.every((d) => isObject(d) && typeof d.field === 'string' && typeof d.rule === 'string' && d.rule !== '');
  if (s.status === 400 && !named) out.push(`400 naming no field or rule: ${s.text.slice(0, 300)}`);
  return out;
}

/** Credential ZIPs that must be refused: not a ZIP, wrong files, malformed or deep JSON inside. */
function zipCases(): Case[] {
  const z = (files: Record<string, string | Uint8Array>) =>
    zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v])));
  const bin = (label: string, body: Uint8Array, contentType = 'application/zip'): Case => ({
    label,
    contentType,
    body,
    certain: true,
  });
  const good = v2Zip();
  return [
    bin('json content type', good, 'application/json'),
    bin('no content type', good, ''),
    bin('empty', new Uint8Array()),
    bin('not a zip', strToU8('hello')),
    bin('truncated zip', good.slice(0, good.length >> 1)),
    bin('empty zip', z({})),
    bin('api-key only', z({ 'api-key.txt': 'k' })),
    bin('malformed JSON', z({ 'api-credentials.json': '{', 'api-key.txt': 'k' })),
    bin('deep JSON', z({ 'api-credentials.json': `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'api-key.txt': 'k' })),
    bin(
      'deep object JSON',
      z({ 'api-credentials.json': `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, 'api-key.txt': 'k' }),
    ),
    bin(
      'wrong types',
      z({ 'api-credentials.json': JSON.stringify({ clientId: 1, clientSecret: [] }), 'api-key.txt': 'k' }),
    ),
    bin(
      'invalid UTF-8 in JSON',
      z({ 'api-credentials.json': new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), 'api-key.txt': 'k' }),
    ),
    bin('over 1 MB', new Uint8Array(1024 * 1024 + 1)),
  ];
}

describe('fuzzed input: BFF write routes', () => {
  it('finds the console backend’s write routes (sessions, users, credentials)', () => {
    const names = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /bff/session',
        'POST /bff/users',
        'PATCH /bff/users/:id',
        'POST /bff/credentials/upload',
      ]),
    );
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const r = new CaseRunner({
        snapshot: () => snapshot(t.deps.db, BFF_VOLATILE_TABLES),
        send: (url, c) => send(route, url, c),
        problemsOf,
      });
      await r.start();
      const url = fillBffPath(route.path, idOf(route));
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const base =
        route.body.kind === 'json'
          ? schemas.sample(route.body.schema, (name) => (name === 'username' ? 'fuzz-user' : undefined))
          : undefined;
      const bodyFor = (label: string): Case =>
        route.body.kind === 'json'
          ? { label, contentType: 'application/json', body: JSON.stringify(base), certain: true, keepsData: true }
          : { label, contentType: null, body: undefined, certain: true, keepsData: true };

      for (const name of params) {
        const ids = LONG_RUN ? MALFORMED_IDS : MALFORMED_IDS.slice(0, 3);
        for (const id of ids)
          await r.run(
            fillBffPath(route.path, (n) => (n === name ? id : idOf(route)(n))),
            bodyFor(`:${name} = ${id.slice(0, 30)}`),
          );
        await r.property(
          fc.asyncProperty(fc.constantFrom(...MALFORMED_IDS), (id) =>
            r.run(
              fillBffPath(route.path, (n) => (n === name ? id : idOf(route)(n))),
              bodyFor(`:${name} = ${id.slice(0, 30)}`),
            ),
          ),
        );
      }

      if (route.body.kind === 'zip') {
        for (const c of zipCases()) await r.run(url, c);
        await r.property(
          fc.asyncProperty(
            fc.uint8Array({ maxLength: 4096 }).map(
              (b): Case => ({
                label: `${b.length} random bytes`,
                contentType: 'application/zip',
                body: b,
                certain: true,
              }),
            ),
            (c) => r.run(url, c),
          ),
        );
      }
      if (route.body.kind === 'json') {
        const schema = route.body.schema;
        const all: Case[] = [
          ...wholeBodyCases(schemas, schema, base, { bodyRequired: true }),
          ...everyMutationOnce(schemas, schema, base),
        ];
        for (const c of all) await r.run(url, c);
        await r.property(
          fc.asyncProperty(fc.oneof(fc.constantFrom(...all), fieldMutations(schemas, schema, base)), (c) =>
            r.run(url, c),
          ),
        );
      }
      await r.check();
      expect(r.problems, `${r.count} cases on ${route.method} ${route.path}`).toEqual([]);
    });
  }

  it('DELETE /bff/session with malformed cookies ends nobody’s session and changes nothing', async () => {
    const before = await snapshot(t.deps.db, BFF_VOLATILE_TABLES);
    const problems: string[] = [];
    for (const cookie of [
      '',
      'econ_session=',
      'econ_session=garbage',
      `econ_session=${'a'.repeat(8000)}`,
      'econ_session=%ZZ',
      'econ_session=%00',
    ]) {
      const res = await t.app.request('/bff/session', { method: 'DELETE', headers: { cookie, origin: ORIGIN } });
      if (res.status >= 500 || (res.status >= 300 && res.status !== 401 && res.status !== 403)) {
        problems.push(`${cookie.slice(0, 30)}: ${res.status} ${await res.text()}`);
      }
    }
    expect(problems).toEqual([]);
    expect(changedTables(before, await snapshot(t.deps.db, BFF_VOLATILE_TABLES))).toEqual([]);
  });
});
