import { WellIdentifierChange as Change, COMPANY_WELL_WRITE_MAX, MultiStatus } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch } from '../http/batch';
import { multiStatus } from '../http/multiStatus';
import { route } from '../http/route';
import { changeIdentifiers } from './wellIdentifierStore';

/*
 * `PATCH /v1/well-identifiers` (decision 047): a well's chosenID (from the header `chosenKeyID`
 * names), its dataSource, and its scope. `/v1/wells-identifiers`, the spelling of the service's
 * public documentation, answers the same.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

export function registerWellIdentifierRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const path of ['/v1/well-identifiers', '/v1/wells-identifiers']) {
    route(
      app,
      {
        method: 'patch',
        path,
        tag: 'Company wells',
        auth: 'api',
        summary: 'Change the identifiers or the scope of wells',
        description: [
          `One record or an array of up to ${COMPANY_WELL_WRITE_MAX} \`{wellId, newInfo: {chosenKeyID?, companyScope?, dataSource?}}\`.`,
          ' `chosenKeyID` names the header whose value becomes the `chosenID` (`api14`, `inptID`, …; a well without that value is a 400); `dataSource` is the new data source; the new `chosenID` + `dataSource` must be free in the company (409).',
          ' `companyScope: true` makes a project well a company well, still attached to its project (its forecasts, scenarios and productions stay); `false` makes a company well attached to exactly one project a well of that project (attached to none or to several: 409); either is a no-op when the well already has that scope.',
          ' Always 207: `{status, code, wellId, chosenID, dataSource, chosenKeyID, companyScope, project}` per record.',
        ].join(''),
        records: { schema: Change, max: COMPANY_WELL_WRITE_MAX, single: 'wrap', noun: 'identifier changes' },
        responses: { 207: json(MultiStatus, 'One result per record') },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const companyId = c.get('auth').companyId;
        const outcomes = await runBatch(deps, await input.records(), {
          parse: Change,
          check: (batch) =>
            batch.unique(
              (r) => r.wellId,
              new Set(),
              (r, earlier) => ({
                field: 'wellId',
                rule: 'unique',
                value: r.wellId,
                message: `well ${r.wellId} is also changed by record [${earlier}]; send each well once`,
              }),
            ),
          apply: (r, _i, tx) => changeIdentifiers(tx, companyId, r),
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }
}
