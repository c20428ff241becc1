import type { Schema } from '@econ/test-kit/fuzz/schemaDoc';

/**
 * Tables that legitimately change on any request, even a refused one: the token endpoint's rate
 * windows (every token request counts, valid or not).
 */
export const API_VOLATILE_TABLES = ['rate_limits'] as const;

/** One write route as the OpenAPI document describes it. */
export interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: `/v1/projects/{projectId}`. */
  path: string;
  auth: 'api' | 'admin' | 'none';
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  /** The JSON request schema, when the route takes a body. */
  body?: Schema;
  bodyRequired: boolean;
  /** Documented responses: status → JSON schema of the body (if any). */
  responses: Record<string, Schema | undefined>;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** Every path with post/put/patch/delete in the document: a route added later is fuzzed too. */
export function writeRoutes(doc: OpenApiDoc): WriteRoute[] {
  const out: WriteRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const m of WRITE_METHODS) {
      const op = ops[m];
      if (!op) continue;
      const security = (op.security ?? []) as Record<string, unknown>[];
      const schemes = security.flatMap((s) => Object.keys(s));
      const requestBody = op.requestBody as
        | { required?: boolean; content?: Record<string, { schema?: Schema }> }
        | undefined;
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, r] of Object.entries((op.responses ?? {}) as Record<string, Record<string, unknown>>)) {
        const content = r.content as Record<string, { schema?: Schema }> | undefined;
        responses[status] = content?.['application/json']?.schema;
      }
      out.push({
        method: m.toUpperCase() as WriteRoute['method'],
        path,
        auth: schemes.includes('adminToken') ? 'admin' : schemes.length > 0 ? 'api' : 'none',
        params: ((op.parameters ?? []) as WriteRoute['params']).map((p) => ({ ...p, required: !!p.required })),
        body: requestBody?.content?.['application/json']?.schema,
        bodyRequired: requestBody?.required === true,
        responses,
      });
    }
  }
  return out;
}

/** Ids of the seeded fixture, by what they name. */
export interface FixtureIds {
  companyId: string;
  projectId: string;
  forecastId: string;
  scenarioId: string;
  wellId: string;
  credentialId: string;
  typeCurveId: string;
  lookupTableId: string;
  directionalSurveyId: string;
  /** Project econ models by kind (`pricing` → id). */
  econModels: Record<string, string>;
  /** Company-level econ models by kind. */
  companyEconModels: Record<string, string>;
}

/** An id of the right shape that names nothing. */
export const UNKNOWN_ID = 'ffffffffffffffffffffffff';

/**
 * The fixture's value for a path parameter: by its name, and for a bare `{id}` by the segment
 * before it (`/lookup-tables/{id}`, `/econ-models/capex/{id}`). Enum parameters take the first
 * value that the fixture has data for. Unknown names get an id that names nothing (a 404 then).
 */
export function fixtureValue(route: WriteRoute, name: string, ids: FixtureIds): string {
  const param = route.params.find((p) => p.name === name && p.in === 'path');
  const values = (param?.schema.enum ?? []) as string[];
  const segments = route.path.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1] ?? '';
  const companyLevel = !route.path.includes('{projectId}');
  if (name === 'kind') return values.includes('pricing') ? 'pricing' : (values[0] ?? 'pricing');
  if (values.length > 0) {
    for (const v of ['oil', 'best']) if (values.includes(v)) return v;
    return values[0]!;
  }
  switch (name) {
    case 'companyId':
      return ids.companyId;
    case 'projectId':
      return ids.projectId;
    case 'forecastId':
      return ids.forecastId;
    case 'scenarioId':
      return ids.scenarioId;
    case 'wellId':
      return ids.wellId;
    case 'econModelId':
      return ids.econModels.pricing ?? UNKNOWN_ID;
  }
  if (name === 'id') {
    if (before === 'credentials') return ids.credentialId;
    if (before === 'lookup-tables') return ids.lookupTableId;
    if (before === 'type-curves') return ids.typeCurveId;
    if (before === 'directional-surveys') return ids.directionalSurveyId;
    // The deprecated price-deck route serves the pricing models.
    const stored = before === 'price-deck' ? 'pricing' : before;
    const kind = companyLevel ? ids.companyEconModels[stored] : ids.econModels[stored];
    if (kind) return kind;
  }
  return UNKNOWN_ID;
}

/** Path parameter values that are malformed (or name nothing): each must be refused. */
export const MALFORMED_IDS = [
  'x',
  'not-an-object-id',
  'FFFFFFFFFFFFFFFFFFFFFFFF',
  '6523f1a2b4c5d6e7f8091a2',
  '6523f1a2b4c5d6e7f8091a2b0',
  '%ZZ',
  '%00',
  "'; DROP TABLE projects; --",
  '💥',
  'a'.repeat(2000),
  UNKNOWN_ID,
];

const RAW_IDS = new Set(['%ZZ', '%00']);

/** The request path with its parameters filled (`override` for one of them, sent as given). */
export function fillPath(route: WriteRoute, ids: FixtureIds, override?: { name: string; value: string }): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override?.name === name) {
      return RAW_IDS.has(override.value) ? override.value : encodeURIComponent(override.value);
    }
    return encodeURIComponent(fixtureValue(route, name, ids));
  });
}
