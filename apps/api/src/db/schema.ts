/*
 * The API's PostgreSQL schema (drizzle), one module per area under `schema/`. drizzle-kit reads
 * this file (apps/api/drizzle.config.ts) and every module imports the tables from here.
 */
export * from './schema/auth';
export * from './schema/companyRecords';
export * from './schema/companyWells';
export * from './schema/directionalSurveys';
export * from './schema/econ';
export * from './schema/econResults';
export * from './schema/exports';
export * from './schema/forecastRuns';
export * from './schema/forecasts';
export * from './schema/jobChunks';
export * from './schema/productions';
export * from './schema/resources';
export * from './schema/scenarioLookups';
export * from './schema/typeCurves';
