/**
 * Every route of the service that `service-shapes.md` lists (issue 21), with the issue or decision
 * that covers it here. `serviceRoutes.int.test.ts` checks that each answers (it is in the OpenAPI
 * document with its methods) and that the README's table of the service's routes lists it.
 * Paths use our parameter names; `{…}` is any parameter.
 */
export interface ServiceRoute {
  path: string;
  methods: readonly ('get' | 'head' | 'post' | 'put' | 'patch' | 'delete')[];
  /** The issue (`#17`) or decision (`047`) that covers the route. */
  covered: string;
}

const PRODUCTION_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  // Productions
  { path: '/v1/monthly-productions', methods: PRODUCTION_METHODS, covered: '#17' },
  { path: '/v1/daily-productions', methods: PRODUCTION_METHODS, covered: '#17' },
  { path: '/v1/projects/{projectId}/monthly-productions', methods: PRODUCTION_METHODS, covered: '#17' },
  { path: '/v1/projects/{projectId}/daily-productions', methods: PRODUCTION_METHODS, covered: '#17' },
  // Wells
  { path: '/v1/wells', methods: ['get', 'head', 'post', 'put', 'patch', 'delete'], covered: '047' },
  { path: '/v1/wells/{wellId}', methods: ['get', 'put', 'patch', 'delete'], covered: '047' },
  {
    path: '/v1/projects/{projectId}/wells',
    methods: ['get', 'head', 'post', 'put', 'patch', 'delete'],
    covered: '047',
  },
  { path: '/v1/projects/{projectId}/wells/{wellId}', methods: ['get', 'put', 'patch', 'delete'], covered: '047' },
  { path: '/v1/projects/{projectId}/company-wells', methods: ['get', 'post', 'delete'], covered: '047' },
  { path: '/v1/projects/{projectId}/company-wells/{wellId}', methods: ['get'], covered: '047' },
  { path: '/v1/well-comments', methods: ['get'], covered: '047' },
  { path: '/v1/well-identifiers', methods: ['patch'], covered: '047' },
  { path: '/v1/custom-columns/{collection}', methods: ['get'], covered: '047' },
  { path: '/v1/projects/{projectId}/custom-columns/{collection}', methods: ['get'], covered: '047' },
  // Directional surveys
  { path: '/v1/directional-surveys', methods: ['get', 'post'], covered: '049' },
  { path: '/v1/directional-surveys/{id}', methods: ['get', 'put', 'delete'], covered: '049' },
  // Econ models (every kind, both scopes: `{route}` stands for each kind's route)
  { path: '/v1/projects/{projectId}/econ-models/{route}', methods: ['get', 'head', 'post', 'put'], covered: '#19' },
  { path: '/v1/projects/{projectId}/econ-models/{route}/{id}', methods: ['get', 'delete'], covered: '#19' },
  { path: '/v1/econ-models/{route}', methods: ['get', 'head', 'post', 'put'], covered: '#19' },
  { path: '/v1/econ-models/{route}/{id}', methods: ['get', 'delete'], covered: '#19' },
  {
    path: '/v1/projects/{projectId}/econ-models/{kind}/{econModelId}/assignments',
    methods: ['get', 'post', 'put', 'delete'],
    covered: '#8',
  },
  {
    path: '/v1/econ-models/{kind}/{econModelId}/assignments',
    methods: ['get', 'post', 'put', 'delete'],
    covered: '#21',
  },
  { path: '/v1/projects/{projectId}/econ-models', methods: ['get'], covered: '052' },
  { path: '/v1/econ-models', methods: ['get'], covered: '052' },
  // Econ runs and results
  { path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs', methods: ['get', 'post'], covered: '#8' },
  { path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{runId}', methods: ['get'], covered: '#8' },
  { path: '/v1/econ-runs', methods: ['get'], covered: '045' },
  { path: '/v1/econ-runs/{runId}', methods: ['get'], covered: '045' },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{runId}/one-liners',
    methods: ['get'],
    covered: '045',
  },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{runId}/one-liners/{oneLinerId}',
    methods: ['get'],
    covered: '045',
  },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{runId}/one-liners/combo-names',
    methods: ['get'],
    covered: '044',
  },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{runId}/monthly-econ-results',
    methods: ['get'],
    covered: '045',
  },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{runId}/monthly-exports',
    methods: ['post', 'head'],
    covered: '045',
  },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs/{runId}/monthly-exports/{exportId}',
    methods: ['get'],
    covered: '045',
  },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/combos',
    methods: ['get', 'post', 'put', 'delete'],
    covered: '044',
  },
  // Scenarios
  { path: '/v1/projects/{projectId}/scenarios', methods: ['get', 'post', 'put', 'delete'], covered: '052' },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/well-assignments',
    methods: ['get', 'post', 'put', 'delete'],
    covered: '052',
  },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/qualifiers',
    methods: ['get', 'post', 'put', 'delete'],
    covered: '044',
  },
  { path: '/v1/projects/{projectId}/scenarios/lookup-tables', methods: ['get', 'post', 'put'], covered: '052' },
  { path: '/v1/projects/{projectId}/scenarios/lookup-tables/{id}', methods: ['get', 'delete'], covered: '052' },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/assignments/lookup-tables',
    methods: ['get', 'put'],
    covered: '052',
  },
  {
    path: '/v1/projects/{projectId}/scenarios/{scenarioId}/assignments/lookup-tables/{id}',
    methods: ['get', 'delete'],
    covered: '052',
  },
  { path: '/v1/projects/{projectId}/scenarios/{scenarioId}/assignments/econ-models', methods: ['get'], covered: '045' },
  // Forecasts
  { path: '/v1/projects/{projectId}/forecasts/{forecastId}', methods: ['get', 'patch', 'delete'], covered: '050' },
  { path: '/v1/projects/{projectId}/forecasts/{forecastId}/wells', methods: ['post'], covered: '050' },
  { path: '/v1/projects/{projectId}/forecasts/{forecastId}/aries', methods: ['get'], covered: '050' },
  { path: '/v1/projects/{projectId}/forecasts/outputs/{outputId}', methods: ['get'], covered: '050' },
  { path: '/v1/projects/{projectId}/forecasts/{forecastId}/run', methods: ['post'], covered: '#18' },
  { path: '/v1/projects/{projectId}/forecasts/{forecastId}/run/{jobId}', methods: ['get'], covered: '#18' },
  { path: '/v1/forecast-configurations', methods: ['get', 'post', 'put', 'patch'], covered: '#18' },
  { path: '/v1/forecast-configurations/{id}', methods: ['get', 'delete'], covered: '#18' },
  { path: '/v1/forecasts/daily-volumes', methods: ['get'], covered: '050' },
  { path: '/v1/forecasts/monthly-volumes', methods: ['get'], covered: '050' },
  // Exports (v2 jobs)
  ...(['forecast-parameters', 'forecast-volumes', 'econ-monthly', 'econ-one-liners'] as const).flatMap((kind) => [
    { path: `/v2/exports/${kind}`, methods: ['post'] as const, covered: '051' },
    { path: `/v2/exports/${kind}/{id}`, methods: ['get'] as const, covered: '051' },
  ]),
  // Other
  { path: '/v1/projects/{projectId}', methods: ['get', 'delete'], covered: '052' },
  { path: '/v1/tags', methods: ['get'], covered: '053' },
  { path: '/v1/users/roles', methods: ['get'], covered: '053' },
  { path: '/v1/ownership-qualifiers', methods: ['get', 'post', 'put'], covered: '053' },
  { path: '/v1/ownership-qualifiers/{id}', methods: ['get'], covered: '053' },
];

/** A path with every parameter written `{}` (parameter names differ between documents). */
export const normalizePath = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** How the README's table names what covers a route: `issue 17`, `decision 047`. */
export const coveredBy = (covered: string) =>
  covered.startsWith('#') ? `issue ${covered.slice(1)}` : `decision ${covered}`;
