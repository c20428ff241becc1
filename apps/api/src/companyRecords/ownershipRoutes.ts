import {
  ErrorEnvelope,
  MultiStatus,
  ObjectId,
  OWNERSHIP_QUALIFIER_SORT,
  OWNERSHIP_QUALIFIER_WRITE_MAX,
  OWNERSHIP_QUALIFIERS_PER_WELL,
  OwnershipQualifier,
  OwnershipQualifierInput,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch, twice } from '../http/batch';
import { conflict, notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { companyWellsOf, findQualifier, qualifierList, storedKeys, writeQualifier } from './ownershipStore';

/*
 * `/v1/ownership-qualifiers` (issue 21, decision 053): a well's ownership under a qualifier key,
 * the ownership-reversion model's `ownership` object (percent 0 to 100).
 */

const TAG = 'Ownership qualifiers';
const BASE = '/v1/ownership-qualifiers';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const repeatable = (description: string) => z.array(z.string().max(100)).max(100).optional().meta({ description });

/** A record with its well resolved (the batch's value). */
type Resolved = OwnershipQualifierInput & { wellId: string };

export function registerOwnershipQualifierRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: BASE,
      tag: TAG,
      auth: 'api',
      head: true,
      summary: "List the company's ownership qualifiers",
      description:
        '`well`, `chosenID`, `qualifierKey` filter (repeatable); `skip`, `take` (at most 200), `sort`, `Link`.',
      query: pagingQuery(OWNERSHIP_QUALIFIER_SORT, TAKE_MAX).extend({
        well: z.array(ObjectId).max(100).optional().meta({ description: 'well ids (repeatable)' }),
        chosenID: repeatable('chosen ids (repeatable)'),
        qualifierKey: repeatable('qualifier keys (repeatable)'),
      }),
      responses: { 200: { ...json(z.array(OwnershipQualifier), 'One page'), headers: LIST_HEADERS } },
    },
    (c, input) => {
      const deps = c.get('deps');
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: OWNERSHIP_QUALIFIER_SORT, takeMax: TAKE_MAX },
        qualifierList(deps.db, c.get('auth').companyId, input.query),
      );
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Get an ownership qualifier',
      params: z.object({ id: ObjectId }),
      responses: { 200: json(OwnershipQualifier, 'The qualifier'), 404: json(ErrorEnvelope, 'No such qualifier') },
    },
    async (c, input) => {
      const q = await findQualifier(c.get('deps').db, c.get('auth').companyId, input.params.id);
      if (!q) throw notFound(`No ownership qualifier with id ${input.params.id}`);
      return c.json(q, 200);
    },
  );

  for (const method of ['post', 'put'] as const) {
    route(
      app,
      {
        method,
        path: BASE,
        tag: TAG,
        auth: 'api',
        summary: method === 'post' ? 'Create ownership qualifiers' : 'Upsert ownership qualifiers by well and key',
        description: `One object or an array of up to ${OWNERSHIP_QUALIFIER_WRITE_MAX} \`{well | chosenID + dataSource, qualifierKey, ownership}\`; \`ownership\` is the ownership-reversion model's object (\`initialOwnership\` and up to ten reversions, interests in percent 0 to 100; \`netProfitInterestType\`, \`netProfitInterest\` and \`leaseNetRevenueInterest\` may be left out: expense, 0, NRI ÷ WI × 100 at most 100) with an optional \`name\`. A well of another company is a 404; a well holds at most ${OWNERSHIP_QUALIFIERS_PER_WELL} qualifiers (400). ${method === 'post' ? 'A key the well has is a 409.' : "The well's qualifier of that key is replaced (200), else created (201)."} Always 207: \`{status, code, id, well, qualifierKey}\` per record.`,
        records: {
          schema: OwnershipQualifierInput,
          max: OWNERSHIP_QUALIFIER_WRITE_MAX,
          single: 'wrap',
          noun: 'ownership qualifiers',
        },
        responses: { 207: json(MultiStatus, 'One result per record') },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const companyId = c.get('auth').companyId;
        let found: Awaited<ReturnType<typeof companyWellsOf>> = { byId: new Map(), byKey: new Map() };
        const wellOf = (r: OwnershipQualifierInput) =>
          r.well
            ? found.byId.has(r.well)
              ? r.well
              : undefined
            : found.byKey.get(`${r.chosenID}\u0000${r.dataSource}`);
        const keyTaken = (r: Resolved) => ({
          field: 'qualifierKey',
          rule: 'unique per well',
          value: r.qualifierKey,
          message: `Well ${r.wellId} has a qualifier "${r.qualifierKey}"`,
        });
        const outcomes = await runBatch(deps, await input.records(), {
          parse: OwnershipQualifierInput,
          check: async (batch) => {
            found = await companyWellsOf(deps.db, companyId, batch.values());
            for (const [i, r] of batch.pending()) {
              if (wellOf(r)) continue;
              batch.fail(i, 404, {
                field: r.well ? 'well' : 'chosenID',
                rule: 'well of the company',
                value: r.well ?? r.chosenID,
                message: r.well ? `No well with id ${r.well}` : `No well ${r.chosenID} of data source ${r.dataSource}`,
              });
            }
            const resolved = (r: OwnershipQualifierInput): Resolved => ({ ...r, wellId: wellOf(r)! });
            const stored = await storedKeys(deps.db, [...new Set(batch.values().map((r) => wellOf(r)!))]);
            const taken = new Set(
              method === 'post' ? [...stored].flatMap(([w, keys]) => [...keys].map((k) => `${w}\u0000${k}`)) : [],
            );
            batch.unique(
              (r) => `${wellOf(r)}\u0000${r.qualifierKey}`,
              taken,
              (r, earlier) => twice(keyTaken(resolved(r)), earlier),
            );
            // At most OWNERSHIP_QUALIFIERS_PER_WELL keys a well, counting those stored.
            const keys = new Map([...stored].map(([w, k]) => [w, new Set(k)]));
            for (const [i, r] of batch.pending()) {
              const w = wellOf(r)!;
              const have = keys.get(w) ?? new Set<string>();
              if (!have.has(r.qualifierKey) && have.size >= OWNERSHIP_QUALIFIERS_PER_WELL) {
                batch.fail(i, 400, {
                  field: 'qualifierKey',
                  rule: `max ${OWNERSHIP_QUALIFIERS_PER_WELL} per well`,
                  value: r.qualifierKey,
                  message: `Well ${w} would hold more than ${OWNERSHIP_QUALIFIERS_PER_WELL} ownership qualifiers`,
                });
                continue;
              }
              have.add(r.qualifierKey);
              keys.set(w, have);
            }
          },
          apply: async (r, _i, tx) => {
            const wellId = wellOf(r)!;
            const row = await writeQualifier(tx, companyId, wellId, r, method === 'post' ? 'create' : 'upsert');
            if (!row) throw conflict(keyTaken({ ...r, wellId }).message, [keyTaken({ ...r, wellId })]);
            return {
              code: row.inserted ? 201 : 200,
              fields: { id: row.id, well: wellId, qualifierKey: r.qualifierKey },
            };
          },
        });
        return c.json(multiStatus(outcomes), 207);
      },
    );
  }
}
