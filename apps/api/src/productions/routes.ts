import {
  DailyProductionInput,
  MonthlyProductionInput,
  ObjectId,
  PRODUCTION_DATE_FILTERS,
  PRODUCTION_SORT,
  PRODUCTION_TAKE_MAX,
  PRODUCTION_WRITE_MAX,
  ProductionFilter,
  ProductionKey,
  ProductionListQuery,
  ProductionRecord,
  type ProductionResolution,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import type { Db } from '../db/connection';
import { type Batch, type RecordOutcome, runBatch } from '../http/batch';
import { invalid, notFound } from '../http/errors';
import { counted, statusText } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import { deleteListed, deleteMatching, refreshWellSummaries, writeProductions } from './service';
import { type ProductionScope, patchRow, productionList, refKey, resolveWells, type WellRef } from './store';

/*
 * Daily and monthly production (issue 17): `/v1/{daily|monthly}-productions` for the company's wells
 * and `/v1/projects/{projectId}/…` for a project's. Writes run through the batch pipeline: each
 * record's well is resolved in the scope (404 when it is not there), a (well, date) sent twice is a
 * 409, and the records are written in one statement (each row whole or not at all; productions/service.ts).
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const INPUT = { daily: DailyProductionInput, monthly: MonthlyProductionInput } as const;
const ProjectParams = z.object({ projectId: ObjectId });

const WriteResult = z
  .object({
    status: z.string(),
    code: z.number().int(),
    well: ObjectId.optional(),
    date: z.string().optional(),
    errors: z.array(z.object({ name: z.string(), message: z.string(), location: z.string() }).loose()).optional(),
  })
  .meta({ id: 'ProductionWriteResult' });
const WriteMultiStatus = z
  .object({
    generalErrors: z.array(z.unknown()),
    results: z.array(WriteResult),
    successCount: z.number().int(),
    failedCount: z.number().int(),
  })
  .meta({ id: 'ProductionMultiStatus' });

export function registerProductionRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const resolution of ['daily', 'monthly'] as const) {
    for (const scope of ['company', 'project'] as const) registerOne(app, resolution, scope);
  }
}

function registerOne(app: OpenAPIHono<AppEnv>, resolution: ProductionResolution, scope: 'company' | 'project'): void {
  const segment = `${resolution}-productions`;
  const path = scope === 'company' ? `/v1/${segment}` : `/v1/projects/{projectId}/${segment}`;
  const tag = `Production: ${resolution}`;
  const params = scope === 'company' ? z.object({}) : ProjectParams;
  const Input = INPUT[resolution];
  const where = scope === 'company' ? 'of the company' : 'of the project';
  const records = { schema: Input, max: PRODUCTION_WRITE_MAX, single: 'wrap', noun: 'production records' } as const;

  const scopeOf = async (c: Context<AppEnv>, p: { projectId?: string }) => {
    const companyId = c.get('auth').companyId;
    if (p.projectId) await requireProject(c.get('deps'), companyId, p.projectId);
    return { companyId, projectId: p.projectId } satisfies ProductionScope;
  };

  route(
    app,
    {
      method: 'get',
      path,
      tag,
      auth: 'api',
      head: true,
      summary: `List ${resolution} production ${where}`,
      description: `Filters: \`well\` (repeatable), \`startDate\`, \`endDate\` (inclusive), \`date[gt]\`, \`date[ge]\`, \`date[lt]\`, \`date[le]\`. \`skip\`, \`take\` (default 25, at most ${PRODUCTION_TAKE_MAX}), \`sort\` \`well,date\` or \`-well,date\`; \`Link\` header; \`HEAD\` answers \`X-Query-Count\`.`,
      params,
      query: ProductionListQuery,
      responses: { 200: { ...json(z.array(ProductionRecord), 'One page of records'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const s = await scopeOf(c, input.params);
      const { skip: _skip, take: _take, sort: _sort, ...filter } = input.query;
      return respondList(
        c,
        c.get('deps').config.publicBaseUrl,
        { sortFields: PRODUCTION_SORT, takeMax: PRODUCTION_TAKE_MAX },
        productionList(c.get('deps').db, resolution, s, filter),
      );
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path,
        tag,
        auth: 'api',
        summary: method === 'post' ? `Create ${resolution} production` : `Upsert ${resolution} production`,
        description: [
          `One record or an array of up to ${PRODUCTION_WRITE_MAX}; each names its well by \`well\` or by \`chosenID\` + \`dataSource\` (a well ${where}; else 404 for the record).`,
          method === 'post'
            ? ' A (well, date) already stored, or sent twice, is a 409 for the record.'
            : ' A stored (well, date) has its measured fields replaced (200); a new one is created (201); one sent twice is a 409.',
          ' Always 207 with one result per record, in order: `{status, code, well, date}` or `{status, code, errors}`.',
        ].join(''),
        params,
        records,
        responses: { 207: json(WriteMultiStatus, 'One result per record') },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const s = await scopeOf(c, input.params);
        const wellOf = new Map<number, string>();
        const outcomes = await runBatch(deps, await input.records(), {
          parse: Input as unknown as z.ZodType<Written>,
          check: (batch) => checkWells(batch, deps.db, s, wellOf, where),
          applyAll: async (batch) => {
            const now = deps.clock.now();
            const pending = batch.pending();
            const records = pending.map(([i, r]) => ({ wellId: wellOf.get(i)!, record: r }));
            const scope = { companyId: s.companyId, now };
            const mode = method === 'post' ? 'create' : 'upsert';
            const written = await writeProductions(deps.db, resolution, scope, records, mode);
            pending.forEach(([i, r]) => {
              const well = wellOf.get(i)!;
              const inserted = written.get(`${well}\u0000${r.date}`);
              if (inserted === undefined) {
                batch.fail(i, 409, {
                  field: 'date',
                  rule: 'unique (well, date)',
                  value: r.date,
                  message: `well ${well} already has ${resolution} production on ${r.date}`,
                });
              } else batch.succeed(i, { code: inserted ? 201 : 200, fields: { well, date: r.date } });
            });
          },
        });
        return c.json(counted(outcomes.map(writeResult)), 207);
      },
    );
  }

  route(
    app,
    {
      method: 'patch',
      path,
      tag,
      auth: 'api',
      summary: `Update ${resolution} production`,
      description: `One record or an array of up to ${PRODUCTION_WRITE_MAX}, each naming a stored (well, date): the fields it gives replace the stored ones (null clears a field; custom numbers are merged), the others are kept. A (well, date) not stored is a 404 for the record, a well not ${where} too; one sent twice is a 409. Always 207: \`{status: "OK", code: 200, well, date}\` or the record's errors.`,
      params,
      records,
      responses: { 207: json(WriteMultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const s = await scopeOf(c, input.params);
      const wellOf = new Map<number, string>();
      const outcomes = await runBatch(deps, await input.records(), {
        parse: Input as unknown as z.ZodType<Written>,
        check: (batch) => checkWells(batch, deps.db, s, wellOf, where),
        apply: async (r, i, tx) => {
          const well = wellOf.get(i)!;
          if (!(await patchRow(tx.db, resolution, well, r, tx.clock.now()))) {
            const message = `well ${well} has no ${resolution} production on ${r.date}`;
            throw notFound(message, [{ field: 'date', rule: 'stored (well, date)', value: r.date, message }]);
          }
          return { code: 200, fields: { well, date: r.date } };
        },
      });
      const patched = outcomes.flatMap((o, i) => (o.ok ? [wellOf.get(i)!] : []));
      await refreshWellSummaries(deps.db, patched);
      return c.json(counted(outcomes.map(writeResult)), 207);
    },
  );

  const Keys = z
    .array(ProductionKey[resolution])
    .min(1, 'name at least one record to delete')
    .max(PRODUCTION_WRITE_MAX, `at most ${PRODUCTION_WRITE_MAX} records per request`)
    .optional();
  route(
    app,
    {
      method: 'delete',
      path,
      tag,
      auth: 'api',
      summary: `Delete ${resolution} production ${where}`,
      description: [
        `Either a JSON list of up to ${PRODUCTION_WRITE_MAX} records \`{well, date}\` (or \`{chosenID, dataSource, date}\`), or filters: \`well\` (repeatable) and/or dates (\`startDate\`, \`endDate\` inclusive; \`date[gt]\`, \`date[ge]\`, \`date[lt]\`, \`date[le]\`), at least one; not both.`,
        ` A listed well that is not ${where} is a 404 naming the record, and nothing is deleted; a listed (well, date) that is not stored is not counted.`,
        ' 204 with `X-Delete-Count` (0 when nothing matched).',
      ].join(''),
      params,
      query: ProductionFilter,
      body: Keys,
      bodyRequired: false,
      responses: {
        204: {
          description: 'Deleted',
          headers: deleteCountHeaders('records deleted'),
        },
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const s = await scopeOf(c, input.params);
      const filter = input.query;
      const filtered = Boolean(filter.well?.length || PRODUCTION_DATE_FILTERS.some((f) => filter[f]));
      const keys = await input.body();
      if (keys && filtered) throw invalidFilter('send either a list of records or filters, not both');
      if (!keys && !filtered)
        throw invalidFilter('name what to delete: a list of records, or well and/or startDate, endDate');
      const n = keys
        ? await deleteListed(deps.db, resolution, s, keys, where)
        : await deleteMatching(deps.db, resolution, s, filter);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}

const invalidFilter = (message: string) => invalid(message, [{ field: 'query', rule: 'filter required', message }]);

/** A validated record: its well reference, its date and its fields. */
type Written = WellRef & { date: string } & Record<string, unknown>;

/** One record's result: `{status, code, well, date}` or `{status, code, errors}`. */
const writeResult = (o: RecordOutcome) =>
  o.ok
    ? { status: statusText(o.code), code: o.code, ...o.fields }
    : { status: statusText(o.code), code: o.code, errors: o.errors };

/**
 * Resolves each record's well in the scope (`wellOf`, by record index; 404 for the record when the
 * well is not there) and fails (409) a (well, date) sent twice.
 */
async function checkWells(
  batch: Batch<Written>,
  db: Db,
  scope: ProductionScope,
  wellOf: Map<number, string>,
  where: string,
): Promise<void> {
  const found = await resolveWells(db, scope, batch.values());
  for (const [i, r] of batch.pending()) {
    const id = found.get(refKey(r));
    if (id) {
      wellOf.set(i, id);
      continue;
    }
    batch.fail(i, 404, {
      field: r.well !== undefined ? 'well' : 'chosenID',
      rule: `well ${where}`,
      value: r.well ?? r.chosenID,
      message: `No well ${r.well ?? `${r.chosenID} (${r.dataSource})`} ${where}`,
    });
  }
  batch.unique(
    (r, i) => `${wellOf.get(i)}\u0000${r.date}`,
    new Set(),
    (r, earlier) => ({
      field: 'date',
      rule: 'unique (well, date)',
      value: r.date,
      message: `the well's ${r.date} is also written by record [${earlier}]; send each (well, date) once`,
    }),
  );
}
