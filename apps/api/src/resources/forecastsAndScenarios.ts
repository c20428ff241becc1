import {
  FORECAST_SORT,
  FORECAST_WRITE_MAX,
  Forecast,
  ForecastInput,
  SCENARIO_SORT,
  SCENARIO_WRITE_MAX,
  Scenario,
  ScenarioInput,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../appEnv';
import { forecasts, forecastWells, scenarios, scenarioWells } from '../db/schema';
import { registerWellSetRoutes } from './wellSets';

export function registerForecastRoutes(app: OpenAPIHono<AppEnv>): void {
  registerWellSetRoutes(app, {
    tag: 'Forecasts',
    segment: 'forecasts',
    noun: 'forecast',
    input: ForecastInput,
    output: Forecast,
    sortFields: FORECAST_SORT,
    writeMax: FORECAST_WRITE_MAX,
    table: forecasts,
    join: forecastWells,
    joinParent: forecastWells.forecastId,
    joinRow: (forecastId, wellId) => ({ forecastId, wellId }),
    extraRow: (input) => ({ type: input.type }),
    extraOut: (row) => ({ type: row.type }),
  });
}

export function registerScenarioRoutes(app: OpenAPIHono<AppEnv>): void {
  registerWellSetRoutes(app, {
    tag: 'Scenarios',
    segment: 'scenarios',
    noun: 'scenario',
    input: ScenarioInput,
    output: Scenario,
    sortFields: SCENARIO_SORT,
    writeMax: SCENARIO_WRITE_MAX,
    table: scenarios,
    join: scenarioWells,
    joinParent: scenarioWells.scenarioId,
    joinRow: (scenarioId, wellId) => ({ scenarioId, wellId }),
    extraRow: () => ({}),
    extraOut: () => ({}),
  });
}
