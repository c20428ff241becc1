import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp } from './clientIp';

const SOCKET = '10.0.0.9';

/** Runs `clientIp` inside a real Hono context, served as @hono/node-server would (socket in env). */
async function ipOf(hops: number, xff?: string | string[], socket: string | null = SOCKET): Promise<string> {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, hops)));
  const headers = new Headers();
  for (const value of xff === undefined ? [] : Array.isArray(xff) ? xff : [xff])
    headers.append('x-forwarded-for', value);
  const env = socket === null ? undefined : { incoming: { socket: { remoteAddress: socket } } };
  const res = await app.request('/', { headers }, env);
  expect(res.status).toBe(200);
  return res.text();
}

describe('clientIp', () => {
  it('hops 0: the socket address, X-Forwarded-For ignored', async () => {
    expect(await ipOf(0)).toBe(SOCKET);
    expect(await ipOf(0, '1.1.1.1')).toBe(SOCKET);
    expect(await ipOf(0, '1.1.1.1, 2.2.2.2')).toBe(SOCKET);
  });

  it('hops 0 in-process (no socket): one shared placeholder, whatever X-Forwarded-For says', async () => {
    expect(await ipOf(0, undefined, null)).toBe('local');
    expect(await ipOf(0, '1.1.1.1', null)).toBe('local');
  });

  it('hops 1: the rightmost X-Forwarded-For entry (the one our proxy appended)', async () => {
    expect(await ipOf(1, '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(1, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(1, ' 6.6.6.6 ,5.5.5.5,  203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('hops 1: several X-Forwarded-For headers are read as one list', async () => {
    expect(await ipOf(1, ['6.6.6.6', '203.0.113.7'])).toBe('203.0.113.7');
  });

  it('hops 2: the second entry from the right', async () => {
    expect(await ipOf(2, '6.6.6.6, 198.51.100.4, 10.1.1.1')).toBe('198.51.100.4');
    expect(await ipOf(2, '198.51.100.4, 10.1.1.1')).toBe('198.51.100.4');
  });

  it('empty entries are skipped', async () => {
    expect(await ipOf(1, '6.6.6.6, , 203.0.113.7,')).toBe('203.0.113.7');
    expect(await ipOf(2, '198.51.100.4,,10.1.1.1')).toBe('198.51.100.4');
  });

  it('fewer entries than hops: the furthest address known, the socket when there is no header', async () => {
    expect(await ipOf(2, '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(3, '198.51.100.4, 10.1.1.1')).toBe('198.51.100.4');
    expect(await ipOf(1)).toBe(SOCKET);
    expect(await ipOf(2, '')).toBe(SOCKET);
    expect(await ipOf(1, undefined, null)).toBe('local');
  });
});
