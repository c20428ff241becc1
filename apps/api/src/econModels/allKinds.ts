import {
  ASSUMPTION_TYPE_NAMES,
  AssumptionName,
  assumptionKind,
  ECON_MODEL_KINDS,
  ECON_MODEL_SORT,
  EconModelEnvelope,
  type EconModelKind,
  ObjectId,
  pagingQuery,
  TAKE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { LIST_HEADERS, respondList } from '../http/paging';
import { commaList } from '../http/queryForms';
import { route } from '../http/route';
import { requireProject } from '../resources/projectStore';
import { allKindsList, type EconModelRow, toDocument } from './store';

/*
 * `GET /v1/projects/{p}/econ-models` and `GET /v1/econ-models` (issue 21; service-shapes.md "Econ
 * models"): the models of every kind in one list, each row its kind's document with `type` (the
 * service's type name, `Pricing`) and `kind` (our route, `pricing`).
 */

const EconModelOfAnyKind = EconModelEnvelope.extend({
  type: z.string().meta({ description: 'the type name: GeneralOptions, ActualOrForecast, Pricing, …' }),
  kind: z.enum(ECON_MODEL_KINDS).meta({ description: 'the route of the kind: general-options, pricing, …' }),
})
  .loose()
  .meta({ id: 'EconModelOfAnyKind' });

const Query = pagingQuery(ECON_MODEL_SORT, TAKE_MAX).extend({
  type: commaList(AssumptionName, { description: 'kinds to keep: type names or routes (repeatable)' }),
  name: z.array(z.string().max(200)).max(100).optional().meta({ description: 'exact names (repeatable)' }),
  search: z.string().max(200).optional().meta({ description: 'a case-insensitive part of the name' }),
});

const row = (r: EconModelRow) => {
  const kind = r.kind as EconModelKind;
  return { ...toDocument(kind, r), type: ASSUMPTION_TYPE_NAMES[kind], kind };
};

export function registerAllKindsEconModelRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const scope of ['project', 'company'] as const) {
    route(
      app,
      {
        method: 'get',
        path: scope === 'project' ? '/v1/projects/{projectId}/econ-models' : '/v1/econ-models',
        tag: 'Econ models',
        auth: 'api',
        head: true,
        summary: `List econ models of every kind (${scope})`,
        description:
          "`type` keeps some kinds (type name `Pricing` or route `pricing`; repeatable), `name` exact names, `search` a part of the name; `skip`, `take` (at most 200), `sort`, `Link`. Each row is the kind's document with `type` and `kind`.",
        ...(scope === 'project' ? { params: z.object({ projectId: ObjectId }) } : {}),
        query: Query,
        responses: {
          200: {
            description: 'One page of models',
            content: { 'application/json': { schema: z.array(EconModelOfAnyKind) } },
            headers: LIST_HEADERS,
          },
        },
      },
      async (c, input) => {
        const deps = c.get('deps');
        const companyId = c.get('auth').companyId;
        let key = 'company';
        if (scope === 'project') {
          const { projectId } = input.params as { projectId: string };
          await requireProject(deps, companyId, projectId);
          key = projectId;
        }
        const q = input.query;
        const kinds = q.type?.map((t) => assumptionKind(t)!);
        return respondList(
          c,
          deps.config.publicBaseUrl,
          { sortFields: ECON_MODEL_SORT, takeMax: TAKE_MAX },
          allKindsList(deps.db, companyId, key, { kinds, names: q.name, search: q.search }, row),
        );
      },
    );
  }
}
