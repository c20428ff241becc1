import {
  ECON_RUN_SORT,
  EconMonthlyQuery,
  EconMonthlyRow,
  EconOneLiner,
  EconRun,
  EconRunInput,
  ErrorEnvelope,
  ObjectId,
  ONE_LINER_SORT,
  ONE_LINER_TAKE_MAX,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { econRuns, econRunWells, forecasts, scenarios, scenarioWells } from '../db/schema';
import { conflict, invalid, notFound } from '../http/errors';
import { LIST_HEADERS, linkHeader, respondList, sortOf } from '../http/paging';
import { ProjectParam } from '../http/projectPath';
import { parseWith, readOptionalJson, route } from '../http/route';
import { newObjectId } from '../ids';
import { tableList } from '../resources/listing';
import { requireProject } from '../resources/projectStore';
import { monthlyRows, packedValues } from './results';
import { pokeEconRunWorker } from './runner';
import { requireRun, runView } from './store';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const tag = 'Econ runs';
const base = (projectId: string, scenarioId: string) => `/v1/projects/${projectId}/scenarios/${scenarioId}/econ-runs`;

const ScenarioParams = ProjectParam.extend({ scenarioId: ObjectId });
const RunParams = ScenarioParams.extend({ id: ObjectId });

async function requireScenario(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { projectId, scenarioId } = parseWith(ScenarioParams, c.req.param(), 'path.');
  await requireProject(deps, c.get('auth').companyId, projectId);
  const [s] = await deps.db
    .select({ id: scenarios.id })
    .from(scenarios)
    .where(and(eq(scenarios.id, scenarioId), eq(scenarios.projectId, projectId)))
    .limit(1);
  if (!s) throw notFound(`No scenario with id ${scenarioId} in project ${projectId}`);
  return { projectId, scenarioId };
}

/** The run of the path, which must be complete for its results to be read. */
async function requireCompleteRun(c: Context<AppEnv>) {
  const { scenarioId } = await requireScenario(c);
  const { id } = parseWith(RunParams, c.req.param(), 'path.');
  const run = await requireRun(c.get('deps').db, scenarioId, id);
  if (run.status !== 'complete') {
    throw conflict(`Econ run ${id} is ${run.status}: its results can be read once it is complete`, [
      { field: 'path.id', rule: 'complete run', value: id, message: `the run is ${run.status}` },
    ]);
  }
  return run;
}

/** The forecast a run uses: the one named, else the project's only forecast. */
async function runForecast(c: Context<AppEnv>, projectId: string, named: string | undefined): Promise<string> {
  const deps = c.get('deps');
  if (named) {
    const [row] = await deps.db
      .select({ id: forecasts.id })
      .from(forecasts)
      .where(and(eq(forecasts.id, named), eq(forecasts.projectId, projectId)))
      .limit(1);
    if (!row) throw notFound(`No forecast with id ${named} in project ${projectId} (field forecast)`);
    return row.id;
  }
  const rows = await deps.db
    .select({ id: forecasts.id })
    .from(forecasts)
    .where(eq(forecasts.projectId, projectId))
    .limit(2);
  if (rows.length === 1) return rows[0]!.id;
  const why = rows.length === 0 ? 'the project has no forecast' : 'the project has several forecasts';
  throw invalid(`forecast is required: ${why}; name the forecast whose best series the run uses`, [
    { field: 'forecast', rule: 'required unless the project has one forecast', message: why },
  ]);
}

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
      body: EconRunInput,
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
    async (c) => {
      const deps = c.get('deps');
      const { projectId, scenarioId } = await requireScenario(c);
      const input = parseWith(EconRunInput, (await readOptionalJson(c)) ?? {});
      const forecastId = await runForecast(c, projectId, input.forecast);
      const [{ n } = { n: 0 }] = await deps.db
        .select({ n: count() })
        .from(scenarioWells)
        .where(eq(scenarioWells.scenarioId, scenarioId));
      const now = deps.clock.now();
      const [row] = await deps.db
        .insert(econRuns)
        .values({
          id: newObjectId(deps.clock),
          projectId,
          scenarioId,
          status: 'pending',
          runDate: now,
          forecastId,
          qualifiers: input.qualifiers ?? {},
          wellsTotal: Number(n),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      pokeEconRunWorker(deps);
      c.header('Location', `${base(projectId, scenarioId)}/${row!.id}`);
      return c.json(runView(row!), 202);
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
    async (c) => {
      const deps = c.get('deps');
      const { scenarioId } = await requireScenario(c);
      const cols = {
        id: econRuns.id,
        runDate: econRuns.runDate,
        createdAt: econRuns.createdAt,
        updatedAt: econRuns.updatedAt,
      };
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ECON_RUN_SORT, takeMax: TAKE_MAX },
        tableList(deps.db, econRuns, eq(econRuns.scenarioId, scenarioId), cols, runView),
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
    async (c) => {
      const { scenarioId } = await requireScenario(c);
      const { id } = parseWith(RunParams, c.req.param(), 'path.');
      return c.json(runView(await requireRun(c.get('deps').db, scenarioId, id)), 200);
    },
  );

  const ONE_LINER_COLUMNS = {
    wellName: econRunWells.wellName,
    well: econRunWells.wellId,
    firstDiscountNpv: econRunWells.firstDiscountNpv,
    secondDiscountNpv: econRunWells.secondDiscountNpv,
    bfit: econRunWells.bfit,
    irr: econRunWells.irr,
    econLimitDate: econRunWells.econLimitDate,
  } as const;
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
        'One line per well of the scenario: EUR, NPV at each rate, IRR, payout, economic life, ROI, and the warnings of what the run defaulted. Wells the engine refused carry `status: failed` and the `error` naming the input; they sort last on money fields (nulls last either way).',
      params: RunParams,
      query: pagingQuery(ONE_LINER_SORT, ONE_LINER_TAKE_MAX),
      responses: {
        200: { ...json(z.array(EconOneLiner), 'One page of one-liners'), headers: LIST_HEADERS },
        409: json(ErrorEnvelope, 'The run is not complete'),
      },
    },
    async (c) => {
      const deps = c.get('deps');
      const run = await requireCompleteRun(c);
      const where = eq(econRunWells.runId, run.id);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: ONE_LINER_SORT, takeMax: ONE_LINER_TAKE_MAX },
        {
          async page(page, limit) {
            const { field, desc: descending } = sortOf(page.sort);
            const column = ONE_LINER_COLUMNS[field as keyof typeof ONE_LINER_COLUMNS] ?? econRunWells.wellId;
            const order: SQL[] = descending
              ? [sql`${column} DESC NULLS LAST`, desc(econRunWells.wellId)]
              : [sql`${column} ASC NULLS LAST`, asc(econRunWells.wellId)];
            const rows = await deps.db
              .select({ oneLiner: econRunWells.oneLiner })
              .from(econRunWells)
              .where(where)
              .orderBy(...order)
              .offset(page.skip)
              .limit(limit);
            return rows.map((r) => r.oneLiner as EconOneLiner);
          },
          async count() {
            const [row] = await deps.db.select({ n: count() }).from(econRunWells).where(where);
            return Number(row?.n ?? 0);
          },
        },
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
        'Rows ordered by well id, then month; `skip`/`take` page over that order (take ≤ 5000, default 600: a 50-year well) and `well` keeps one well. The `Link` header pages like every list. After-tax columns appear on the rows of wells with income tax on.',
      params: RunParams,
      query: EconMonthlyQuery,
      responses: {
        200: { ...json(z.array(EconMonthlyRow), 'One page of monthly rows'), headers: LIST_HEADERS },
        409: json(ErrorEnvelope, 'The run is not complete'),
      },
    },
    async (c) => {
      const deps = c.get('deps');
      const run = await requireCompleteRun(c);
      const raw = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
      const query = parseWith(EconMonthlyQuery, raw);
      const where = query.well
        ? and(eq(econRunWells.runId, run.id), eq(econRunWells.wellId, query.well))
        : eq(econRunWells.runId, run.id);
      // Month counts first (small), then the packed data of the wells the page touches only.
      const counts = await deps.db
        .select({ wellId: econRunWells.wellId, months: econRunWells.months })
        .from(econRunWells)
        .where(where)
        .orderBy(asc(econRunWells.wellId));
      const end = query.skip + query.take;
      const touched: { wellId: string; from: number; to: number }[] = [];
      let offset = 0;
      for (const w of counts) {
        const lo = Math.max(query.skip, offset);
        const hi = Math.min(end, offset + w.months);
        if (lo < hi) touched.push({ wellId: w.wellId, from: lo - offset, to: hi - offset });
        offset += w.months;
      }
      const rows: EconMonthlyRow[] = [];
      for (const t of touched) {
        const [stored] = await deps.db
          .select()
          .from(econRunWells)
          .where(and(eq(econRunWells.runId, run.id), eq(econRunWells.wellId, t.wellId)));
        if (!stored) continue;
        const packed = {
          columns: stored.columns as never,
          firstMonth: stored.firstMonth,
          months: stored.months,
          data: packedValues(stored.monthly),
        };
        rows.push(...monthlyRows(t.wellId, packed, t.from, t.to));
      }
      const page = { skip: query.skip, take: query.take, sort: 'id' };
      c.header('Link', linkHeader(deps.config.publicBaseUrl, c.req.url, page, offset > end));
      return c.json(rows, 200);
    },
  );
}
