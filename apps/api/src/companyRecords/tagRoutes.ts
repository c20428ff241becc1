import { MultiStatus, pagingQuery, TAG_SORT, TAG_WRITE_MAX, TAKE_MAX, Tag, TagInput } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch, twice } from '../http/batch';
import { multiStatus } from '../http/multiStatus';
import { LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { insertTags, tagList, takenTagNames } from './tagStore';

/* `/v1/tags` (issue 21, decision 053): the company's tags, listed and created. */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const nameTaken = (name: string) => ({
  field: 'name',
  rule: 'unique',
  value: name,
  message: `A tag named "${name}" already exists`,
});

export function registerTagRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: '/v1/tags',
      tag: 'Tags',
      auth: 'api',
      head: true,
      summary: "List the company's tags",
      query: pagingQuery(TAG_SORT, TAKE_MAX).extend({
        name: z.array(z.string().max(100)).max(100).optional().meta({ description: 'exact names (repeatable)' }),
      }),
      responses: { 200: { ...json(z.array(Tag), 'One page of tags'), headers: LIST_HEADERS } },
    },
    (c, input) => {
      const deps = c.get('deps');
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: TAG_SORT, takeMax: TAKE_MAX },
        tagList(deps.db, c.get('auth').companyId, input.query.name),
      );
    },
  );

  route(
    app,
    {
      method: 'post',
      path: '/v1/tags',
      tag: 'Tags',
      auth: 'api',
      summary: 'Create tags',
      description: `One object or an array of up to ${TAG_WRITE_MAX} \`{name, description?}\`. Names are unique in the company (409). Always 207, one result per record.`,
      records: { schema: TagInput, max: TAG_WRITE_MAX, single: 'wrap', noun: 'tags' },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const companyId = c.get('auth').companyId;
      const outcomes = await runBatch(deps, await input.records(), {
        parse: TagInput,
        check: async (batch) => {
          const taken = await takenTagNames(
            deps.db,
            companyId,
            batch.values().map((t) => t.name),
          );
          batch.unique(
            (t) => t.name,
            taken,
            (t, earlier) => twice(nameTaken(t.name), earlier),
          );
        },
        applyAll: async (batch) => {
          const pending = batch.pending();
          const stored = await insertTags(
            deps,
            companyId,
            pending.map(([, t]) => t),
          );
          pending.forEach(([i, t], k) => {
            const tag = stored[k];
            if (tag) batch.succeed(i, { code: 201, fields: tag });
            else batch.fail(i, 409, nameTaken(t.name));
          });
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );
}
