import { Readable } from 'node:stream';
import { PARQUET_MEDIA_TYPE, XLSX_MEDIA_TYPE } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { DomainError, gone, notFound } from '../http/errors';
import { route } from '../http/route';
import { EXPORT_DOWNLOAD_PATH, parseRange, verifyLink } from './links';
import { exportRuntime, linkSecret } from './service';
import { readExport } from './store';

/** The link is the credential (like a presigned URL): any origin may read the file. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Length, Content-Range, Accept-Ranges, Content-Disposition, ETag',
};

/** The media type of an export file by its extension (the names are ours: `.parquet` or `.xlsx`). */
const mediaTypeOf = (fileName: string) => (fileName.endsWith('.xlsx') ? XLSX_MEDIA_TYPE : PARQUET_MEDIA_TYPE);

/**
 * `GET` and `HEAD /downloads/exports/{exportId}/{fileName}?X-Expires=…&X-Signature=…`: streams an
 * export file (no auth headers: the signed link is the secret). 403 for a changed or unsigned
 * link, 410 once expired, 404 for a file not in the export; ranges give 206 (416 unsatisfiable).
 * Nothing is read from the store before the link and the file name are checked.
 */
export function registerExportDownloadRoute(app: OpenAPIHono<AppEnv>): void {
  const path = `${EXPORT_DOWNLOAD_PATH}/:exportId/:fileName`;
  app.use(`${EXPORT_DOWNLOAD_PATH}/*`, async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(CORS)) c.res.headers.set(k, v);
  });
  app.options(path, (c) =>
    c.body(null, 204, {
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': 'Range, If-Range',
      'Access-Control-Max-Age': '86400',
    }),
  );

  route(
    app,
    {
      method: 'get',
      path: `${EXPORT_DOWNLOAD_PATH}/{exportId}/{fileName}`,
      tag: 'Exports',
      auth: 'none',
      summary: 'Download an export file through its signed link (HEAD and Range supported)',
      params: z.object({ exportId: z.string(), fileName: z.string() }),
      query: z.object({
        'X-Expires': z.string().meta({ description: 'end of validity, unix seconds' }),
        'X-Signature': z.string().meta({ description: 'hex HMAC-SHA256 of the link' }),
      }),
      responses: {
        200: {
          description: 'The file',
          content: {
            [PARQUET_MEDIA_TYPE]: { schema: z.string().meta({ format: 'binary' }) },
            [XLSX_MEDIA_TYPE]: { schema: z.string().meta({ format: 'binary' }) },
          },
        },
        206: { description: 'One byte range of the file (`Range: bytes=start-end`)' },
        403: { description: 'The link was changed or is not signed' },
        404: { description: 'No such export file' },
        410: { description: 'The link has expired (or the files were deleted)' },
        416: { description: 'The range lies outside the file' },
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { exportId, fileName } = input.params;
      // The signature is read as sent, not through `input.query`: a link without it, or with a
      // changed one, is a 403 (a malformed one a 404) that says nothing of what a valid link holds.
      const check = verifyLink({
        secret: await linkSecret(deps),
        exportId,
        fileName,
        expires: c.req.query('X-Expires'),
        signature: c.req.query('X-Signature'),
        now: deps.clock.now(),
      });
      if (!check.ok) {
        if (check.reason === 'malformed') throw notFound(check.message);
        if (check.reason === 'expired') throw gone(check.message);
        throw new DomainError('Forbidden', check.message);
      }
      const row = await readExport(deps.db, exportId);
      if (!row) throw notFound('No such export file');
      if (row.status === 'expired') throw gone('This export has expired and its files were deleted');
      const file = row.status === 'complete' ? row.files.find((f) => f.name === fileName) : undefined;
      if (!file) throw notFound('No such export file');
      const store = exportRuntime(deps).store;
      const key = `${exportId}/${fileName}`;
      const size = await store.size(key);
      if (size === undefined) throw gone('The files of this export have been deleted');

      const headers: Record<string, string> = {
        'Content-Type': mediaTypeOf(fileName),
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'private, no-store',
        'Last-Modified': row.updatedAt.toUTCString(),
        // Files never change once written: a strong validator for resumed and ranged reads.
        ETag: `"${exportId}-${fileName.slice(0, fileName.lastIndexOf('.'))}-${size}"`,
      };
      // If-Range naming another version of the file: the whole file (RFC 9110 13.1.5).
      const ifRange = c.req.header('if-range');
      const rangeHeader = ifRange && ifRange !== headers.ETag ? undefined : c.req.header('range');
      const range = parseRange(rangeHeader, size);
      if (range === 'unsatisfiable') {
        return c.json(
          { name: 'RangeNotSatisfiable', message: `The range lies outside the file (${size} bytes)` },
          416,
          { ...headers, 'Content-Type': 'application/json', 'Content-Range': `bytes */${size}` },
        );
      }
      const status = range ? 206 : 200;
      headers['Content-Length'] = String(range ? range.end - range.start + 1 : size);
      if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
      if (c.req.method === 'HEAD') return c.body(null, status, headers);
      const body = Readable.toWeb(store.read(key, range)) as ReadableStream<Uint8Array>;
      return c.body(body, status, headers);
    },
  );
}
