import { CapexFunctionsView, EconModelEnvelopeInput, ObjectId } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { econModels, projects } from '../db/schema';
import { conflict, invalid, notFound } from '../http/errors';
import { parseWith, readJson, route } from '../http/route';
import { zodDetails } from '../http/zodDetails';
import { newObjectId } from '../ids';

const Params = z.object({ companyId: ObjectId, projectId: ObjectId });

/**
 * `POST /admin/companies/{companyId}/projects/{projectId}/econ-models/capex/probabilistic`: an
 * operator imports a probabilistic CAPEX model (spec 2.7: such models are read-only through the
 * API, so they can only come in this way). Used by the demo seed.
 */
export function registerProbabilisticCapexImport(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'post',
      path: '/admin/companies/{companyId}/projects/{projectId}/econ-models/capex/probabilistic',
      tag: 'Administration',
      auth: 'admin',
      summary: 'Import a probabilistic CAPEX model (read-only through the API)',
      params: Params,
      body: z.object({ name: z.string(), tags: z.array(z.string()).optional() }).and(CapexFunctionsView),
      responses: {
        201: {
          description: 'Imported',
          content: { 'application/json': { schema: z.object({ id: ObjectId, name: z.string() }) } },
        },
      },
    },
    async (c) => {
      const deps = c.get('deps');
      const { companyId, projectId } = parseWith(Params, c.req.param(), 'path.');
      const [project] = await deps.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)))
        .limit(1);
      if (!project) throw notFound(`No project ${projectId} in company ${companyId}`);
      const body = await readJson(c);
      const { name, tags, ...functions } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      const envelope = parseWith(EconModelEnvelopeInput.pick({ name: true, tags: true }), { name, tags });
      const parsed = CapexFunctionsView.safeParse(functions);
      if (!parsed.success) {
        const details = zodDetails(parsed.error, functions);
        throw invalid(details[0]?.message ?? 'Invalid CAPEX model', details);
      }
      const now = deps.clock.now();
      const id = newObjectId(deps.clock);
      const inserted = await deps.db
        .insert(econModels)
        .values({
          id,
          companyId,
          scope: projectId,
          projectId,
          kind: 'capex',
          name: envelope.name,
          tags: envelope.tags,
          unique: false,
          readOnly: true,
          functions: parsed.data as Record<string, unknown>,
          createdBy: 'admin',
          lastUpdatedBy: 'admin',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: econModels.id });
      if (inserted.length === 0)
        throw conflict(`A CAPEX model named "${envelope.name}" already exists in project ${projectId}`);
      return c.json({ id, name: envelope.name }, 201);
    },
  );
}
