import {
  CUSTOM_COLUMN_COLLECTIONS,
  CUSTOM_COLUMNS,
  CustomColumn,
  CustomColumnLabelInput,
  MultiStatus,
  ObjectId,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { parseRecord, runBatch } from '../http/batch';
import { multiStatus } from '../http/multiStatus';
import { route } from '../http/route';
import { columnsOf, setLabel } from './customColumnStore';
import { requireProject } from './projectStore';

/*
 * Custom column labels (`/v1/custom-columns/{collection}` and `/v1/projects/{p}/custom-columns/…`,
 * decision 047): every custom field of wells, daily or monthly productions, with its type and the
 * label the company (or the project, which wins) gave it; without one, its name.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const Collection = z.enum(CUSTOM_COLUMN_COLLECTIONS, {
  error: `collection must be one of ${CUSTOM_COLUMN_COLLECTIONS.join(', ')}`,
});
const tag = 'Custom columns';

export function registerCustomColumnRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const scope of ['company', 'project'] as const) {
    const path =
      scope === 'company' ? '/v1/custom-columns/{collection}' : '/v1/projects/{projectId}/custom-columns/{collection}';
    const params =
      scope === 'company'
        ? z.object({ collection: Collection })
        : z.object({ projectId: ObjectId, collection: Collection });
    const where = scope === 'company' ? 'the company' : "the project (over the company's)";
    const projectOf = async (c: Context<AppEnv>, p: { projectId?: string; collection: string }) => {
      if (!p.projectId) return null;
      await requireProject(c.get('deps'), c.get('auth').companyId, p.projectId);
      return p.projectId;
    };

    route(
      app,
      {
        method: 'get',
        path,
        tag,
        auth: 'api',
        summary: `The custom columns of a collection, labelled for ${where}`,
        description:
          'One row per custom field (`customString0`–`34`, `customNumber0`–`19`, `customDate0`–`19`, `customBool0`–`4` for wells; `customNumber0`–`19` for monthly and `0`–`4` for daily productions): `{headerName, headerType, headerLabel}`, the label being the one set, else the field name.',
        params,
        responses: { 200: json(z.array(CustomColumn), 'The custom columns') },
      },
      async (c, input) => {
        const projectId = await projectOf(c, input.params);
        const companyId = c.get('auth').companyId;
        return c.json(await columnsOf(c.get('deps').db, companyId, projectId, input.params.collection), 200);
      },
    );

    route(
      app,
      {
        method: 'put',
        path,
        tag,
        auth: 'api',
        summary: `Label custom columns for ${where}`,
        description:
          'One row or an array `{headerName, headerLabel}` (up to 100): the label of that custom field becomes `headerLabel`; `null` or an empty label removes it (the field shows the label of the company, or its name). A name that is not a custom field of the collection is a 400 for the row. Always 207: `{status, code, headerName, headerType, headerLabel}` per row.',
        params,
        records: { schema: CustomColumnLabelInput, max: 100, single: 'wrap', noun: 'labels' },
        responses: { 207: json(MultiStatus, 'One result per row') },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const projectId = await projectOf(c, input.params);
        const companyId = c.get('auth').companyId;
        const { collection } = input.params;
        const types = new Map(CUSTOM_COLUMNS[collection]);
        const outcomes = await runBatch(deps, await input.records(), {
          parse: (raw) => {
            const p = parseRecord(CustomColumnLabelInput, raw);
            if (p.ok && !types.has(p.value.headerName)) {
              const message = `headerName must be a custom field of ${collection} (customNumber0, …)`;
              return {
                ok: false,
                details: [{ field: 'headerName', rule: 'custom field', value: p.value.headerName, message }],
              };
            }
            return p;
          },
          check: (batch) =>
            batch.unique(
              (r) => r.headerName,
              new Set(),
              (r, earlier) => ({
                field: 'headerName',
                rule: 'unique',
                value: r.headerName,
                message: `${r.headerName} is also labelled by row [${earlier}]; send each field once`,
              }),
            ),
          apply: async (r, _i, tx) => {
            await setLabel(tx.db, { companyId, projectId, collection, headerName: r.headerName }, r.headerLabel);
            const [now] = (await columnsOf(tx.db, companyId, projectId, collection)).filter(
              (col) => col.headerName === r.headerName,
            );
            return { code: 200, fields: { ...now } };
          },
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }
}
