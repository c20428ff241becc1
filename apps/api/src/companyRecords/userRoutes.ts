import {
  CompanyUserInput,
  MultiStatus,
  ObjectId,
  pagingQuery,
  TAKE_MAX,
  USER_SORT,
  USER_WRITE_MAX,
  UserRoles,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch, twice } from '../http/batch';
import { notFound } from '../http/errors';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import { companyExists, deleteUser, userRolesList, writeUser } from './userStore';

/*
 * `GET /v1/users/roles` (issue 21, decision 053): the company's user directory with each user's
 * roles on resources. The API does not sign people in (the console backend does): the directory
 * is what the operator or the console backend records through `PUT /admin/companies/{id}/users`.
 */

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const CompanyParam = z.object({ companyId: ObjectId });

export function registerUserRoleRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: '/v1/users/roles',
      tag: 'Users',
      auth: 'api',
      head: true,
      summary: "The company's users and their roles on resources",
      description:
        '`[{userId, firstName, lastName, email, resourceRoles: [{resourceId, resourceType, roles}]}]`; `email` filters (repeatable); `skip`, `take` (at most 200), `sort` (`userId`, `email`, `lastName`), `Link`. The directory is kept by the operator or the console backend (`PUT /admin/companies/{companyId}/users`).',
      query: pagingQuery(USER_SORT, TAKE_MAX).extend({
        email: z.array(z.string().max(320)).max(100).optional().meta({ description: 'exact emails (repeatable)' }),
      }),
      responses: { 200: { ...json(z.array(UserRoles), 'One page of users'), headers: LIST_HEADERS } },
    },
    (c, input) => {
      const deps = c.get('deps');
      return respondList(
        c,
        deps.config.publicBaseUrl,
        { sortFields: USER_SORT, takeMax: TAKE_MAX },
        userRolesList(deps.db, c.get('auth').companyId, input.query.email),
      );
    },
  );

  route(
    app,
    {
      method: 'put',
      path: '/admin/companies/{companyId}/users',
      tag: 'Administration',
      auth: 'admin',
      summary: "Record users of a company and their roles (the company's user directory)",
      description: `One object or an array of up to ${USER_WRITE_MAX} \`{firstName, lastName, email, resourceRoles: [{resourceId, resourceType, roles}]}\`, upserted by email (lower case): a user's roles become exactly those sent. Always 207: \`{status, code, userId, email}\` per record.`,
      params: CompanyParam,
      records: { schema: CompanyUserInput, max: USER_WRITE_MAX, single: 'wrap', noun: 'users' },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { companyId } = input.params;
      if (!(await companyExists(deps.db, companyId))) throw notFound(`No company with id ${companyId}`);
      const outcomes = await runBatch(deps, await input.records(), {
        parse: CompanyUserInput,
        check: (batch) =>
          batch.unique(
            (u) => u.email,
            new Set(),
            (u, earlier) =>
              twice(
                { field: 'email', rule: 'unique', value: u.email, message: `email ${u.email} is sent twice` },
                earlier,
              ),
          ),
        apply: async (u, _i, tx) => {
          const row = await writeUser(tx, companyId, u);
          return { code: row.inserted ? 201 : 200, fields: { userId: row.id, email: u.email } };
        },
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: '/admin/companies/{companyId}/users/{userId}',
      tag: 'Administration',
      auth: 'admin',
      summary: "Remove a user from a company's directory",
      description: '204 with `X-Delete-Count` (0 when no such user).',
      params: CompanyParam.extend({ userId: ObjectId }),
      responses: { 204: { description: 'Removed', headers: deleteCountHeaders('users removed') } },
    },
    async (c, input) => {
      const n = await deleteUser(c.get('deps').db, input.params.companyId, input.params.userId);
      return c.body(null, 204, { 'X-Delete-Count': String(n) });
    },
  );
}
