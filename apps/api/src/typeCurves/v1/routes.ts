import {
  DELETE_FILTER_VALUES_MAX,
  FIT_SERIES,
  MultiStatus,
  ObjectId,
  PHASES,
  pagingQuery,
  TYPE_CURVE_BATCH_MAX,
  TYPE_CURVE_SORT,
  TYPE_CURVE_TAKE_MAX,
  V1TypeCurve,
  V1TypeCurveInput,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../appEnv';
import { runBatch } from '../../http/batch';
import { invalid, notFound } from '../../http/errors';
import { multiStatus } from '../../http/multiStatus';
import { LIST_HEADERS, linkHeader, parsePaging, respondList } from '../../http/paging';
import { ProjectParam, projectOfPath } from '../../http/projectPath';
import { commaList, refuseLongFilters } from '../../http/queryForms';
import { route } from '../../http/route';
import { readFits } from '../fitStore';
import { deleteTypeCurves, requireTypeCurve, type TypeCurveRow, typeCurveList, v2Base } from '../store';
import { fitDailySeries, volumeRows } from '../volumes';
import { registerV1LookupTableRoutes } from './lookupTables';
import { parseV1Record, representativeWells, v1Views, writeV1Record } from './service';

/*
 * The V1 type-curve routes of spec part 4.5, served only before the switch-over (the `v1Only`
 * middleware of ../switchover.ts answers 410 from it on, naming `v2RouteOf`). They read and write
 * the same rows as V2, converting shapes (packages/contract/src/typeCurves/migrate.ts), so ids and
 * data carry across. V1 batch failures are all 400 (spec part 4.4, last paragraph).
 */

const tag = 'Type curves (V1, until the switch-over)';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const base = '/v1/projects/{projectId}/type-curves';
const IdParams = ProjectParam.extend({ id: ObjectId });

/**
 * The V2 route a V1 type-curve request should use instead, as `METHOD path` (named in the 410
 * after the switch-over; the first `/v2/…` path of it is also the `Link` successor). Spec 9.5.
 *
 * @example v2RouteOf('GET', '/v1/projects/P/type-curves/T/fits/daily') // 'GET /v2/projects/P/type-curves/T/volumes?resolution=daily'
 */
export function v2RouteOf(method: string, path: string): string {
  const m = path.match(/^\/v1\/projects\/([^/]+)\/type-curves(\/.*)?$/);
  if (!m) return `${method} ${path.replace(/^\/v1\//, '/v2/')}`;
  const projectId = m[1] as string;
  const v2 = v2Base(projectId);
  const rest = (m[2] ?? '').replace(/\/+$/, '');
  const verb = method.toUpperCase();
  if (rest === '' || rest === '/head') {
    if (rest === '/head' || verb === 'HEAD') return `HEAD ${v2}`;
    if (verb === 'POST') return `POST ${v2}/batch (or POST ${v2} for one type curve), then PUT ${v2}/{id}/fits`;
    if (verb === 'PUT') return `PATCH ${v2}/batch (merges by id; V1 PUT replaced by name)`;
    return `${verb} ${v2}`;
  }
  const lookup = rest.match(/^\/lookup-tables(\/.*)?$/);
  if (lookup) {
    const lt = `${v2}/lookup-tables`;
    const sub = lookup[1] ?? '';
    if (sub === '/head' || (sub === '' && verb === 'HEAD')) return `HEAD ${lt}`;
    if (sub === '' && verb === 'POST') return `POST ${lt}/batch (or POST ${lt} for one table)`;
    if (sub === '' && verb === 'PUT') return `PUT ${lt}/batch`;
    return `${verb} ${lt}${sub}`;
  }
  const fits = rest.match(/^\/([^/]+)\/fits\/(daily|monthly)$/);
  if (fits) return `GET ${v2}/${fits[1]}/volumes?resolution=${fits[2]}`;
  const reps = rest.match(/^\/([^/]+)\/representative-wells$/);
  if (reps) {
    return `GET ${v2}/${reps[1]}/wells plus GET /v1/projects/${projectId}/forecasts/{forecastId}/outputs`;
  }
  return `${verb} ${v2}${rest}`;
}

/** The type curve of the path, in a project of the caller's company (404 otherwise). */
const curveOf = (c: Context<AppEnv>, { projectId, id }: z.output<typeof IdParams>): Promise<TypeCurveRow> =>
  requireTypeCurve(c.get('deps'), c.get('auth').companyId, projectId, id);

/** The delete filters: repeatable, each value may be a comma-separated list. */
const DeleteQuery = z.object({
  id: commaList(z.string()).meta({ description: 'type-curve ids; repeatable or comma-separated' }),
  name: commaList(z.string()).meta({ description: 'type-curve names; repeatable or comma-separated' }),
});

const VolumesQuery = pagingQuery(['date'] as const, TYPE_CURVE_TAKE_MAX);

export function registerV1TypeCurveRoutes(app: OpenAPIHono<AppEnv>): void {
  registerV1LookupTableRoutes(app);

  route(
    app,
    {
      method: 'get',
      path: `${base}/head`,
      tag,
      auth: 'api',
      summary: 'Count the type curves of a project (V1; removed in V2: use HEAD /)',
      params: ProjectParam,
      responses: {
        200: {
          ...json(z.object({ count: z.number().int() }), 'The count, also in X-Query-Count'),
          headers: LIST_HEADERS,
        },
      },
    },
    async (c) => {
      const projectId = await projectOfPath(c);
      const n = await typeCurveList(c.get('deps').db, projectId, (r) => r).count();
      c.header('X-Query-Count', String(n));
      return c.json({ count: n }, 200);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: base,
      tag,
      auth: 'api',
      head: true,
      summary: 'List the type curves of a project, with their fits (V1)',
      params: ProjectParam,
      query: pagingQuery(TYPE_CURVE_SORT, TYPE_CURVE_TAKE_MAX),
      responses: { 200: { ...json(z.array(V1TypeCurve), 'One page of V1 type curves'), headers: LIST_HEADERS } },
    },
    async (c) => {
      const deps = c.get('deps');
      const projectId = await projectOfPath(c);
      const rows = typeCurveList(deps.db, projectId, (r) => r);
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: TYPE_CURVE_SORT, takeMax: TYPE_CURVE_TAKE_MAX },
        { count: () => rows.count(), page: async (p, limit) => v1Views(deps.db, await rows.page(p, limit)) },
      );
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path: base,
        tag,
        auth: 'api',
        summary: method === 'post' ? 'Create type curves with their fits (V1)' : 'Replace type curves by name (V1)',
        description: [
          `An array of up to ${TYPE_CURVE_BATCH_MAX} V1 type curves (one object is taken as an array of one). 207 with one result per record, in order; every failure is a 400 (V1), naming the field.`,
          ' The V1 write needs a water fit and all four series on every fit; `normalization` may be sent.',
          method === 'put'
            ? ' A type curve with the same name is replaced whole (its fits and normalization too); a missing name is created (201).'
            : ' A name already used in the project is a 400.',
        ].join(''),
        params: ProjectParam,
        records: { schema: V1TypeCurveInput, max: TYPE_CURVE_BATCH_MAX, single: 'wrap', noun: 'type curves' },
        responses: { 207: json(MultiStatus, 'One result per record') },
      },
      async (c, input) => {
        const projectId = await projectOfPath(c);
        const outcomes = await runBatch(c.get('deps'), await input.records(), {
          parse: parseV1Record,
          // V1 reports every failure as a 400.
          check: (batch) =>
            batch.unique(
              (p) => p.rec.name,
              new Set(),
              ({ rec }) => ({
                field: 'name',
                rule: 'unique',
                value: rec.name,
                message: `name "${rec.name}" is used by an earlier record of this request`,
              }),
              400,
            ),
          apply: async (p, _i, tx) => {
            const out = await writeV1Record(tx, projectId, p, method === 'post' ? 'create' : 'replace');
            return { code: out.created ? 201 : 200, fields: { id: out.id, name: out.name } };
          },
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }

  route(
    app,
    {
      method: 'delete',
      path: base,
      tag,
      auth: 'api',
      summary: 'Delete type curves by id and/or name (V1)',
      description: `Filters \`id\` and \`name\` (each up to ${DELETE_FILTER_VALUES_MAX} values, OR-combined). 204 with X-Delete-Count; 404 when nothing matches. Fits and normalization go with the curve; lookup rules pointing to it are unlinked.`,
      params: ProjectParam,
      query: DeleteQuery,
      responses: { 204: { description: 'Deleted; the count is in X-Delete-Count' } },
    },
    async (c, input) => {
      const projectId = await projectOfPath(c);
      refuseLongFilters(c, ['id', 'name'], {
        max: DELETE_FILTER_VALUES_MAX,
        split: true,
        message: `at most ${DELETE_FILTER_VALUES_MAX} values`,
      });
      const { id: ids = [], name: names = [] } = input.query;
      if (ids.length === 0 && names.length === 0) {
        throw invalid('Send an id or name filter', [
          { field: 'query.id', rule: 'required', message: 'send id and/or name: deleting without a filter is refused' },
        ]);
      }
      const deleted = await deleteTypeCurves(c.get('deps'), projectId, { ids, names });
      if (deleted === 0) throw notFound(`No type curve in project ${projectId} matches the filters`);
      return c.body(null, 204, { 'X-Delete-Count': String(deleted) });
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${base}/{id}`,
      tag,
      auth: 'api',
      summary: 'Get a type curve with its fits (V1)',
      params: IdParams,
      responses: { 200: json(V1TypeCurve, 'The V1 type curve') },
    },
    async (c, input) => {
      const row = await curveOf(c, input.params);
      const [view] = await v1Views(c.get('deps').db, [row]);
      return c.json(view, 200);
    },
  );

  for (const resolution of ['daily', 'monthly'] as const) {
    route(
      app,
      {
        method: 'get',
        path: `${base}/{id}/fits/${resolution}`,
        tag,
        auth: 'api',
        summary: `The ${resolution} volumes of a type curve's fits (V1)`,
        description:
          'Rows of `date` and, per fitted phase, every series (best, p10, p50, p90), null where it has no value that day or month (V1 shape; V2 leaves the key out). `skip`, `take` and `Link`.',
        params: IdParams,
        query: VolumesQuery,
        responses: { 200: json(z.array(z.record(z.string(), z.unknown())), 'One page of rows') },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const row = await curveOf(c, input.params);
        // Paging read as every list reads it (`respondList`): blanks are absent, errors name `skip`/`take`.
        const page = parsePaging(c, ['date'], TYPE_CURVE_TAKE_MAX);
        const { stored } = await readFits(deps.db, row.id);
        const series = fitDailySeries(stored);
        const { rows, total } = volumeRows(series, resolution, page);
        const phases = PHASES.filter((p) => series.has(p));
        const v1Rows = rows.map((r) => {
          const out: Record<string, unknown> = { date: r.date };
          for (const p of phases) {
            out[p] = Object.fromEntries(FIT_SERIES.map((k) => [k, r[p]?.[k] ?? null]));
          }
          return out;
        });
        c.header('Link', linkHeader(deps.config.publicBaseUrl, c.req.url, page, page.skip + page.take < total));
        return c.json(v1Rows, 200);
      },
    );
  }

  route(
    app,
    {
      method: 'get',
      path: `${base}/{id}/representative-wells`,
      tag,
      auth: 'api',
      summary: 'The wells of a type curve with rep, valid, hasData, hasForecast and eur (V1)',
      description:
        '`rep: true` means the well is not excluded. `eur` per phase in MBBL (oil, water) or MMCF (gas), from the forecast series named by the type curve.',
      params: IdParams,
      responses: { 200: json(z.array(z.record(z.string(), z.unknown())), 'The wells') },
    },
    async (c, input) => {
      const row = await curveOf(c, input.params);
      return c.json(await representativeWells(c.get('deps').db, row), 200);
    },
  );
}
