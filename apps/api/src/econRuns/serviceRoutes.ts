import {
  ECON_RUN_SORT,
  EconMonthlyExportPage,
  EconOneLinerRow,
  EconRun,
  EconRunRootQuery,
  ErrorEnvelope,
  MONTHLY_EXPORT_TAKE_MAX,
  MonthlyEconResults,
  MonthlyEconResultsQuery,
  MonthlyExportCreated,
  MonthlyExportFilters,
  MonthlyExportPageQuery,
  ObjectId,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { notFound } from '../http/errors';
import { LIST_HEADERS, linkHeader, respondList } from '../http/paging';
import { parseWith, route } from '../http/route';
import { RunParams, requireCompleteRun } from './routes';
import { parseResultColumns } from './serviceShapes';
import {
  companyRunList,
  exportPage,
  exportRowCount,
  findCompanyRun,
  findExport,
  findOneLiner,
  insertExport,
  monthlyResultsPage,
} from './serviceStore';
import { runView } from './store';

/*
 * The service's econ-run result routes (issue 20, decision 045), beside ours (`routes.ts`):
 * `/v1/econ-runs`, a one-liner by id, monthly results by column name and monthly exports. Register
 * after `registerEconRunRoutes`, so `…/one-liners/combo-names` is matched before `…/one-liners/{id}`.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const tag = 'Econ runs';
const RUN = '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{id}';
const NOT_COMPLETE = json(ErrorEnvelope, 'The run is not complete');
const NOT_FOUND = json(ErrorEnvelope, 'The project, scenario, run or record is unknown');

/** The non-empty query values (an empty `take=` is absent, as on every list). */
const queryOf = (c: { req: { query(): Record<string, string> } }) =>
  Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));

export function registerEconResultRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: '/v1/econ-runs',
      tag,
      auth: 'api',
      head: true,
      summary: "The company's econ runs, across projects",
      description:
        'Every econ run of the caller’s company; `project`, `scenario` and `status` keep some. Paged by `skip`/`take` (at most 200) and `sort` (`id`, `runDate`, `createdAt`, `updatedAt`, `-` for descending) with the `Link` header; `HEAD` answers `X-Query-Count`.',
      query: pagingQuery(ECON_RUN_SORT, TAKE_MAX).extend(EconRunRootQuery.shape),
      responses: { 200: { ...json(z.array(EconRun), 'One page of econ runs'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const deps = c.get('deps');
      const companyId = c.get('auth').companyId;
      return respondList(c, deps.config.publicBaseUrl, { sortFields: ECON_RUN_SORT, takeMax: TAKE_MAX }, () =>
        companyRunList(
          deps.db,
          companyId,
          parseWith(
            EconRunRootQuery,
            { project: c.req.query('project'), scenario: c.req.query('scenario'), status: c.req.query('status') },
            'query.',
          ),
        ),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/econ-runs/{id}',
      tag,
      auth: 'api',
      summary: 'An econ run of the company, by id',
      params: z.object({ id: ObjectId }),
      responses: { 200: json(EconRun, 'The econ run'), 404: json(ErrorEnvelope, 'No such run in the company') },
    },
    async (c, input) => {
      const run = await findCompanyRun(c.get('deps').db, c.get('auth').companyId, input.params.id);
      if (!run) throw notFound(`No econ run with id ${input.params.id}`);
      return c.json(runView(run), 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${RUN}/one-liners/{oneLinerId}`,
      tag,
      auth: 'api',
      summary: 'One one-liner of a complete run, by its id',
      description:
        'The row of `…/one-liners` with this `id` (one well of one combo): our fields and the service’s `id`, `output`, `econPRMS*`.',
      params: RunParams.extend({ oneLinerId: ObjectId }),
      responses: { 200: json(EconOneLinerRow, 'The one-liner'), 404: NOT_FOUND, 409: NOT_COMPLETE },
    },
    async (c, input) => {
      const run = await requireCompleteRun(c, input.params);
      const row = await findOneLiner(c.get('deps').db, run.id, input.params.oneLinerId);
      if (!row) throw notFound(`No one-liner with id ${input.params.oneLinerId} in econ run ${run.id}`);
      return c.json(row, 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${RUN}/monthly-econ-results`,
      tag,
      auth: 'api',
      summary: 'Monthly results of a complete run, by column name',
      description:
        'The service’s shape: `{combos: [{combo_name, wells: [{well_id, well_chosen_id, columns: {date: [...], <column>: [...]}}]}], scenario_id, scenario_name}`, one value per month in each list. `columns` (required) names the columns by the service’s snake_case names (the table in decision 045); an unknown name is a 400 naming it, the closest valid one and every valid one. Wells without income tax read their after-tax columns as the export does (AFIT = BFIT, taxes 0). Paged by well (combo and well pairs, combo then well order): `skip`, `take` (at most 200, default 25), `Link` header; `well` and `comboName` keep one.',
      params: RunParams,
      query: MonthlyEconResultsQuery,
      responses: {
        200: { ...json(MonthlyEconResults, 'One page of wells'), headers: LIST_HEADERS },
        404: NOT_FOUND,
        409: NOT_COMPLETE,
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const run = await requireCompleteRun(c, input.params);
      const q = parseWith(MonthlyEconResultsQuery, queryOf(c), 'query.');
      const columns = parseResultColumns(q.columns);
      const { body, hasNext } = await monthlyResultsPage(deps.db, run, q, columns);
      const page = { skip: q.skip, take: q.take, sort: 'id' };
      c.header('Link', linkHeader(deps.config.publicBaseUrl, c.req.url, page, hasNext));
      return c.json(body, 200);
    },
  );

  route(
    app,
    {
      method: 'post',
      path: `${RUN}/monthly-exports`,
      tag,
      auth: 'api',
      summary: 'Export the monthly results of a complete run',
      description:
        'Answers `{id}`, the export to page with `GET …/monthly-exports/{id}`. The body is ignored (clients send `[]`); `well` and `comboName` in the query keep one well or combo. An export is a saved selection of the run’s stored rows (a complete run never changes): nothing is copied, and it lasts as long as the run.',
      params: RunParams,
      query: MonthlyExportFilters,
      responses: { 200: json(MonthlyExportCreated, 'The export'), 404: NOT_FOUND, 409: NOT_COMPLETE },
    },
    async (c, input) => {
      const run = await requireCompleteRun(c, input.params);
      const filters = parseWith(MonthlyExportFilters, queryOf(c), 'query.');
      return c.json({ id: await insertExport(c.get('deps'), run.id, filters) }, 200);
    },
  );

  route(
    app,
    {
      method: 'head',
      path: `${RUN}/monthly-exports`,
      tag,
      auth: 'api',
      summary: 'Count the monthly rows a monthly export of a complete run holds',
      description:
        'No body: `X-Query-Count` is the number of monthly rows (one per combo, well and month) an export with the same `well` and `comboName` filters pages. `GET` here is a 405.',
      params: RunParams,
      query: MonthlyExportFilters,
      responses: {
        200: {
          description: 'No body; the count is in `X-Query-Count`',
          headers: { 'X-Query-Count': { description: 'number of monthly rows', schema: { type: 'integer' } } },
        },
        404: NOT_FOUND,
        409: NOT_COMPLETE,
      },
    },
    async (c, input) => {
      const run = await requireCompleteRun(c, input.params);
      const filters = parseWith(MonthlyExportFilters, queryOf(c), 'query.');
      const count = await exportRowCount(c.get('deps').db, run.id, filters);
      return c.body(null, 200, { 'X-Query-Count': String(count) });
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${RUN}/monthly-exports/{exportId}`,
      tag,
      auth: 'api',
      summary: 'One page of a monthly export',
      description: `\`{status: "completed", results: [{well, comboName, date, output}]}\`: rows in combo, well, then month order, each month’s figures in \`output\` under the service’s keys (the table in decision 045). \`skip\`, \`take\` (at most ${MONTHLY_EXPORT_TAKE_MAX}, default 100) and the \`Link\` header page the rows; \`concurrency\` is accepted and ignored.`,
      params: RunParams.extend({ exportId: ObjectId }),
      query: MonthlyExportPageQuery,
      responses: {
        200: { ...json(EconMonthlyExportPage, 'One page of rows'), headers: LIST_HEADERS },
        404: NOT_FOUND,
        409: NOT_COMPLETE,
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const run = await requireCompleteRun(c, input.params);
      const q = parseWith(MonthlyExportPageQuery, queryOf(c), 'query.');
      const filters = await findExport(deps.db, run.id, input.params.exportId);
      if (!filters) throw notFound(`No monthly export with id ${input.params.exportId} of econ run ${run.id}`);
      const { rows, hasNext } = await exportPage(deps.db, run.id, filters, q.skip, q.take);
      const page = { skip: q.skip, take: q.take, sort: 'id' };
      c.header('Link', linkHeader(deps.config.publicBaseUrl, c.req.url, page, hasNext));
      return c.json({ status: 'completed' as const, results: rows }, 200);
    },
  );
}
