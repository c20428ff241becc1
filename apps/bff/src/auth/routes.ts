import { LoginInput } from '@econ/contract';
import type { Hono } from 'hono';
import type { BffEnv } from '../appEnv';
import { BffError, parseBody, readJson } from '../errors';
import { checkPassword } from './accounts';
import { clearLoginFailures, dropSession, endSession, loginDelay, recordLoginFailure, startSession } from './sessions';

/** The address sign-in throttling counts: the socket's (the BFF is not behind a proxy by default). */
const clientAddress = (c: { env: unknown }) =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ??
  'local';

/** `POST /bff/session` (sign in), `GET /bff/session` (who am I + CSRF token), `DELETE /bff/session` (sign out). */
export function registerSessionRoutes(app: Hono<BffEnv>): void {
  app.post('/bff/session', async (c) => {
    const deps = c.get('deps');
    const input = parseBody(LoginInput, await readJson(c));
    const keys = [`user:${input.username.toLowerCase()}`, `ip:${clientAddress(c)}`];
    const wait = await loginDelay(deps, keys);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      c.header('Retry-After', String(seconds));
      throw new BffError(429, 'TooManyAttempts', `Too many failed sign-ins: try again in ${seconds} s`);
    }
    const user = await checkPassword(deps, input.username, input.password);
    if (!user) {
      await recordLoginFailure(deps, keys);
      throw new BffError(401, 'InvalidLogin', 'Wrong username or password');
    }
    await clearLoginFailures(deps, keys);
    // A sign-in always gets a new session id; the old session (if any) ends on the server.
    await dropSession(c);
    const { csrfToken } = await startSession(c, user);
    c.set('user', user);
    return c.json({ user, csrfToken }, 200);
  });

  app.get('/bff/session', (c) => {
    const user = c.get('user');
    if (!user) throw new BffError(401, 'Unauthenticated', 'Not signed in');
    return c.json({ user, csrfToken: c.get('csrfToken') }, 200);
  });

  app.delete('/bff/session', async (c) => {
    await endSession(c);
    return c.body(null, 204);
  });
}
