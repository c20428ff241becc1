import { readFile } from 'node:fs/promises';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './appEnv';

/**
 * The reference renderer: Scalar's standalone bundle, vendored with its licence (decision 021), so
 * `/docs` needs no package, no CDN and no outside call.
 */
const SCALAR_SCRIPT = new URL('../vendor/scalar-api-reference/standalone.js', import.meta.url);
let scalarScript: Promise<Buffer> | undefined;

/** The title of the OpenAPI document and of the reference page. */
const API_TITLE = 'Economics and Forecast Data API';

/**
 * Scalar's configuration, read from the script tag's data attribute (so the page has no inline
 * script): a reference page only, with no developer toolbar ("Deploy", "Share"), no AI agent and
 * none of Scalar's web fonts, each of which would call out.
 */
const SCALAR_CONFIG = {
  showDeveloperTools: 'never',
  agent: { disabled: true },
  withDefaultFonts: false,
};

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${API_TITLE}</title>
  </head>
  <body>
    <script id="api-reference" data-url="/openapi.json" data-configuration="${attribute(JSON.stringify(SCALAR_CONFIG))}"></script>
    <script src="/docs/scalar.js"></script>
  </body>
</html>
`;

/**
 * The page's CSP: scripts, styles, images and fonts from this service only (Scalar injects its
 * styles, hence 'unsafe-inline' for styles alone), and requests ("Test Request") to this service
 * and its public URL, so the browser itself refuses any outside call the renderer might try.
 */
const docsCsp = (publicBaseUrl: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${new URL(publicBaseUrl).origin}`,
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** `GET /openapi.json` (OpenAPI 3.1 from the contract) and `GET /docs`, a reference page served without any CDN. */
export function registerDocs(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'v2: a token from POST /v1/oauth/token, sent with `x-backend-version: v2`. v1 (legacy): a JWT the client signs with RS256 and its service-account key: header `kid` = private_key_id; claims `iss` = `sub` = client_email, `aud` = the API base URL (configured by V1_TOKEN_AUDIENCE), `iat`, `exp` at most 1 hour after `iat`.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'adminToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'the API_ADMIN_TOKEN of the deployment',
  });
  // Built once, at the first request (every route is registered by then): the document is about
  // 2 MB from 230 routes' zod schemas, too much work to repeat per request (it took seconds).
  let document: string | undefined;
  app.get('/openapi.json', (c) => {
    document ??= JSON.stringify(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: API_TITLE,
          version: '1.0.0',
          description:
            'Every route except the token endpoint, JWKS, health, this document and signed download links needs `Authorization: Bearer <token>` and `x-api-key`. Errors: `{name, message, details?}` where each detail names the field, the rule and the value. Bulk writes answer 207 with one result per record. Lists take `skip`, `take` and `sort` and answer a `Link` header; `HEAD` answers `X-Query-Count`.',
        },
        servers: [{ url: c.get('deps').config.publicBaseUrl }],
      }),
    );
    return c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  app.get('/docs/scalar.js', async (c) => {
    scalarScript ??= readFile(SCALAR_SCRIPT);
    return c.body(new Uint8Array(await scalarScript), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    });
  });
  app.get('/docs', (c) =>
    c.html(DOCS_PAGE, 200, { 'Content-Security-Policy': docsCsp(c.get('deps').config.publicBaseUrl) }),
  );
}
