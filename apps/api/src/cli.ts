import { accessSync, constants, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type AssignmentMultiStatus,
  type CompanyCreated,
  type Credential,
  type CredentialCreated,
  ECON_MODEL_KINDS,
  ECON_MODEL_SPECS,
  type EconModelKind,
  type EconModelMultiStatus,
  econModelExample,
  type ForecastParameterMultiStatus,
  type MultiStatus,
  probabilisticCapexExample,
  type TokenResponse,
  V2CredentialFile,
} from '@econ/contract';
import { strFromU8, unzipSync } from 'fflate';
import { createApp } from './app';
import { createDeps, resolveAdminToken, runningApi } from './bootstrap';
import { scaleForecast, scaleHistory, scaleWell } from './demo/scaleWells';
import { createWells, postProductions, putForecastParameters, type SeedClient } from './demo/seedClient';
import { demoSurveys } from './demo/surveys';
import {
  DEMO_FORECAST,
  DEMO_PROJECT,
  DEMO_SCENARIO,
  demoForecastParameters,
  demoHistories,
  demoTypeCurve,
  demoWells,
} from './demoData';
import { readEnv } from './env';
import { migrateCommand } from './typeCurves/v1/migrateCommand';

const USAGE = `Usage: npm run cli -- <command>

  company create NAME                         create a company; prints its id and API key
  company list                                list companies
  credentials create --company ID --version v1|v2 --out FILE.zip
                                              create a credential and save its one-time ZIP
  credentials list [--company ID]             list credentials (metadata only)
  credentials revoke ID                       revoke a credential
  seed --demo [--out FILE.zip] [--version v1|v2]
                                              a demo company, project, wells, forecast and scenario;
                                              prints the ids and saves a credential ZIP; the wells
                                              get daily and monthly production history up to the
                                              forecast's as-of date (2026-11-01)
  seed --wells N [--daily] [--out FILE.zip]   a company and a project of N wells for scale tests: a
                                              forecast and monthly production history of 3-7 years
                                              per well (--daily: daily history too), written through
                                              the public routes 20,000 records a request; prints
                                              progress on stderr, the ids on stdout
  type-curves migrate --file V1.json --project ID [--credentials ZIP] [--dry-run]
                                              turn V1 type curves (one or an array, V1 GET shape)
                                              into the V2 calls; prints the plan and what could not
                                              be carried; without --dry-run makes the calls with a
                                              v2 credential ZIP and prints the new ids

Works whether or not the API is running: with PGlite, when an API holds DATA_DIR the CLI calls its
admin routes; otherwise it opens the storage itself.`;

/** How the CLI reaches the API: the running server's admin routes, or the app in-process. */
interface Transport {
  call(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
  where: string;
}

async function connect(): Promise<Transport> {
  const env = readEnv();
  const admin = resolveAdminToken(env);
  const config = { ...env, adminToken: admin.token };
  const withAdmin = (path: string, init: RequestInit = {}): RequestInit => {
    const headers = new Headers(init.headers);
    if (path.startsWith('/admin/') && !headers.has('authorization'))
      headers.set('authorization', `Bearer ${admin.token}`);
    return { ...init, headers };
  };
  const url = runningApi(config);
  if (url) {
    return {
      call: (path, init) => fetch(`${url}${path}`, withAdmin(path, init)),
      close: async () => {},
      where: `the running API at ${url}`,
    };
  }
  const { deps, database } = await createDeps(config);
  const app = createApp(deps);
  return {
    call: async (path, init) => app.request(path, withAdmin(path, init)),
    close: () => database.close(),
    where: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
  };
}

async function expectJson<T>(res: Response, what: string): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new Error(`${what} failed: ${res.status} ${body.message ?? JSON.stringify(body)}`);
  return body;
}

const postJson = (t: Transport, path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function createCredentialZip(
  t: Transport,
  companyId: string,
  version: string,
  out: string,
): Promise<CredentialCreated> {
  // The ZIP can be downloaded once: make sure it can be saved before the credential is created.
  try {
    accessSync(dirname(resolve(out)), constants.W_OK);
  } catch (e) {
    throw new Error(`Cannot write ${out}: ${(e as Error).message}`);
  }
  const created = await expectJson<CredentialCreated>(
    await postJson(t, '/admin/credentials', { companyId, version }),
    'Creating the credential',
  );
  const link = new URL(created.download.url);
  const zip = await t.call(link.pathname);
  if (!zip.ok) throw new Error(`Downloading the ZIP failed: ${zip.status} ${await zip.text()}`);
  writeFileSync(out, new Uint8Array(await zip.arrayBuffer()), { mode: 0o600 });
  return created;
}

function firstOk(ms: MultiStatus, what: string): string {
  const r = ms.results[0];
  if (!r || r.code >= 300 || !r.id) throw new Error(`${what} failed: ${JSON.stringify(r?.errors ?? ms.generalErrors)}`);
  return r.id;
}

/**
 * A new company with a v2 credential saved to `out` (or to a temporary file when a v1 credential
 * replaces it later), and the headers of a token of that credential: the seed commands then write
 * as a client would.
 */
async function clientCompany(t: Transport, name: string, zipFile: string) {
  const company = await expectJson<CompanyCreated>(
    await postJson(t, '/admin/companies', { name }),
    'Creating the company',
  );
  const v2 = await createCredentialZip(t, company.id, 'v2', zipFile);
  // Use the new credential exactly as a client would.
  const zip = unzipSync(new Uint8Array(await (await import('node:fs/promises')).readFile(zipFile)));
  const file = V2CredentialFile.parse(JSON.parse(strFromU8(zip['api-credentials.json']!)));
  const token = await expectJson<TokenResponse>(
    await postJson(t, '/v1/oauth/token', {
      grant_type: 'client_credentials',
      clientId: file.clientId,
      clientSecret: file.clientSecret,
    }),
    'Getting a token',
  );
  const auth = {
    authorization: `Bearer ${token.access_token}`,
    'x-api-key': company.apiKey,
    'x-backend-version': 'v2',
  };
  return { company, v2, auth };
}

/** The demo company's people and their roles (the user directory of `GET /v1/users/roles`). */
const demoUsers = (projectId: string) => [
  {
    firstName: 'Dana',
    lastName: 'Reyes',
    email: 'dana.reyes@demo-oil.example',
    resourceRoles: [{ resourceId: projectId, resourceType: 'project', roles: ['editor'] }],
  },
  {
    firstName: 'Sam',
    lastName: 'Okafor',
    email: 'sam.okafor@demo-oil.example',
    resourceRoles: [{ resourceId: projectId, resourceType: 'project', roles: ['viewer'] }],
  },
];

async function seedDemo(t: Transport, out: string, version: string): Promise<void> {
  const { company, v2, auth } = await clientCompany(t, 'Demo Oil & Gas', version === 'v2' ? out : `${out}.v2.tmp`);
  const projectId = firstOk(
    await expectJson<MultiStatus>(await postJson(t, '/v1/projects', [DEMO_PROJECT], auth), 'Creating the project'),
    'Creating the project',
  );
  const wells = await expectJson<MultiStatus>(
    await postJson(t, `/v1/projects/${projectId}/wells`, demoWells(), auth),
    'Creating wells',
  );
  if (wells.failedCount)
    throw new Error(`Creating wells failed: ${JSON.stringify(wells.results.filter((r) => r.code >= 300))}`);
  const forecastId = firstOk(
    await expectJson<MultiStatus>(
      await postJson(t, `/v1/projects/${projectId}/forecasts`, [DEMO_FORECAST], auth),
      'Creating the forecast',
    ),
    'Creating the forecast',
  );
  const wellIds = wells.results.map((r) => r.id!);
  const parameters = await expectJson<ForecastParameterMultiStatus>(
    await t.call(`/v1/projects/${projectId}/forecasts/${forecastId}/parameters`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(
        demoForecastParameters(demoWells().map((w, i) => ({ id: wellIds[i]!, firstProdDate: w.firstProdDate! }))),
      ),
    }),
    'Writing the forecast parameters',
  );
  if (parameters.failedCount) {
    throw new Error(
      `Writing the forecast parameters failed: ${JSON.stringify(parameters.results.filter((r) => r.code >= 300))}`,
    );
  }
  const histories = await seedHistories(
    { call: t.call, auth },
    projectId,
    demoWells().map((w, i) => ({ id: wellIds[i]!, firstProdDate: w.firstProdDate! })),
  );
  const surveys = await expectJson<MultiStatus>(
    await postJson(t, '/v1/directional-surveys', demoSurveys(demoWells()), auth),
    'Creating the directional surveys',
  );
  if (surveys.failedCount)
    throw new Error(`Creating the directional surveys failed: ${JSON.stringify(surveys.results)}`);
  const modelIds = await seedEconModels(t, company.id, projectId, auth);
  const typeCurveId = await seedTypeCurve(t, projectId, forecastId, wellIds, auth);
  const scenarioId = firstOk(
    await expectJson<MultiStatus>(
      await postJson(t, `/v1/projects/${projectId}/scenarios`, [DEMO_SCENARIO], auth),
      'Creating the scenario',
    ),
    'Creating the scenario',
  );
  await seedAssignments(t, projectId, scenarioId, modelIds, auth);
  // The company's user directory (`GET /v1/users/roles`, decision 053), kept by the operator.
  const users = await expectJson<MultiStatus>(
    await t.call(`/admin/companies/${company.id}/users`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demoUsers(projectId)),
    }),
    'Writing the user directory',
  );
  if (users.failedCount) throw new Error(`Writing the user directory failed: ${JSON.stringify(users.results)}`);
  let credential = v2.credential;
  if (version === 'v1') {
    (await import('node:fs')).rmSync(`${out}.v2.tmp`);
    await expectJson(
      await t.call(`/admin/credentials/${v2.credential.id}/revoke`, { method: 'POST' }),
      'Revoking the seed credential',
    );
    credential = (await createCredentialZip(t, company.id, 'v1', out)).credential;
  }
  console.log(
    JSON.stringify(
      {
        companyId: company.id,
        apiKey: company.apiKey,
        credentialId: credential.id,
        credentialVersion: credential.version,
        credentialZip: out,
        projectId,
        wellIds: wells.results.map((r) => r.id),
        forecastId,
        scenarioId,
        ...(typeCurveId ? { typeCurveId } : {}),
        directionalSurveyIds: surveys.results.map((r) => r.id),
        users: users.results.length,
        productions: histories,
      },
      null,
      2,
    ),
  );
}

/**
 * The demo wells' daily and monthly production histories (to the day before the forecasts' as-of
 * date), written with POST through the project's production routes; the records written.
 */
async function seedHistories(
  client: SeedClient,
  projectId: string,
  wells: { id: string; firstProdDate: string }[],
): Promise<{ daily: number; monthly: number }> {
  const histories = demoHistories(wells);
  return {
    daily: await postProductions(
      client,
      projectId,
      'daily',
      histories.flatMap((h) => h.daily),
    ),
    monthly: await postProductions(
      client,
      projectId,
      'monthly',
      histories.flatMap((h) => h.monthly),
    ),
  };
}

/**
 * `seed --wells N`: a company (its credential saved to `out`), a project of N wells, a forecast
 * continuing each well's decline from the demo's as-of date, and each well's monthly history (and
 * daily with `daily`), written through the public routes in their largest requests (1000 wells,
 * 25 forecast records, 20,000 production records). Progress goes to stderr, the ids to stdout.
 */
async function seedWells(t: Transport, n: number, daily: boolean, out: string): Promise<void> {
  const began = performance.now();
  const log = (msg: string) => console.error(`[seed] ${msg} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  const { company, v2, auth } = await clientCompany(t, `Scale test (${n} wells)`, out);
  const client: SeedClient = { call: t.call, auth };
  const projectId = firstOk(
    await expectJson<MultiStatus>(
      await postJson(t, '/v1/projects', [{ name: `Scale test: ${n} wells` }], auth),
      'Creating the project',
    ),
    'Creating the project',
  );
  const wellIds = await createWells(
    client,
    projectId,
    Array.from({ length: n }, (_, i) => scaleWell(i).well),
  );
  log(`project ${projectId}: ${n} wells`);
  const forecastId = firstOk(
    await expectJson<MultiStatus>(
      await postJson(
        t,
        `/v1/projects/${projectId}/forecasts`,
        [{ name: 'Scale test forecast', type: 'deterministic' }],
        auth,
      ),
      'Creating the forecast',
    ),
    'Creating the forecast',
  );
  await putForecastParameters(
    client,
    projectId,
    forecastId,
    wellIds.flatMap((id, i) => scaleForecast(id, scaleWell(i).declines)),
  );
  log(`forecast ${forecastId}: oil, gas and water of ${n} wells`);
  const written: Record<string, number> = {};
  for (const resolution of daily ? (['monthly', 'daily'] as const) : (['monthly'] as const)) {
    const records = function* () {
      for (const [i, id] of wellIds.entries()) yield* scaleHistory(id, i)[resolution];
    };
    written[resolution] = await postProductions(client, projectId, resolution, records(), (k) =>
      log(`${resolution} production: ${k} records`),
    );
  }
  console.log(
    JSON.stringify(
      {
        companyId: company.id,
        apiKey: company.apiKey,
        credentialId: v2.credential.id,
        credentialZip: out,
        projectId,
        forecastId,
        wellIds,
        productions: written,
        seconds: Number(((performance.now() - began) / 1000).toFixed(1)),
      },
      null,
      2,
    ),
  );
}

/**
 * The demo type curve through the V2 calls of spec part 9.5 (curve, fits, normalization). Before
 * the V1 → V2 switch-over the V2 routes are not on yet: then no type curve is seeded.
 */
async function seedTypeCurve(
  t: Transport,
  projectId: string,
  forecastId: string,
  wellIds: string[],
  auth: Record<string, string>,
): Promise<string | undefined> {
  const demo = demoTypeCurve(forecastId, wellIds);
  const base = `/v2/projects/${projectId}/type-curves`;
  const created = await postJson(t, base, demo.curve, auth);
  if (created.status === 404) {
    console.error(`No demo type curve: ${((await created.json()) as { message: string }).message}`);
    return undefined;
  }
  const { id } = await expectJson<{ id: string }>(created, 'Creating the demo type curve');
  for (const [part, body] of [
    ['fits', demo.fits],
    ['normalization', demo.normalization],
  ] as const) {
    await expectJson(
      await t.call(`${base}/${id}/${part}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      `Writing the demo type curve's ${part}`,
    );
  }
  return id;
}

/** The demo scenario runs on the demo models: each is assigned to every well of the scenario. */
async function seedAssignments(
  t: Transport,
  projectId: string,
  scenarioId: string,
  modelIds: Map<EconModelKind, string>,
  auth: Record<string, string>,
): Promise<void> {
  for (const [kind, id] of modelIds) {
    const out = await expectJson<AssignmentMultiStatus>(
      await postJson(
        t,
        `/v1/projects/${projectId}/econ-models/${kind}/${id}/assignments`,
        [{ scenario: scenarioId, allWells: true }],
        auth,
      ),
      `Assigning the demo ${kind} model`,
    );
    if (out.failedCount) throw new Error(`Assigning the demo ${kind} model failed: ${JSON.stringify(out.results[0])}`);
  }
}

/**
 * One model of each econ model kind in the demo project, and a read-only probabilistic CAPEX
 * model; returns the ids of the former by kind.
 */
async function seedEconModels(
  t: Transport,
  companyId: string,
  projectId: string,
  auth: Record<string, string>,
): Promise<Map<EconModelKind, string>> {
  const ids = new Map<EconModelKind, string>();
  for (const kind of ECON_MODEL_KINDS) {
    const out = await expectJson<EconModelMultiStatus>(
      await postJson(
        t,
        `/v1/projects/${projectId}/econ-models/${kind}`,
        [{ name: `Demo ${ECON_MODEL_SPECS[kind].title.toLowerCase()}`, ...econModelExample(kind) }],
        auth,
      ),
      `Creating the demo ${kind} model`,
    );
    if (out.failedCount) throw new Error(`Creating the demo ${kind} model failed: ${JSON.stringify(out.results[0])}`);
    ids.set(kind, out.results[0]!.id!);
  }
  await expectJson(
    await postJson(t, `/admin/companies/${companyId}/projects/${projectId}/econ-models/capex/probabilistic`, {
      name: 'Demo probabilistic CAPEX',
      ...probabilisticCapexExample(),
    }),
    'Importing the probabilistic CAPEX model',
  );
  return ids;
}

/** The N of `--wells N`: a whole number from 1 to 100,000. */
function wellCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new Error(`--wells must be a whole number from 1 to 100000 (got ${value})`);
  return n;
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      company: { type: 'string' },
      version: { type: 'string', default: 'v2' },
      out: { type: 'string' },
      demo: { type: 'boolean', default: false },
      wells: { type: 'string' },
      daily: { type: 'boolean', default: false },
      file: { type: 'string' },
      project: { type: 'string' },
      credentials: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [area, verb, arg] = positionals;
  if (values.help || !area) {
    console.log(USAGE);
    return;
  }
  if (area === 'type-curves' && verb === 'migrate') {
    if (!values.file || !values.project) throw new Error('type-curves migrate needs --file V1.json and --project ID');
    const ok = await migrateCommand(
      { file: values.file, project: values.project, credentials: values.credentials, dryRun: values['dry-run'] },
      async () => {
        const t = await connect();
        console.error(`[cli] using ${t.where}`);
        return t;
      },
    );
    if (!ok) process.exitCode = 1;
    return;
  }
  if (values.version !== 'v1' && values.version !== 'v2') throw new Error('--version must be v1 or v2');
  const t = await connect();
  console.error(`[cli] using ${t.where}`);
  try {
    if (area === 'company' && verb === 'create' && arg) {
      console.log(
        JSON.stringify(
          await expectJson(await postJson(t, '/admin/companies', { name: arg }), 'Creating the company'),
          null,
          2,
        ),
      );
    } else if (area === 'company' && verb === 'list') {
      console.log(JSON.stringify(await expectJson(await t.call('/admin/companies'), 'Listing companies'), null, 2));
    } else if (area === 'credentials' && verb === 'create') {
      if (!values.company || !values.out) throw new Error('credentials create needs --company ID and --out FILE.zip');
      const created = await createCredentialZip(t, values.company, values.version, values.out);
      // The metadata as it is now (downloaded), not as it was before the download.
      const credential = await expectJson<Credential>(
        await t.call(`/admin/credentials/${created.credential.id}`),
        'Reading the credential',
      );
      console.log(JSON.stringify({ ...credential, zip: values.out }, null, 2));
    } else if (area === 'credentials' && verb === 'list') {
      const q = values.company ? `?companyId=${encodeURIComponent(values.company)}` : '';
      console.log(
        JSON.stringify(await expectJson(await t.call(`/admin/credentials${q}`), 'Listing credentials'), null, 2),
      );
    } else if (area === 'credentials' && verb === 'revoke' && arg) {
      const res = await t.call(`/admin/credentials/${encodeURIComponent(arg)}/revoke`, { method: 'POST' });
      console.log(JSON.stringify(await expectJson(res, 'Revoking the credential'), null, 2));
    } else if (area === 'seed' && values.demo) {
      await seedDemo(t, values.out ?? 'demo-credentials.zip', values.version);
    } else if (area === 'seed' && values.wells !== undefined) {
      await seedWells(t, wellCount(values.wells), values.daily, values.out ?? 'scale-credentials.zip');
    } else {
      throw new Error(`Unknown command: ${positionals.join(' ')}\n\n${USAGE}`);
    }
  } finally {
    await t.close();
  }
}

run(process.argv.slice(2)).catch((e: unknown) => {
  console.error(`[cli] ${(e as Error).message}`);
  process.exit(1);
});
