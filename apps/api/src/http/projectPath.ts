import { ObjectId } from '@econ/contract';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { requireProject } from '../resources/projectStore';
import { parseWith } from './route';

/** The path parameters of a project-scoped route. */
export const ProjectParam = z.object({ projectId: ObjectId });

/** The `projectId` of the path, checked to be a project of the caller's company (400 for a bad id, 404). */
export async function projectOfPath(c: Context<AppEnv>): Promise<string> {
  const { projectId } = parseWith(ProjectParam, { projectId: c.req.param('projectId') }, 'path.');
  await requireProject(c.get('deps'), c.get('auth').companyId, projectId);
  return projectId;
}
