import { createHash, timingSafeEqual } from 'node:crypto';
import {
  Company,
  CompanyCreate,
  CompanyCreated,
  Credential,
  CredentialCreate,
  CredentialCreated,
  ObjectId,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import {
  createCompany,
  createCredential,
  getCredential,
  listCompanies,
  listCredentials,
  revokeCredential,
} from '../credentials/service';
import { DomainError, unauthorized } from '../http/errors';
import { route } from '../http/route';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `Authorization: Bearer <API_ADMIN_TOKEN>`; without a configured token the admin routes do not exist. */
export function adminGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const expected = c.get('deps').config.adminToken;
    if (!expected) throw new DomainError('NotFound', 'Admin routes are disabled: set API_ADMIN_TOKEN to enable them');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match) throw unauthorized('Missing header: Authorization (Bearer <API_ADMIN_TOKEN>)');
    if (!timingSafeEqual(digest(match[1]!), digest(expected))) throw unauthorized('Invalid admin token');
    await next();
  };
}

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const IdParam = z.object({ id: ObjectId });

/** The management surface for operators and the console: companies and their credentials. */
export function registerAdminRoutes(app: OpenAPIHono<AppEnv>): void {
  app.use('/admin/*', adminGate());
  const tag = 'Administration';

  route(
    app,
    {
      method: 'post',
      path: '/admin/companies',
      tag,
      auth: 'admin',
      summary: 'Create a company (returns its API key, once)',
      body: CompanyCreate,
      responses: { 201: json(CompanyCreated, 'Created') },
    },
    async (c, input) => {
      const { name } = await input.body();
      return c.json(await createCompany(c.get('deps'), name), 201);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: '/admin/companies',
      tag,
      auth: 'admin',
      summary: 'List companies',
      responses: { 200: json(z.array(Company), 'Companies') },
    },
    async (c) => c.json(await listCompanies(c.get('deps')), 200),
  );

  route(
    app,
    {
      method: 'post',
      path: '/admin/credentials',
      tag,
      auth: 'admin',
      summary: 'Create a credential and its one-time ZIP link',
      description:
        'At most 3 active credentials per company (v1 and v2 together): a fourth gets 409. The ZIP link works once, within 1 hour.',
      body: CredentialCreate,
      responses: {
        201: json(CredentialCreated, 'Created'),
        404: json(z.object({ name: z.string(), message: z.string() }), 'No such company'),
        409: json(z.object({ name: z.string(), message: z.string() }), 'Credential limit reached'),
      },
    },
    async (c, input) => c.json(await createCredential(c.get('deps'), await input.body()), 201),
  );

  const ListQuery = z.object({ companyId: ObjectId.optional() });
  route(
    app,
    {
      method: 'get',
      path: '/admin/credentials',
      tag,
      auth: 'admin',
      summary: 'List credentials (metadata only)',
      query: ListQuery,
      responses: { 200: json(z.array(Credential), 'Credentials') },
    },
    async (c, input) => c.json(await listCredentials(c.get('deps'), input.query.companyId), 200),
  );

  route(
    app,
    {
      method: 'get',
      path: '/admin/credentials/{id}',
      tag,
      auth: 'admin',
      summary: 'Get one credential (metadata only)',
      params: IdParam,
      responses: { 200: json(Credential, 'Credential') },
    },
    async (c, input) => c.json(await getCredential(c.get('deps'), input.params.id), 200),
  );

  route(
    app,
    {
      method: 'post',
      path: '/admin/credentials/{id}/revoke',
      tag,
      auth: 'admin',
      summary: 'Revoke a credential',
      description: 'Frees its slot; every token issued from it fails on its next request. Idempotent.',
      params: IdParam,
      responses: { 200: json(Credential, 'Revoked') },
    },
    async (c, input) => c.json(await revokeCredential(c.get('deps'), input.params.id), 200),
  );
}
