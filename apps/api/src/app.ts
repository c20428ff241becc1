import { randomBytes } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { registerAdminRoutes } from './admin/routes';
import type { AppEnv, Deps } from './appEnv';
import { registerAssignmentRoutes } from './assignments/routes';
import { requestGate } from './auth/gate';
import { registerTokenEndpoint } from './auth/tokenEndpoint';
import { registerComboRoutes } from './combos/routes';
import { registerCompanyRecordRoutes } from './companyRecords';
import { registerDownloadRoute } from './credentials/downloadRoute';
import { registerDirectionalSurveyRoutes } from './directionalSurveys/routes';
import { registerDocs } from './docs';
import { registerAllKindsEconModelRoutes } from './econModels/allKinds';
import { registerProbabilisticCapexImport } from './econModels/probabilisticImport';
import { registerEconModelRoutes } from './econModels/routes';
import { registerEconRunRoutes } from './econRuns/routes';
import { registerEconResultRoutes } from './econRuns/serviceRoutes';
import { registerExportDownloadRoute } from './exports/downloadRoute';
import { registerExportJobRoutes } from './exports/jobRoutes';
import { registerExportRoutes } from './exports/routes';
import { registerForecastConfigurationRoutes } from './forecastRuns/configurationRoutes';
import { registerForecastRunRoutes } from './forecastRuns/routes';
import { registerForecastAriesRoute } from './forecasts/ariesRoutes';
import { registerCompanyVolumeRoutes } from './forecasts/companyVolumeRoutes';
import { registerForecastServiceRoutes } from './forecasts/forecastRoutes';
import { registerForecastOutputRoutes } from './forecasts/outputRoutes';
import { registerForecastParameterRoutes } from './forecasts/parameterRoutes';
import { DomainError } from './http/errors';
import { onError } from './http/onError';
import { registerProductionRoutes } from './productions/routes';
import { registerCompanyWellRoutes } from './resources/companyWells';
import { registerCustomColumnRoutes } from './resources/customColumns';
import { registerForecastRoutes, registerScenarioRoutes } from './resources/forecastsAndScenarios';
import { registerProjectDeleteRoute } from './resources/projectDeleteRoute';
import { registerProjectRoutes } from './resources/projects';
import { registerWellCommentRoutes } from './resources/wellComments';
import { registerWellIdentifierRoutes } from './resources/wellIdentifiers';
import { registerWellRoutes } from './resources/wells';
import { registerEconLookupTableRoutes } from './scenarios/lookupTableRoutes';
import { registerScenarioWriteRoutes } from './scenarios/routes';
import { registerAllTypeCurveRoutes } from './typeCurves';

/** Paths under /v1 and /v2 that the request gate lets through. */
const PUBLIC_API_PATHS = new Set(['/v1/oauth/token']);

/**
 * Request ids: this process's random prefix and a counter (16 hex digits), unique across processes
 * and restarts without drawing random bytes per request (a sync call that showed in the gate's
 * profile, issue 23).
 */
const REQUEST_ID_PREFIX = randomBytes(4).toString('hex');
let requestCount = 0;
const nextRequestId = (): string => {
  requestCount = (requestCount + 1) % 0x1_0000_0000;
  return REQUEST_ID_PREFIX + requestCount.toString(16).padStart(8, '0');
};

/** Builds the API as a Hono app: testable with `app.request(...)`, served by `main.ts`. */
export function createApp(deps: Deps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(onError);
  app.notFound((c) => c.json({ name: 'NotFound', message: `No route ${c.req.method} ${c.req.path}` }, 404));

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || nextRequestId();
    c.set('requestId', requestId);
    // Set before the handler: a header set on a finished response makes Hono copy it with its body
    // as a stream, which the Node adapter then pipes (a third of a small GET's time, issue 23).
    c.header('X-Request-Id', requestId);
    await next();
  });
  // Requests without a body skip the limit: reading `c.req.raw` builds the full WHATWG Request.
  const limit = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: (c) => {
      const message = `The body is larger than the limit of ${deps.config.bodyLimitBytes} bytes`;
      // OAuth clients read `{error, error_description}` from the token endpoint (RFC 6749 5.2).
      if (PUBLIC_API_PATHS.has(c.req.path))
        return c.json({ error: 'invalid_request', error_description: message }, 413);
      throw new DomainError('PayloadTooLarge', message);
    },
  });
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next)));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(deps.keys.jwks());
  });
  registerDocs(app);
  registerTokenEndpoint(app);
  registerDownloadRoute(app);
  registerExportDownloadRoute(app);
  registerAdminRoutes(app);
  registerProbabilisticCapexImport(app);

  const gate = requestGate();
  for (const prefix of ['/v1/*', '/v2/*']) {
    app.use(prefix, (c, next) => (PUBLIC_API_PATHS.has(c.req.path) ? next() : gate(c, next)));
  }
  registerProjectRoutes(app);
  registerProjectDeleteRoute(app);
  registerWellRoutes(app);
  registerDirectionalSurveyRoutes(app);
  registerCompanyWellRoutes(app);
  registerWellIdentifierRoutes(app);
  registerWellCommentRoutes(app);
  registerCustomColumnRoutes(app);
  registerProductionRoutes(app);
  registerForecastServiceRoutes(app);
  registerForecastRoutes(app);
  registerForecastParameterRoutes(app);
  registerForecastOutputRoutes(app);
  registerForecastAriesRoute(app);
  registerCompanyVolumeRoutes(app);
  registerForecastRunRoutes(app);
  registerForecastConfigurationRoutes(app);
  // Before the scenario routes: `…/scenarios/lookup-tables` is not a scenario id.
  registerEconLookupTableRoutes(app);
  registerScenarioWriteRoutes(app);
  registerScenarioRoutes(app);
  registerEconRunRoutes(app);
  registerEconResultRoutes(app);
  registerComboRoutes(app);
  registerAllKindsEconModelRoutes(app);
  registerEconModelRoutes(app);
  registerAssignmentRoutes(app);
  registerAllTypeCurveRoutes(app);
  registerExportRoutes(app);
  registerExportJobRoutes(app);
  registerCompanyRecordRoutes(app);
  return app;
}
