import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { route } from '../http/route';
import { DOWNLOAD_PATH, downloadCredentialZip } from './service';

/** `GET /downloads/credentials/{token}`: the one-time credential ZIP (no auth headers: the link is the secret). */
export function registerDownloadRoute(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: `${DOWNLOAD_PATH}/{token}`,
      tag: 'Administration',
      auth: 'none',
      summary: 'Download a credential ZIP (once, within 1 hour of creation)',
      params: z.object({ token: z.string() }),
      responses: {
        200: {
          description: 'The ZIP',
          content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
        },
        404: { description: 'Unknown link' },
        410: { description: 'Already downloaded, expired, or the credential was revoked' },
      },
    },
    async (c, input) => {
      const { zip, credentialId } = await downloadCredentialZip(c.get('deps'), input.params.token);
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="api-credential-${credentialId}.zip"`,
        'Cache-Control': 'no-store',
      });
    },
  );
}
