import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../appEnv';
import { notFound } from '../http/errors';
import { registerFitFromWellsRoutes } from './fitFromWellsRoutes';
import { registerTypeCurveFitRoutes } from './fitRoutes';
import { registerLookupTableRoutes } from './lookupTables';
import { registerTypeCurveRoutes } from './routes';
import { v1Only, v2Only } from './switchover';
import { registerV1TypeCurveRoutes, v2RouteOf } from './v1/routes';

/**
 * Every type-curve route, V1 and V2, behind the switch-over (spec parts 4.4, 4.5 and 9.4).
 * Order matters: the static `lookup-tables` and `batch` paths are registered before `/{id}`.
 */
export function registerAllTypeCurveRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const path of ['/v2/projects/:projectId/type-curves', '/v2/projects/:projectId/type-curves/*']) {
    app.use(path, v2Only());
  }
  for (const path of ['/v1/projects/:projectId/type-curves', '/v1/projects/:projectId/type-curves/*']) {
    app.use(path, v1Only(v2RouteOf));
  }
  registerV1TypeCurveRoutes(app);
  registerRemovedHeadRoutes(app);
  registerLookupTableRoutes(app);
  registerTypeCurveRoutes(app);
  registerTypeCurveFitRoutes(app);
  registerFitFromWellsRoutes(app);
}

/**
 * V1's `GET /head` (a count in a body) is removed everywhere in V2 (spec 9.5): a 404 that says to
 * count with `HEAD /` (`X-Query-Count`), not a 400 about an id named `head`.
 */
function registerRemovedHeadRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const list of ['type-curves', 'type-curves/lookup-tables']) {
    app.get(`/v2/projects/:projectId/${list}/head`, (c) => {
      const path = `/v2/projects/${c.req.param('projectId')}/${list}`;
      throw notFound(
        `GET ${path}/head is removed in V2 (spec 9.5): count with HEAD ${path}, which answers X-Query-Count`,
      );
    });
  }
}
