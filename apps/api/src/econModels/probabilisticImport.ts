import { CapexFunctionsView, EconModelEnvelopeInput, ObjectId } from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { conflict } from '../http/errors';
import { route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import { writeModel } from './store';

const Params = z.object({ companyId: ObjectId, projectId: ObjectId });

/** The model's name and tags beside its CAPEX functions (other fields are left out); every problem is reported. */
const ImportBody = z.object({
  ...EconModelEnvelopeInput.pick({ name: true, tags: true }).shape,
  ...CapexFunctionsView.shape,
});

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
      body: ImportBody,
      responses: {
        201: {
          description: 'Imported',
          content: { 'application/json': { schema: z.object({ id: ObjectId, name: z.string() }) } },
        },
      },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const { companyId, projectId } = input.params;
      await requireProject(deps, companyId, projectId);
      const { name, tags, ...functions } = await input.body();
      const scope = { companyId, key: projectId, projectId, text: `in project ${projectId}` };
      const envelope = { name, tags, unique: false };
      const written = await writeModel(deps, scope, 'capex', { envelope, functions }, 'admin', 'import');
      if (!written) throw conflict(`A CAPEX model named "${name}" already exists in project ${projectId}`);
      return c.json({ id: written.id, name }, 201);
    },
  );
}
