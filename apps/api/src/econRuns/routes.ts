import {
  ComboNameFilter,
  ECON_RUN_SORT,
  EconMonthlyQuery,
  EconMonthlyRow,
  EconOneLinerRow,
  EconRollup,
  EconRollupQuery,
  EconRun,
  EconRunInput,
  ErrorEnvelope,
  ObjectId,
  ONE_LINER_SORT,
  ONE_LINER_TAKE_MAX,
  PRMS_CLASSES,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { requireScenario } from '../assignments/store';
import { conflict, notFound } from '../http/errors';
import { LIST_HEADERS, linkHeader, respondList } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { parseWith, route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import { runRollup } from './rollupStore';
import { startRun } from './service';
import { monthlyPage, oneLinerList, requireRun, runComboNames, runCombos, runList, runView } from './store';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const tag = 'Econ runs';
const base = (projectId: string, scenarioId: string) => `/v1/projects/${projectId}/scenarios/${scenarioId}/econ-runs`;

const ScenarioParams = ProjectParam.extend({ scenarioId: ObjectId });
export const RunParams = ScenarioParams.extend({ id: ObjectId });

/** The project and the scenario of the path, in the caller's company (404 naming which is unknown). */
async function checkScenario(c: Context<AppEnv>, p: z.output<typeof ScenarioParams>): Promise<void> {
  const deps = c.get('deps');
  await requireProject(deps, c.get('auth').companyId, p.projectId);
  await requireScenario(deps.db, p.projectId, p.scenarioId);
}

/** The run of the path, which must be complete for its results to be read. */
export async function requireCompleteRun(c: Context<AppEnv>, p: z.output<typeof RunParams>) {
  await checkScenario(c, p);
  const run = await requireRun(c.get('deps').db, p.scenarioId, p.id);
  if (run.status !== 'complete') {
    throw conflict(`Econ run ${p.id} is ${run.status}: its results can be read once it is complete`, [
      { field: 'path.id', rule: 'complete run', value: p.id, message: `the run is ${run.status}` },
    ]);
  }
  return run;
}

/** The one-liners' reserves-category filter (issue 19: the reserves category filters results). */
const ReservesQuery = z.object({
  prmsClass: z
    .enum(PRMS_CLASSES, { error: `prmsClass must be one of ${PRMS_CLASSES.join(', ')}` })
    .optional()
    .meta({ description: 'keep the wells of this PRMS class' }),
  prmsCategory: z
    .string()
    .max(100, 'prmsCategory must be at most 100 characters')
    .optional()
    .meta({ description: 'keep the wells of this PRMS category (e.g. proved)' }),
  prmsSubCategory: z
    .string()
    .max(100, 'prmsSubCategory must be at most 100 characters')
    .optional()
    .meta({ description: 'keep the wells of this PRMS sub-category (e.g. producing)' }),
  comboName: ComboNameFilter.optional().meta({ description: 'keep the one-liners of this combo' }),
});

/** Econ runs of a scenario: start one, follow it, read its one-liners and monthly rows. */
export function registerEconRunRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'post',
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs',
      tag,
      auth: 'api',
      summary: 'Start an econ run of a scenario',
      description:
        "Queues a run and answers 202 at once with `Location`; poll it until `status` is `complete` or `failed` (`progress` counts wells). The run computes every well of the scenario with the econ models assigned to it (qualifier `default` unless `qualifiers` names another per kind) and the `best` series of `forecast` (default: the project's only forecast). Kinds without an assigned model use documented defaults, reported per well in the one-liner's `warnings`. Runs are jobs in the database: any API process sharing it may compute one, and each is computed once. The body may be empty.",
      params: ScenarioParams,
      // No body (or `null`): a run with the defaults.
      body: EconRunInput.nullish(),
      bodyRequired: false,
      responses: {
        202: {
          ...json(EconRun, 'The run, pending'),
          headers: { Location: { description: 'the run', schema: { type: 'string' } } },
        },
        400: json(ErrorEnvelope, 'A field of the body is invalid, or `forecast` is needed'),
        404: json(ErrorEnvelope, 'The project, scenario or forecast is unknown'),
      },
    },
    async (c, input) => {
      const { projectId, scenarioId } = input.params;
      await checkScenario(c, input.params);
      const body = (await input.body()) ?? {};
      const row = await startRun(c.get('deps'), projectId, scenarioId, body);
      c.header('Location', `${base(projectId, scenarioId)}/${row.id}`);
      return c.json(runView(row), 202);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs',
      tag,
      auth: 'api',
      head: true,
      summary: 'List the econ runs of a scenario',
      params: ScenarioParams,
      query: pagingQuery(ECON_RUN_SORT, TAKE_MAX),
      responses: { 200: { ...json(z.array(EconRun), 'One page of econ runs'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      await checkScenario(c, input.params);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ECON_RUN_SORT, takeMax: TAKE_MAX },
        runList(deps.db, input.params.scenarioId),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{id}',
      tag,
      auth: 'api',
      summary: 'Get an econ run, with its progress',
      params: RunParams,
      responses: { 200: json(EconRun, 'The econ run') },
    },
    async (c, input) => {
      const { scenarioId, id } = input.params;
      await checkScenario(c, input.params);
      return c.json(runView(await requireRun(c.get('deps').db, scenarioId, id)), 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{id}/one-liners',
      tag,
      auth: 'api',
      head: true,
      summary: 'The one line per well of a complete run',
      description:
        "One line per well of the scenario and combo of the run (`comboName`; ties sort by combo, then well): EUR, NPV at each rate, IRR, payout, economic life, ROI, and the warnings of what the run defaulted. Wells the engine refused carry `status: failed` and the `error` naming the input; they sort last on money fields (nulls last either way). `comboName` keeps one combo; `prmsClass`, `prmsCategory`, `prmsSubCategory` keep the wells whose assigned reserves category has those values (the one-liner's `reservesCategory`); `HEAD` counts them. Each row carries our fields and, for the service's clients, its `id` (`…/one-liners/{id}`), its figures in `output` under the service's keys (null for a refused well) and `econPRMS*` (decision 045).",
      params: RunParams,
      query: pagingQuery(ONE_LINER_SORT, ONE_LINER_TAKE_MAX).extend(ReservesQuery.shape),
      responses: {
        200: { ...json(z.array(EconOneLinerRow), 'One page of one-liners'), headers: LIST_HEADERS },
        409: json(ErrorEnvelope, 'The run is not complete'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const run = await requireCompleteRun(c, input.params);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ONE_LINER_SORT, takeMax: ONE_LINER_TAKE_MAX },
        oneLinerList(
          deps.db,
          run.id,
          parseWith(
            ReservesQuery,
            {
              prmsClass: c.req.query('prmsClass'),
              prmsCategory: c.req.query('prmsCategory'),
              prmsSubCategory: c.req.query('prmsSubCategory'),
              comboName: c.req.query('comboName'),
            },
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
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{id}/monthly',
      tag,
      auth: 'api',
      summary: 'The monthly cash-flow rows of a complete run',
      description:
        'Ours (the service’s clients read `…/monthly-econ-results` and `…/monthly-exports`). Rows ordered by combo, well id, then month; `skip`/`take` page over that order (take ≤ 5000, default 600: a 50-year well); `well` keeps one well and `comboName` one combo. The `Link` header pages like every list. After-tax columns appear on the rows of wells with income tax on.',
      params: RunParams,
      query: EconMonthlyQuery,
      responses: {
        200: { ...json(z.array(EconMonthlyRow), 'One page of monthly rows'), headers: LIST_HEADERS },
        409: json(ErrorEnvelope, 'The run is not complete'),
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const run = await requireCompleteRun(c, input.params);
      // Paged like every list (`respondList`), not through `input.query`: empty values are dropped
      // and a bad `skip` or `take` is named as such, without the `query.` prefix.
      const raw = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
      const query = parseWith(EconMonthlyQuery, raw);
      const { rows, total } = await monthlyPage(deps.db, run.id, query);
      const page = { skip: query.skip, take: query.take, sort: 'id' };
      c.header('Link', linkHeader(deps.config.publicBaseUrl, c.req.url, page, total > query.skip + query.take));
      return c.json(rows, 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{id}/one-liners/combo-names',
      tag,
      auth: 'api',
      summary: 'The combo names of a complete run',
      description: 'The names of the combos the run computed, sorted (`["default"]` for a run of one combo).',
      params: RunParams,
      responses: {
        200: json(z.array(z.string()), 'The combo names'),
        409: json(ErrorEnvelope, 'The run is not complete'),
      },
    },
    async (c, input) => {
      const run = await requireCompleteRun(c, input.params);
      return c.json(await runComboNames(c.get('deps').db, run.id), 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{id}/rollup',
      tag,
      auth: 'api',
      summary: 'The scenario total of a complete run, by month',
      description:
        'For one combo (`comboName`, default the run’s first): the wells’ monthly rows summed from the aggregation month (the earliest `mainOptions.aggregationDate` of its wells; earlier months left out) — volumes, revenue, expenses, taxes, NPI, CAPEX, cash flows and discounted cash flows, with the cumulatives re-run on the sums — and the total one-liner: the sums, NPVs at the two discounts (the sums of the discounted cash flows), and IRR and payout of the summed cash flow (monthly compounding from the first month; not a sum of well IRRs). `groupBy` gives a total per value of a well header (`county`, `state`, `dataSource`) or of the assigned reserves category (`prmsClass`, `prmsCategory`, `prmsSubCategory`); wells without one form the group `null`, listed last.',
      params: RunParams,
      query: EconRollupQuery,
      responses: {
        200: json(EconRollup, 'The rollup'),
        404: json(ErrorEnvelope, 'The project, scenario, run or combo is unknown'),
        409: json(ErrorEnvelope, 'The run is not complete'),
      },
    },
    async (c, input) => {
      const run = await requireCompleteRun(c, input.params);
      const combos = runCombos(run).map((x) => x.comboName);
      const comboName = input.query.comboName ?? combos[0]!;
      if (!combos.includes(comboName)) {
        throw notFound(`Econ run ${run.id} has no combo "${comboName}" (its combos: ${combos.join(', ')})`, [
          { field: 'query.comboName', rule: 'combo of the run', value: comboName, message: 'no such combo' },
        ]);
      }
      const rollup = await runRollup(c.get('deps').db, run.id, {
        comboName,
        groupBy: input.query.groupBy,
        incomeTax: run.incomeTax,
      });
      return c.json(rollup, 200);
    },
  );
}
