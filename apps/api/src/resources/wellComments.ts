import {
  MultiStatus,
  WELL_COMMENT_SORT,
  WELL_COMMENT_WRITE_MAX,
  WellComment,
  WellCommentInput,
  WellCommentListQuery,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { multiStatus } from '../http/multiStatus';
import { LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { addComments, commentList } from './wellCommentStore';

/*
 * Well comments (`/v1/well-comments`, decision 047): what engineers note about a well, made in a
 * project and a forecast or in none. The service's clients read them; `POST` writes them.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const path = '/v1/well-comments';
const tag = 'Well comments';

export function registerWellCommentRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path,
      tag,
      auth: 'api',
      head: true,
      summary: 'List well comments',
      description:
        "The comments on the company's wells, oldest first (`sort=-createdAt` for newest first); filters `well`, `project`, `forecast`.",
      query: WellCommentListQuery,
      responses: { 200: { ...json(z.array(WellComment), 'One page of comments'), headers: LIST_HEADERS } },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const q = input.query;
      return respondList(c, deps.config.publicBaseUrl, { sortFields: WELL_COMMENT_SORT, takeMax: 1000 }, () =>
        commentList(deps.db, c.get('auth').companyId, q),
      );
    },
  );

  route(
    app,
    {
      method: 'post',
      path,
      tag,
      auth: 'api',
      summary: 'Add well comments',
      description: `One comment or an array of up to ${WELL_COMMENT_WRITE_MAX}: \`{well, project?, forecast?, text}\`. The well is one of the company's (404); a project must hold it (404); a forecast must hold it (404) and names its project. Always 207, one result per record (the stored comment).`,
      records: { schema: WellCommentInput, max: WELL_COMMENT_WRITE_MAX, single: 'wrap', noun: 'comments' },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const auth = c.get('auth');
      const outcomes = await addComments(c.get('deps'), auth, await input.records());
      return c.json(multiStatus(outcomes), 207);
    },
  );
}
