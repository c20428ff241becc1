import { AuditEntry } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestBff, signIn, type TestBff } from '../test/harness';

/* `GET /bff/audit` filtered by user, action and UTC days (issue 22); `GET /bff/audit/users`. */

let t: TestBff;
type Browser = Awaited<ReturnType<typeof signIn>>;
let admin: Browser;
let engineer: Browser;

beforeAll(async () => {
  t = await createTestBff();
});
afterAll(() => t.close());

const post = (who: Browser, path: string, body: unknown, method = 'POST') =>
  who.request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Both sign in late on the 22nd (UTC); the engineer creates a project at midnight and deletes a tag on the 23rd. */
beforeEach(async () => {
  await t.reset();
  t.clock.set('2026-11-22T23:50:00Z');
  admin = await signIn(t, 'admin');
  t.clock.set('2026-11-22T23:59:59.999Z');
  engineer = await signIn(t, 'engineer');
  t.clock.set('2026-11-23T00:00:00Z');
  await post(engineer, '/api/v1/projects', [{ name: 'P' }]);
  t.clock.set('2026-11-23T00:05:00Z');
  await engineer.request('/api/v1/tags/aaaaaaaaaaaaaaaaaaaaaaaa', { method: 'DELETE' });
});

const audit = async (query: string) => {
  const res = await admin.request(`/bff/audit${query}`);
  expect(res.status, query).toBe(200);
  const rows = AuditEntry.array().parse(await res.json());
  return { rows, total: Number(res.headers.get('x-query-count')) };
};
const summary = (rows: AuditEntry[]) => rows.map((r) => `${r.username} ${r.method} ${r.path}`);

describe('GET /bff/audit filters', () => {
  it('without filters: every write, newest first', async () => {
    const { rows, total } = await audit('');
    expect(summary(rows)).toEqual([
      'engineer-user DELETE /api/v1/tags/aaaaaaaaaaaaaaaaaaaaaaaa',
      'engineer-user POST /api/v1/projects',
      'engineer-user POST /bff/session',
      'admin-user POST /bff/session',
    ]);
    expect(total).toBe(4);
  });

  it('by user, by action, and both; the total counts the filtered entries', async () => {
    expect(summary((await audit('?user=admin-user')).rows)).toEqual(['admin-user POST /bff/session']);
    const posts = await audit('?action=POST&user=engineer-user');
    expect(summary(posts.rows)).toEqual(['engineer-user POST /api/v1/projects', 'engineer-user POST /bff/session']);
    expect(posts.total).toBe(2);
    expect((await audit('?action=DELETE')).total).toBe(1);
    expect((await audit('?user=nobody')).rows).toEqual([]);
  });

  it('by UTC days, both ends included', async () => {
    expect(summary((await audit('?from=2026-11-22&to=2026-11-22')).rows)).toEqual([
      'engineer-user POST /bff/session',
      'admin-user POST /bff/session',
    ]);
    expect(summary((await audit('?from=2026-11-23')).rows)).toEqual([
      'engineer-user DELETE /api/v1/tags/aaaaaaaaaaaaaaaaaaaaaaaa',
      'engineer-user POST /api/v1/projects',
    ]);
    expect((await audit('?to=2026-11-22')).total).toBe(2);
    expect((await audit('?from=2026-11-24')).total).toBe(0);
    const paged = await audit('?from=2026-11-22&skip=1&take=2');
    expect(paged.rows).toHaveLength(2);
    expect(paged.total).toBe(4);
  });

  it('400 naming the parameter for a bad filter or page', async () => {
    const cases: [string, string, string][] = [
      ['?action=GET', 'action', 'action must be one of POST, PUT, PATCH, DELETE'],
      ['?from=2026-13-01', 'from', 'must be a real calendar date'],
      ['?to=yesterday', 'to', 'YYYY-MM-DD'],
      ['?from=2026-11-24&to=2026-11-23', 'to', 'to must be on or after from'],
      ['?user=', 'user', 'user must not be empty'],
      ['?take=501', 'take', 'take must be at most 500'],
      ['?skip=-1', 'skip', 'skip must be 0 or more'],
    ];
    for (const [query, field, message] of cases) {
      const res = await admin.request(`/bff/audit${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { message: string; details: { field: string; message: string }[] };
      expect(body.details[0]!.field, query).toBe(field);
      expect(body.message, query).toContain(message);
      expect(body.message.startsWith(`${field}: `), query).toBe(true);
    }
  });

  it('the users of the log, A to Z, for admins only', async () => {
    const res = await admin.request('/bff/audit/users');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(['admin-user', 'engineer-user']);
    expect((await engineer.request('/bff/audit/users')).status).toBe(403);
    expect((await engineer.request('/bff/audit?user=admin-user')).status).toBe(403);
  });
});
