import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import type { AppEnv } from './appEnv';

const require = createRequire(import.meta.url);
let scalarScript: Promise<Buffer> | undefined;

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
  app.doc31('/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: 'Economics and Forecast Data API',
      version: '1.0.0',
      description:
        'Every route except the token endpoint, JWKS, health, this document and signed download links needs `Authorization: Bearer <token>` and `x-api-key`. Errors: `{name, message, details?}` where each detail names the field, the rule and the value. Bulk writes answer 207 with one result per record. Lists take `skip`, `take` and `sort` and answer a `Link` header; `HEAD` answers `X-Query-Count`.',
    },
    servers: [{ url: c.get('deps').config.publicBaseUrl }],
  }));
  app.get('/docs/scalar.js', async (c) => {
    scalarScript ??= readFile(require.resolve('@scalar/api-reference/browser/standalone.js'));
    return c.body(new Uint8Array(await scalarScript), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    });
  });
  app.get(
    '/docs',
    // A reference page only: no developer toolbar ("Deploy", "Share") and no AI agent, which would call out.
    Scalar({
      url: '/openapi.json',
      cdn: '/docs/scalar.js',
      pageTitle: 'Economics and Forecast Data API',
      showDeveloperTools: 'never',
      agent: { disabled: true },
    } as Parameters<typeof Scalar>[0]),
  );
}
