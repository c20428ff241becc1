import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const companies = pgTable('companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The company's x-api-key. Kept because every credential ZIP carries it (spec 5 rule 7). */
  apiKey: text('api_key').notNull().unique(),
  createdAt: ts('created_at').notNull(),
});

export const credentials = pgTable(
  'credentials',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    version: text('version', { enum: ['v1', 'v2'] }).notNull(),
    status: text('status', { enum: ['active', 'revoked'] }).notNull(),
    /** v2: clientId (UUID). */
    clientId: text('client_id').unique(),
    /** v2: scrypt hash of the client secret (`scrypt$N$r$p$salt$hash`). */
    secretHash: text('secret_hash'),
    /** v1: the public half of the key pair, SPKI PEM. The private key is never stored. */
    publicKeyPem: text('public_key_pem'),
    /** v1: private_key_id, the `kid` of the client's tokens. */
    keyId: text('key_id').unique(),
    /** v1: client_email, the `iss` and `sub` of the client's tokens. */
    clientEmail: text('client_email'),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** sha256 of the one-time download link's id. */
    downloadId: text('download_id').notNull().unique(),
    downloadExpiresAt: ts('download_expires_at').notNull(),
    downloadedAt: ts('downloaded_at'),
    /** The ZIP, AES-256-GCM encrypted with a key that exists only in the download link; dropped once used. */
    downloadBlob: bytea('download_blob'),
  },
  (t) => [index('credentials_company_idx').on(t.companyId, t.status)],
);

/** The service's token-signing keys: shared by every replica. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: text('private_jwk').notNull(),
  publicJwk: text('public_jwk').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Fixed-window counters of the token endpoint's rate limits. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('projects_company_name_uq').on(t.companyId, t.name)],
);

export const wells = pgTable(
  'wells',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    wellName: text('well_name').notNull(),
    chosenId: text('chosen_id').notNull(),
    dataSource: text('data_source').notNull(),
    api14: text('api14'),
    county: text('county'),
    state: text('state'),
    firstProdDate: date('first_prod_date', { mode: 'string' }),
    perfLateralLength: doublePrecision('perf_lateral_length'),
    lateralLength: doublePrecision('lateral_length'),
    measuredDepth: doublePrecision('measured_depth'),
    trueVerticalDepth: doublePrecision('true_vertical_depth'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('wells_company_chosen_uq').on(t.companyId, t.chosenId, t.dataSource),
    index('wells_project_idx').on(t.projectId, t.id),
  ],
);

export const forecasts = pgTable(
  'forecasts',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    type: text('type', { enum: ['deterministic', 'probabilistic'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('forecasts_project_name_uq').on(t.projectId, t.name)],
);

export const forecastWells = pgTable(
  'forecast_wells',
  {
    forecastId: text('forecast_id')
      .notNull()
      .references(() => forecasts.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.forecastId, t.wellId] })],
);

export const scenarios = pgTable(
  'scenarios',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('scenarios_project_name_uq').on(t.projectId, t.name)],
);

export const scenarioWells = pgTable(
  'scenario_wells',
  {
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.scenarioId, t.wellId] })],
);

export const econRuns = pgTable(
  'econ_runs',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id),
    status: text('status', { enum: ['pending', 'running', 'complete', 'failed'] })
      .notNull()
      .default(sql`'pending'`),
    runDate: ts('run_date').notNull(),
    /** The forecast whose best series the run reads (null for runs made before runs were computed here). */
    forecastId: text('forecast_id').references(() => forecasts.id, { onDelete: 'set null' }),
    /** Qualifier per econ model kind. */
    qualifiers: jsonb('qualifiers').notNull().default(sql`'{}'::jsonb`),
    wellsTotal: integer('wells_total').notNull().default(0),
    wellsDone: integer('wells_done').notNull().default(0),
    wellsFailed: integer('wells_failed').notNull().default(0),
    incomeTax: boolean('income_tax').notNull().default(false),
    /** Attempts to compute the run (a run whose worker died is taken up again, at most 3 times). */
    attempts: integer('attempts').notNull().default(0),
    /** The process computing it, and its last sign of life (a silent worker's run is taken up again). */
    workerId: text('worker_id'),
    heartbeatAt: ts('heartbeat_at'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    error: text('error'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('econ_runs_scenario_idx').on(t.scenarioId, t.id),
    index('econ_runs_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The result of one well of an econ run: its one-liner (JSON, with sortable copies of the figures
 * lists sort by) and its monthly rows packed column by column as float64 (`monthly`: months ×
 * columns values, the run's column list in `columns`), months consecutive from `first_month`.
 */
export const econRunWells = pgTable(
  'econ_run_wells',
  {
    runId: text('run_id')
      .notNull()
      .references(() => econRuns.id, { onDelete: 'cascade' }),
    wellId: text('well_id').notNull(),
    wellName: text('well_name').notNull(),
    status: text('status', { enum: ['complete', 'failed'] }).notNull(),
    oneLiner: jsonb('one_liner').notNull(),
    firstDiscountNpv: doublePrecision('first_discount_npv'),
    secondDiscountNpv: doublePrecision('second_discount_npv'),
    bfit: doublePrecision('bfit'),
    irr: doublePrecision('irr'),
    econLimitDate: date('econ_limit_date', { mode: 'string' }),
    firstMonth: date('first_month', { mode: 'string' }),
    months: integer('months').notNull(),
    /** Names of the packed columns, in order. */
    columns: jsonb('columns').notNull(),
    monthly: bytea('monthly').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.wellId] })],
);

/** How one well and phase of a forecast is forecast (spec part 2.8): shared by its series. */
export const forecastPhases = pgTable(
  'forecast_phases',
  {
    forecastId: text('forecast_id')
      .notNull()
      .references(() => forecasts.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['oil', 'gas', 'water'] }).notNull(),
    forecastType: text('forecast_type', { enum: ['rate', 'ratio'] }).notNull(),
    basePhase: text('base_phase', { enum: ['oil', 'gas', 'water'] }),
    dataFrequency: text('data_frequency', { enum: ['daily', 'monthly'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.forecastId, t.wellId, t.phase] })],
);

/** The segments of one well, phase and series of a forecast: the list of spec part 2.8, validated and canonical. */
export const forecastSeries = pgTable(
  'forecast_series',
  {
    forecastId: text('forecast_id')
      .notNull()
      .references(() => forecasts.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['oil', 'gas', 'water'] }).notNull(),
    series: text('series', { enum: ['p10', 'p50', 'p90', 'best'] }).notNull(),
    segments: jsonb('segments').notNull(),
    segmentsCount: integer('segments_count').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.forecastId, t.wellId, t.phase, t.series] })],
);

/**
 * Econ models of every kind (spec parts 2.1–2.7). `scope` is the project id for project models and
 * `company` for company models; names are unique per company, scope and kind. `functions` holds
 * the kind's validated econ function objects (read-only fields are computed on read).
 */
export const econModels = pgTable(
  'econ_models',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    scope: text('scope').notNull(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    tags: jsonb('tags').notNull(),
    unique: boolean('unique').notNull(),
    copiedFrom: text('copied_from'),
    /** Probabilistic CAPEX: read-only through the API (spec part 2.7). */
    readOnly: boolean('read_only').notNull().default(false),
    functions: jsonb('functions').notNull(),
    createdBy: text('created_by').notNull(),
    lastUpdatedBy: text('last_updated_by').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('econ_models_scope_name_uq').on(t.companyId, t.scope, t.kind, t.name),
    index('econ_models_scope_idx').on(t.companyId, t.scope, t.kind, t.id),
  ],
);

/**
 * Type curves (spec part 2.9). One row serves V1 and V2: ids are unchanged across the switch-over.
 * `wells` and `excludedWells` are ordered id lists (null when never sent: the key is left out on
 * read); `v1RegressionType` keeps the V1 curve-level field for the V1 routes.
 */
export const typeCurves = pgTable(
  'type_curves',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    forecastId: text('forecast_id').references(() => forecasts.id, { onDelete: 'set null' }),
    forecastSeries: text('forecast_series', { enum: ['best', 'P10', 'P50', 'P90'] }),
    wells: jsonb('wells').$type<string[]>(),
    excludedWells: jsonb('excluded_wells').$type<string[]>(),
    v1RegressionType: text('v1_regression_type'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('type_curves_project_name_uq').on(t.projectId, t.name),
    index('type_curves_project_idx').on(t.projectId, t.id),
  ],
);

/** The fit of one phase of a type curve (spec part 2.9): the contract's stored `Fit`. */
export const typeCurveFits = pgTable(
  'type_curve_fits',
  {
    typeCurveId: text('type_curve_id')
      .notNull()
      .references(() => typeCurves.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['oil', 'gas', 'water'] }).notNull(),
    fit: jsonb('fit').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeCurveId, t.phase] })],
);

/** The normalization document of a type curve (spec part 2.9): all three phases. */
export const typeCurveNormalizations = pgTable('type_curve_normalizations', {
  typeCurveId: text('type_curve_id')
    .primaryKey()
    .references(() => typeCurves.id, { onDelete: 'cascade' }),
  document: jsonb('document').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Per-well normalization multipliers of a type curve and phase, from the last application of its
 * normalization. Never exposed (spec part 4.4 write rule 3); deleted when the phase is left empty.
 */
export const typeCurveMultipliers = pgTable(
  'type_curve_multipliers',
  {
    typeCurveId: text('type_curve_id')
      .notNull()
      .references(() => typeCurves.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['oil', 'gas', 'water'] }).notNull(),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    eur: doublePrecision('eur'),
    peak: doublePrecision('peak'),
    appliedAt: ts('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeCurveId, t.phase, t.wellId] })],
);

/**
 * Type-curve lookup tables (spec parts 2.9 and 4.4). `rules` holds the validated V2 rules; a rule
 * whose type curve is deleted loses its `typeCurve` key (write rule 4).
 */
export const lookupTables = pgTable(
  'lookup_tables',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    caseInsensitiveMatching: boolean('case_insensitive_matching').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    rules: jsonb('rules').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('lookup_tables_project_name_uq').on(t.projectId, t.name),
    index('lookup_tables_project_idx').on(t.projectId, t.id),
  ],
);

/**
 * One-way switches the service has passed, shared by every replica: a row for `type-curves-v2`
 * once the clock reached SWITCHOVER_AT. Once present, V1 type-curve routes stay gone.
 */
export const switchovers = pgTable('switchovers', {
  name: text('name').primaryKey(),
  at: ts('at').notNull(),
});

/**
 * Exports (spec part 4.2): one row per `POST /v1/exports`. Progress is written here so any replica
 * answers `GET /v1/exports/{id}`; `files` is the list of generated files once complete.
 */
export const dataExports = pgTable(
  'exports',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    /** No foreign key: an export outlives a deleted project or forecast until it expires. */
    projectId: text('project_id').notNull(),
    exportType: text('export_type', {
      enum: ['econMonthlyExport', 'dailyForecastVolumeExport', 'monthlyForecastVolumeExport'],
    }).notNull(),
    fileType: text('file_type', { enum: ['parquet'] }).notNull(),
    forecastId: text('forecast_id'),
    scenarioId: text('scenario_id'),
    econRunId: text('econ_run_id'),
    status: text('status', { enum: ['running', 'complete', 'failed', 'expired'] }).notNull(),
    rowsWritten: integer('rows_written').notNull().default(0),
    filesDone: integer('files_done').notNull().default(0),
    files: jsonb('files').$type<{ name: string; rows: number; bytes: number }[]>().notNull().default([]),
    expiresAt: ts('expires_at').notNull(),
    error: text('error'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('exports_company_idx').on(t.companyId, t.id), index('exports_expiry_idx').on(t.status, t.expiresAt)],
);

/** Secrets the service generates once and every replica shares (e.g. the export link key). */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Scenario assignments (issue 8): which econ model of each kind applies to a well of a scenario,
 * per qualifier. The primary key makes it one model per kind, well and qualifier in a scenario:
 * assigning another model of the kind replaces the row. Rows go with the scenario, the well or the model.
 */
export const scenarioAssignments = pgTable(
  'scenario_assignments',
  {
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    qualifierName: text('qualifier_name').notNull(),
    econModelId: text('econ_model_id')
      .notNull()
      .references(() => econModels.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scenarioId, t.wellId, t.kind, t.qualifierName] }),
    index('scenario_assignments_model_idx').on(t.econModelId, t.scenarioId, t.qualifierName),
  ],
);
