import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestBff, ORIGIN, PASSWORD, signIn, type TestBff } from '../test/harness';
import { ensureFirstAdmin } from './accounts';

let t: TestBff;
beforeAll(async () => {
  t = await createTestBff();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const login = (username: string, password: string, origin = ORIGIN) =>
  t.app.request('/bff/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username, password }),
  });

describe('sign-in and sessions', () => {
  it('creates the first admin with a generated password, once', async () => {
    const first = await ensureFirstAdmin(t.deps);
    expect(first?.username).toBe('admin');
    expect(first?.password?.length).toBeGreaterThanOrEqual(16);
    expect(await ensureFirstAdmin(t.deps)).toBeUndefined();
    expect((await login('admin', first!.password!)).status).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Strict session cookie (Secure only over https) and rotates it at each sign-in', async () => {
    const a = await signIn(t, 'engineer', 'eve');
    expect(a.setCookie).toMatch(/HttpOnly/i);
    expect(a.setCookie).toMatch(/SameSite=Strict/i);
    expect(a.setCookie).not.toMatch(/Secure/i);
    const again = await login('eve', PASSWORD);
    const second = again.headers.get('set-cookie')!.split(';')[0]!;
    expect(second).not.toBe(a.cookie);
    // Both sessions are valid until ended; the new one is a new id.
    const me = await t.app.request('/bff/session', { headers: { cookie: second } });
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe('eve');
    const https = await createTestBff({ PUBLIC_ORIGIN: 'https://console.example' });
    try {
      await (await import('./accounts')).createUser(https.deps, {
        username: 'sam',
        password: PASSWORD,
        role: 'support',
      });
      const res = await https.app.request('/bff/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://console.example' },
        body: JSON.stringify({ username: 'sam', password: PASSWORD }),
      });
      expect(res.headers.get('set-cookie')).toMatch(/Secure/);
    } finally {
      await https.close();
    }
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    await signIn(t, 'engineer', 'eve');
    const wrong = await login('eve', 'not the password');
    const unknown = await login('nobody', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('expires a session idle for SESSION_IDLE_MINUTES (30), not before', async () => {
    const s = await signIn(t, 'engineer');
    t.clock.advance(30 * 60 * 1000 - 1000);
    expect((await s.request('/bff/session')).status).toBe(200);
    // Activity moved last-seen: another 29 min 59 s idle is still fine.
    t.clock.advance(30 * 60 * 1000 - 1000);
    expect((await s.request('/bff/session')).status).toBe(200);
    t.clock.advance(30 * 60 * 1000);
    expect((await s.request('/bff/session')).status).toBe(401);
  });

  it('ends the session on the server at sign-out', async () => {
    const s = await signIn(t, 'engineer');
    const out = await s.request('/bff/session', { method: 'DELETE' });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/econ_session=;/);
    // The old cookie, replayed, no longer works.
    expect((await s.request('/bff/session')).status).toBe(401);
  });

  it('slows repeated failed sign-ins: after 5 failures the next attempt waits, even with the right password', async () => {
    await signIn(t, 'engineer', 'eve');
    for (let i = 0; i < 5; i++) expect((await login('eve', 'wrong')).status).toBe(401);
    const blocked = await login('eve', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    t.clock.advance(999);
    expect((await login('eve', PASSWORD)).status).toBe(429);
    t.clock.advance(1);
    expect((await login('eve', PASSWORD)).status).toBe(200);
  });

  it('doubles the wait with every further failure', async () => {
    await signIn(t, 'engineer', 'eve');
    for (let i = 0; i < 5; i++) await login('eve', 'wrong');
    t.clock.advance(1000);
    expect((await login('eve', 'wrong')).status).toBe(401);
    const r = await login('eve', PASSWORD);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('2');
  });
});

describe('CSRF', () => {
  it('refuses a write without the CSRF token or with a wrong one', async () => {
    const s = await signIn(t, 'admin');
    const body = JSON.stringify({ username: 'newbie', password: PASSWORD, role: 'support' });
    const none = await t.app.request('/bff/users', {
      method: 'POST',
      headers: { cookie: s.cookie, 'content-type': 'application/json' },
      body,
    });
    expect(none.status).toBe(403);
    const wrong = await s.request('/bff/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'forged' },
      body,
    });
    expect(wrong.status).toBe(403);
    const ok = await s.request('/bff/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(ok.status).toBe(201);
  });

  it('refuses writes and sign-ins from a foreign Origin', async () => {
    const s = await signIn(t, 'admin');
    const res = await t.app.request('/bff/users', {
      method: 'POST',
      headers: {
        cookie: s.cookie,
        origin: 'https://evil.example',
        'x-csrf-token': s.csrfToken,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ username: 'newbie', password: PASSWORD, role: 'support' }),
    });
    expect(res.status).toBe(403);
    expect((await login('admin-user', PASSWORD, 'https://evil.example')).status).toBe(403);
  });

  it('asks for a sign-in on every console route but the sign-in itself', async () => {
    for (const path of ['/bff/session', '/bff/users', '/bff/credentials', '/bff/audit', '/api/v1/projects']) {
      expect((await t.app.request(path)).status, path).toBe(401);
    }
  });
});

describe('audit of refused writes', () => {
  it('records a write the roles refused, with who tried it', async () => {
    const support = await signIn(t, 'support', 'sue');
    const refused = await support.request('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
    expect(refused.status).toBe(403);
    const admin = await signIn(t, 'admin', 'ada');
    const log = (await (await admin.request('/bff/audit')).json()) as {
      username: string;
      method: string;
      path: string;
      status: number;
    }[];
    expect(log).toContainEqual(
      expect.objectContaining({ username: 'sue', method: 'POST', path: '/api/v1/projects', status: 403 }),
    );
  });
});

describe('roles (enforced on the server)', () => {
  const families = {
    data: '/api/v1/projects',
    exports: '/api/v1/exports',
    credentials: '/bff/credentials',
    users: '/bff/users',
    audit: '/bff/audit',
    preferences: '/bff/preferences/wells.columns',
  } as const;
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  // true = allowed. Written out by hand, not derived from the policy under test.
  const expected: Record<string, Record<keyof typeof families, Record<(typeof methods)[number], boolean>>> = {
    admin: {
      data: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
      exports: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
      credentials: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
      users: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
      audit: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
      // Each role's own preferences, never another's (preferences.int.test.ts).
      preferences: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
    },
    engineer: {
      data: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
      exports: { GET: true, HEAD: true, POST: true, PUT: false, PATCH: false, DELETE: false },
      credentials: { GET: false, HEAD: false, POST: false, PUT: false, PATCH: false, DELETE: false },
      users: { GET: false, HEAD: false, POST: false, PUT: false, PATCH: false, DELETE: false },
      audit: { GET: false, HEAD: false, POST: false, PUT: false, PATCH: false, DELETE: false },
      // Each role's own preferences, never another's (preferences.int.test.ts).
      preferences: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
    },
    support: {
      data: { GET: true, HEAD: true, POST: false, PUT: false, PATCH: false, DELETE: false },
      exports: { GET: true, HEAD: true, POST: false, PUT: false, PATCH: false, DELETE: false },
      credentials: { GET: false, HEAD: false, POST: false, PUT: false, PATCH: false, DELETE: false },
      users: { GET: false, HEAD: false, POST: false, PUT: false, PATCH: false, DELETE: false },
      audit: { GET: false, HEAD: false, POST: false, PUT: false, PATCH: false, DELETE: false },
      // Each role's own preferences, never another's (preferences.int.test.ts).
      preferences: { GET: true, HEAD: true, POST: true, PUT: true, PATCH: true, DELETE: true },
    },
  };

  for (const role of ['admin', 'engineer', 'support'] as const) {
    it(`${role}: every route family × method`, async () => {
      const s = await signIn(t, role);
      for (const [family, path] of Object.entries(families) as [keyof typeof families, string][]) {
        for (const method of methods) {
          const res = await s.request(path, {
            method,
            ...(method === 'GET' || method === 'HEAD'
              ? {}
              : { headers: { 'content-type': 'application/json' }, body: '{}' }),
          });
          const refused = res.status === 403;
          expect(refused, `${role} ${method} ${path} → ${res.status}`).toBe(!expected[role]![family][method]);
        }
      }
    });
  }
});
