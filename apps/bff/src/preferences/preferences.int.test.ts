import { WELL_COLUMNS_MAX, WELL_HEADER_NAMES } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestBff, ORIGIN, signIn, type TestBff } from '../test/harness';

let t: TestBff;
beforeAll(async () => {
  t = await createTestBff();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const PATH = '/bff/preferences/wells.columns';
type Browser = Awaited<ReturnType<typeof signIn>>;
const put = (s: Browser, value: unknown, path = PATH) =>
  s.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ value }) });
const read = async (s: Browser, path = PATH) => {
  const res = await s.request(path);
  return { status: res.status, body: (await res.json()) as { key: string; value: unknown; updatedAt: string | null } };
};

describe('GET/PUT/DELETE /bff/preferences/{key}', () => {
  it('reads null until saved, then the saved value (replaced by the next save), and forgets it on DELETE', async () => {
    const eve = await signIn(t, 'engineer', 'eve');
    expect(await read(eve)).toEqual({ status: 200, body: { key: 'wells.columns', value: null, updatedAt: null } });

    const saved = await put(eve, ['wellName', 'spudDate', 'county']);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      key: 'wells.columns',
      value: ['wellName', 'spudDate', 'county'],
      updatedAt: '2026-11-22T12:00:00.000Z',
    });
    t.clock.set('2026-11-22T12:05:00Z');
    expect((await put(eve, ['basin', 'wellName'])).status).toBe(200);
    expect(await read(eve)).toEqual({
      status: 200,
      body: { key: 'wells.columns', value: ['basin', 'wellName'], updatedAt: '2026-11-22T12:05:00.000Z' },
    });

    const gone = await eve.request(PATH, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect((await read(eve)).body.value).toBeNull();
    // Forgetting what is not saved is no error.
    expect((await eve.request(PATH, { method: 'DELETE' })).status).toBe(204);
  });

  it('keeps each user’s own: another user neither reads nor changes them', async () => {
    const eve = await signIn(t, 'engineer', 'eve');
    const sam = await signIn(t, 'support', 'sam');
    await put(eve, ['wellName', 'basin']);
    expect((await read(sam)).body.value).toBeNull();
    // Support only reads data, but its own preferences are its own to save.
    expect((await put(sam, ['wellName', 'county'])).status).toBe(200);
    expect((await sam.request(PATH, { method: 'DELETE' })).status).toBe(204);
    expect((await read(eve)).body.value).toEqual(['wellName', 'basin']);
    // The path names a key, never a user: there is no way to address another user's.
    expect((await sam.request(`/bff/preferences/${encodeURIComponent('wells.columns?user=eve')}`)).status).toBe(404);
  });

  it('survives sign-out and a new session (another browser)', async () => {
    const eve = await signIn(t, 'engineer', 'eve');
    await put(eve, ['wellName', 'play']);
    await eve.request('/bff/session', { method: 'DELETE' });
    const res = await t.app.request('/bff/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ username: 'eve', password: 'correct horse battery staple' }),
    });
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const again = await t.app.request(PATH, { headers: { cookie } });
    expect(((await again.json()) as { value: unknown }).value).toEqual(['wellName', 'play']);
  });

  it('refuses values that are not known headers, repeats, too many or none, naming the field', async () => {
    const eve = await signIn(t, 'engineer', 'eve');
    const bad: [unknown, string][] = [
      [['wellName', 'notAHeader'], 'value.1'],
      [['wellName', 'wellName'], 'value'],
      [[], 'value'],
      [WELL_HEADER_NAMES.slice(0, WELL_COLUMNS_MAX + 1), 'value'],
      ['wellName', 'value'],
      [[1], 'value.0'],
    ];
    for (const [value, field] of bad) {
      const res = await put(eve, value);
      expect(res.status, JSON.stringify(value).slice(0, 80)).toBe(400);
      const body = (await res.json()) as { details: { field: string }[] };
      expect(body.details[0]!.field).toBe(field);
    }
    expect((await put(eve, WELL_HEADER_NAMES.slice(0, WELL_COLUMNS_MAX))).status).toBe(200);
    // An unknown field beside value, and a body that is not JSON.
    const extra = await eve.request(PATH, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: ['wellName'], user: 'someone-else' }),
    });
    expect(extra.status).toBe(400);
    const text = await eve.request(PATH, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status).toBe(415);
    expect((await read(eve)).body.value).toHaveLength(WELL_COLUMNS_MAX);
  });

  it('answers 404 for an unknown key, 401 without a session, 403 without the CSRF token or from another origin', async () => {
    const eve = await signIn(t, 'engineer', 'eve');
    expect((await read(eve, '/bff/preferences/nope')).status).toBe(404);
    expect((await put(eve, ['wellName'], '/bff/preferences/nope')).status).toBe(404);
    expect((await t.app.request(PATH)).status).toBe(401);
    const anon = await t.app.request(PATH, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ value: ['wellName'] }),
    });
    expect(anon.status).toBe(401);
    const noCsrf = await t.app.request(PATH, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: eve.cookie },
      body: JSON.stringify({ value: ['wellName'] }),
    });
    expect(noCsrf.status).toBe(403);
    const foreign = await t.app.request(PATH, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        cookie: eve.cookie,
        'x-csrf-token': eve.csrfToken,
      },
      body: JSON.stringify({ value: ['wellName'] }),
    });
    expect(foreign.status).toBe(403);
    expect((await read(eve)).body.value).toBeNull();
  });
});
