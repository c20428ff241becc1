import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { auditWrites, registerAuditRoutes } from './admin/audit';
import { registerCredentialRoutes } from './admin/credentials';
import { registerUserRoutes } from './admin/users';
import type { BffDeps, BffEnv } from './appEnv';
import { registerSessionRoutes } from './auth/routes';
import { readSession } from './auth/sessions';
import { BffError, onError } from './errors';
import { registerPreferenceRoutes } from './preferences/routes';
import { relayExportDownload } from './proxy/downloads';
import { proxy } from './proxy/proxy';
import { allowed, familyOf } from './roles';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the console backend: sessions, roles, CSRF, the credential vault, the API proxy and the SPA. */
export function createBffApp(deps: BffDeps): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  app.onError(onError);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // A strict CSP: only our own scripts, styles, images and connections; never framed.
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'no-referrer',
      strictTransportSecurity: deps.config.secureCookies ? 'max-age=31536000; includeSubDomains' : false,
    }),
  );

  // Who is calling; CSRF; roles. Only the sign-in itself is open.
  // The audit log wraps the gate, so refused writes (401, 403) are recorded too.
  app.use('/bff/*', auditWrites());
  app.use('/api/*', auditWrites());
  app.use('/bff/*', (c, next) => gate(c, next));
  app.use('/api/*', (c, next) => gate(c, next));
  // Export files are read through the console's origin (signed links relayed; see proxy/downloads.ts).
  app.use('/downloads/exports/*', (c, next) => gate(c, next));

  registerSessionRoutes(app);
  registerUserRoutes(app);
  registerCredentialRoutes(app);
  registerAuditRoutes(app);
  registerPreferenceRoutes(app);
  app.all('/api/*', proxy);
  app.on(['GET', 'HEAD'], '/downloads/exports/*', relayExportDownload);
  app.all('/bff/*', (c) => c.json({ name: 'NotFound', message: `No route ${c.req.method} ${c.req.path}` }, 404));

  serveSpa(app, deps.config.webDist);
  return app;
}

const gate: MiddlewareHandler<BffEnv> = async (c, next) => {
  const deps = c.get('deps');
  const method = c.req.method;
  const isLogin = c.req.path === '/bff/session' && method === 'POST';
  // Browsers send Origin on every cross-site write: a foreign one is refused outright.
  const origin = c.req.header('origin');
  if (WRITE.has(method) && origin && origin !== deps.config.origin) {
    throw new BffError(403, 'Forbidden', `Requests from ${origin} are not accepted`);
  }
  // Browsers also say who started a request: a write another site started is refused, whatever it
  // carries (same-site too: another host of the site is another origin).
  const site = c.req.header('sec-fetch-site')?.toLowerCase();
  if (WRITE.has(method) && site && site !== 'same-origin' && site !== 'none') {
    throw new BffError(403, 'Forbidden', `Requests started by another site are not accepted (Sec-Fetch-Site: ${site})`);
  }
  const session = await readSession(c);
  if (session) {
    c.set('user', session.user);
    c.set('sessionId', session.sessionId);
    c.set('csrfToken', session.csrfToken);
  }
  if (isLogin) return next();
  if (!session) {
    if (c.req.path === '/bff/session' && method === 'DELETE') return next();
    throw new BffError(401, 'Unauthenticated', 'Sign in first');
  }
  if (WRITE.has(method) && c.req.header('x-csrf-token') !== session.csrfToken) {
    throw new BffError(403, 'CsrfRejected', 'Missing or wrong x-csrf-token header: reload the page and try again');
  }
  const family = familyOf(c.req.path);
  if (!allowed(session.user.role, family, method)) {
    throw new BffError(
      403,
      'Forbidden',
      `Your role (${session.user.role}) may not ${method === 'GET' || method === 'HEAD' ? 'read' : 'change'} ${family}`,
    );
  }
  await next();
};

/** Serves the built SPA with an index.html fallback for client-side routes. */
function serveSpa(app: Hono<BffEnv>, webDist: string): void {
  const root = resolve(webDist);
  const index = join(root, 'index.html');
  if (existsSync(root)) app.use('/*', serveStatic({ root }));
  app.get('*', (c) => {
    if (!existsSync(index)) {
      return c.html(
        '<!doctype html><title>Console</title><p>The console is not built yet: run <code>npm run build</code>.</p>',
        200,
      );
    }
    return c.html(readFileSync(index, 'utf8'));
  });
}
