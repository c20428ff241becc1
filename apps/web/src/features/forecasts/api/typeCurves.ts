import { TYPE_CURVE_TAKE_MAX, TypeCurve, TypeCurveFitsView } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/http';

/*
 * The type curves the editor draws with a well: read here under the type-curve pages' key prefix
 * (`['type-curves', projectId]`), so their writes refresh these too (features do not import each other).
 */
const base = (projectId: string) => `/api/v2/projects/${encodeURIComponent(projectId)}/type-curves`;

/** Every type curve of the project (with its wells), by name. */
export const projectTypeCurvesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['type-curves', projectId, 'forecast-editor'],
    queryFn: () =>
      getJson(
        `${base(projectId)}?${new URLSearchParams({ skip: '0', take: String(TYPE_CURVE_TAKE_MAX), sort: 'name' })}`,
        TypeCurve.array(),
      ),
  });

/** A type curve's fits (the same key and body as the type-curve page's). */
export const typeCurveFitsQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: ['type-curves', projectId, id, 'fits'],
    queryFn: () => getJson(`${base(projectId)}/${encodeURIComponent(id)}/fits`, TypeCurveFitsView),
  });
