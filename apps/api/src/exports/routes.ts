import {
  ErrorEnvelope,
  EXPORT_SORT,
  ExportListQuery,
  ExportRequest,
  ExportRequestType,
  ExportView,
  ObjectId,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { exportView, startExport } from './service';
import { exportList, readExport, requireExport } from './store';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const tag = 'Exports';

/**
 * The body of `POST /v1/exports`, documented as `ExportRequest`: `exportType` is checked alone
 * first (`ExportRequestType`: a missing or unknown type is `required` or `enum`, not a union
 * mismatch), then `ExportRequest` validates the rest.
 */
const ExportBody = z.preprocess((body, ctx) => {
  const type = ExportRequestType.safeParse(body);
  for (const issue of type.error?.issues ?? []) ctx.addIssue(issue as z.core.$ZodRawIssue);
  return body;
}, ExportRequest);

/** Whether the `Prefer` header asks for an asynchronous answer (RFC 7240 `respond-async`). */
export const prefersAsync = (header: string | undefined): boolean =>
  (header ?? '').split(',').some((p) => p.split(';')[0]!.trim().toLowerCase() === 'respond-async');

/** `POST /v1/exports`, `GET /v1/exports` (ours) and `GET /v1/exports/{id}` (behind the request gate). */
export function registerExportRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'post',
      path: '/v1/exports',
      tag,
      auth: 'api',
      summary: 'Export forecast volumes or econ monthly results as Parquet files, or an econ run as an .xlsx workbook',
      description:
        'Generates the files on demand (no prior trigger in the web application is needed) and answers signed, time-limited links (`expirationHours`, 1 to 168, default 24). By default the request waits for the files (201). With `Prefer: respond-async` it answers 202 at once with `Location: /v1/exports/{id}`; poll that for progress. Econ monthly exports need a complete run with stored results (409 otherwise). `econWorkbookExport` is ours (not in spec 4.2): one `.xlsx` file of a complete run (`fileType: xlsx`) with the sheets Run, Assumptions (each model used, one row per setting), Model wells, One-liners, Monthly (one row per well and month, continued on Monthly 2… past 1 048 575 rows) and Rollup (the scenario total by month); units in the headers, numbers as numbers, dates as dates, the header row frozen; `comboName` keeps one combo of the run (404 naming the run’s combos when it has no such combo).',
      body: ExportBody,
      responses: {
        201: json(ExportView, 'The export, complete, with its links in `fileUrls`'),
        202: {
          ...json(ExportView, 'The export, running; poll `Location`'),
          headers: { Location: { description: '`/v1/exports/{id}`', schema: { type: 'string' } } },
        },
        404: json(
          ErrorEnvelope,
          'The project, forecast, scenario or econ run is unknown or not in the project, or the run has no such combo',
        ),
        409: json(ErrorEnvelope, 'The econ run is not complete, or has no stored results'),
        500: json(ErrorEnvelope, 'Writing the files failed; the export is recorded as failed'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const req = await input.body();
      const { row, done } = await startExport(deps, c.get('auth').companyId, req);
      if (prefersAsync(c.req.header('prefer'))) {
        c.header('Location', `/v1/exports/${row.id}`);
        c.header('Preference-Applied', 'respond-async');
        return c.json(await exportView(deps, row), 202);
      }
      await done;
      const ended = (await readExport(deps.db, row.id)) ?? row;
      if (ended.status === 'failed') {
        return c.json(
          {
            name: 'ExportFailed',
            message: `Export ${row.id} failed: ${ended.error ?? 'unknown error'}. GET /v1/exports/${row.id} shows it.`,
          },
          500,
        );
      }
      c.header('Location', `/v1/exports/${row.id}`);
      return c.json(await exportView(deps, ended), 201);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/exports',
      tag,
      auth: 'api',
      head: true,
      summary: "List the company's exports, newest first (ours)",
      description:
        'Ours (not in spec 4.2): every export of the caller’s company, whatever made it (`POST /v1/exports` or a v2 job), as `GET /v1/exports/{id}` shows it: status, type, created time, expiry, and the files’ signed links while it is complete. Paged with `skip`/`take` and the `Link` header; `HEAD` answers `X-Query-Count`.',
      query: ExportListQuery,
      responses: { 200: { ...json(z.array(ExportView), 'One page of exports'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      // Made after the paging is checked, so a bad `skip`/`take` is named as such.
      return respondList(c, deps.config.publicBaseUrl, { sortFields: EXPORT_SORT, takeMax: TAKE_MAX }, () => {
        const source = exportList(deps.db, c.get('auth').companyId, input.query.sort);
        return {
          count: source.count,
          page: async (page, limit) =>
            Promise.all((await source.page(page, limit)).map((row) => exportView(deps, row))),
        };
      });
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/exports/{id}',
      tag,
      auth: 'api',
      summary: 'An export: its progress while running, its files and links once complete',
      params: z.object({ id: ObjectId }),
      responses: {
        200: json(ExportView, 'The export'),
        404: json(ErrorEnvelope, 'No such export in the caller’s company'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { id } = input.params;
      return c.json(await exportView(deps, await requireExport(deps.db, c.get('auth').companyId, id)), 200);
    },
  );
}
