import type { ChildProcess } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Company, Credential, V1CredentialFile, V2CredentialFile } from '@econ/contract';
import { finished, type Run, spawnScript } from '@econ/test-kit/processes';
import { strFromU8, unzipSync } from 'fflate';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKEND } from './test/harness';

/**
 * The operator CLI and the API as processes, the way an operator runs them. Needs no database
 * backend of the test run (PGlite in a fresh DATA_DIR each time): runs once, in the PGlite project.
 */

const SLOW = 180_000;

const dirs: string[] = [];
const children = new Set<ChildProcess>();

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-cli-test-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function childEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  for (const k of ['DATABASE_URL', 'API_ADMIN_TOKEN', 'PUBLIC_BASE_URL', 'V1_TOKEN_AUDIENCE']) delete env[k];
  if (!extra.PORT) delete env.PORT;
  return env;
}

function start(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawnScript(script, args, env);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs the CLI to its end. */
function cli(dataDir: string, ...args: string[]): Promise<Run> {
  return finished(start('apps/api/src/cli.ts', args, childEnv(dataDir)));
}

function ok(run: Run): unknown {
  expect(run.code, `stderr: ${run.stderr}\nstdout: ${run.stdout}`).toBe(0);
  return JSON.parse(run.stdout);
}

function zipFiles(file: string): Record<string, string> {
  const files = unzipSync(new Uint8Array(readFileSync(file)));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]));
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Starts the API on PORT=0; resolves with its URL once it listens (read from its first output line). */
function startApi(dataDir: string): {
  child: ChildProcess;
  ready: Promise<{ url: string; publicUrl: string }>;
  done: Promise<Run>;
} {
  const child = start('apps/api/src/main.ts', [], childEnv(dataDir, { PORT: '0', HOST: '127.0.0.1' }));
  const done = finished(child);
  let out = '';
  const ready = new Promise<{ url: string; publicUrl: string }>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /\[api\] listening on (\S+) \(public URL (\S+)\)/.exec(out);
      if (m) resolve({ url: m[1]!, publicUrl: m[2]! });
    });
    void done.then((r) => reject(new Error(`the API exited (${r.code}) before listening: ${r.stderr}`)));
  });
  return { child, ready, done };
}

describe.skipIf(BACKEND === 'postgres')('operator CLI (processes, PGlite in DATA_DIR)', () => {
  it(
    'company create, credentials create/list/revoke, without a running API',
    async () => {
      const dir = freshDataDir();
      const createdRun = await cli(dir, 'company', 'create', 'Test Co');
      expect(createdRun.stderr).toContain(`using PGlite in ${dir}`);
      const company = ok(createdRun) as { id: string; apiKey: string; name: string };
      expect(company.id).toMatch(OBJECT_ID);
      expect(company.name).toBe('Test Co');
      expect(company.apiKey.length).toBeGreaterThanOrEqual(30);

      const zip = join(dir, 'x.zip');
      const credential = Credential.loose().parse(
        ok(await cli(dir, 'credentials', 'create', '--company', company.id, '--version', 'v2', '--out', zip)),
      );
      expect(credential).toMatchObject({ companyId: company.id, version: 'v2', status: 'active', downloaded: true });
      const files = zipFiles(zip);
      expect(Object.keys(files).sort()).toEqual(['api-credentials.json', 'api-key.txt']);
      const file = V2CredentialFile.parse(JSON.parse(files['api-credentials.json']!));
      expect(file.clientId).toBe(credential.clientId);
      expect(files['api-key.txt']!.trim()).toBe(company.apiKey);

      const list = Credential.array().parse(ok(await cli(dir, 'credentials', 'list', '--company', company.id)));
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id: credential.id, status: 'active', downloaded: true });

      const revoked = Credential.parse(ok(await cli(dir, 'credentials', 'revoke', credential.id)));
      expect(revoked).toMatchObject({ id: credential.id, status: 'revoked' });
      expect(revoked.revokedAt).toBeDefined();

      const companies = Company.array().parse(ok(await cli(dir, 'company', 'list')));
      expect(companies).toEqual([expect.objectContaining({ id: company.id, activeCredentials: 0 })]);
      expect(JSON.stringify(companies)).not.toContain(company.apiKey);
    },
    SLOW,
  );

  it(
    'fails with a message and exit code 1, creating nothing, when the ZIP cannot be saved or the company is unknown',
    async () => {
      const dir = freshDataDir();
      const company = ok(await cli(dir, 'company', 'create', 'Test Co')) as { id: string };
      const badOut = await cli(
        dir,
        'credentials',
        'create',
        '--company',
        company.id,
        '--out',
        join(dir, 'no-such-folder', 'x.zip'),
      );
      expect(badOut.code).toBe(1);
      expect(badOut.stderr).toContain('Cannot write');
      const unknown = await cli(
        dir,
        'credentials',
        'create',
        '--company',
        '0123456789abcdef01234567',
        '--out',
        join(dir, 'y.zip'),
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/404 No company with id 0123456789abcdef01234567/);
      expect(existsSync(join(dir, 'y.zip'))).toBe(false);
      const badVersion = await cli(
        dir,
        'credentials',
        'create',
        '--company',
        company.id,
        '--version',
        'v3',
        '--out',
        join(dir, 'z.zip'),
      );
      expect(badVersion.code).toBe(1);
      expect(badVersion.stderr).toContain('--version must be v1 or v2');
      expect(ok(await cli(dir, 'credentials', 'list'))).toEqual([]);
    },
    SLOW,
  );

  it(
    'seed --demo prints the ids of a company, a project, 12 wells, a forecast and a scenario, and saves a ZIP',
    async () => {
      const dir = freshDataDir();
      const zip = join(dir, 'demo.zip');
      const seeded = ok(await cli(dir, 'seed', '--demo', '--out', zip)) as {
        companyId: string;
        apiKey: string;
        credentialId: string;
        credentialVersion: string;
        projectId: string;
        wellIds: string[];
        forecastId: string;
        scenarioId: string;
        directionalSurveyIds: string[];
        users: number;
        productions: { daily: number; monthly: number };
      };
      expect(seeded.companyId).toMatch(OBJECT_ID);
      // The first two wells have a survey (demo/surveys.test.ts checks their shape).
      expect(seeded.directionalSurveyIds).toEqual([expect.stringMatching(OBJECT_ID), expect.stringMatching(OBJECT_ID)]);
      // The user directory has the demo people (GET /v1/users/roles).
      expect(seeded.users).toBe(2);
      // Every demo well's history, 3 to 7 years of days and months (demoData.test.ts checks the records).
      expect(seeded.productions.daily).toBeGreaterThan(12 * 3 * 365);
      expect(seeded.productions.daily).toBeLessThan(12 * 7 * 366);
      expect(seeded.productions.monthly).toBeGreaterThan(12 * 36);
      expect(seeded.productions.monthly).toBeLessThanOrEqual(12 * 85);
      expect(seeded.projectId).toMatch(OBJECT_ID);
      expect(seeded.forecastId).toMatch(OBJECT_ID);
      expect(seeded.scenarioId).toMatch(OBJECT_ID);
      expect(seeded.wellIds).toHaveLength(12);
      for (const id of seeded.wellIds) expect(id).toMatch(OBJECT_ID);
      expect(new Set(seeded.wellIds).size).toBe(12);
      expect(seeded.credentialVersion).toBe('v2');
      const files = zipFiles(zip);
      expect(Object.keys(files).sort()).toEqual(['api-credentials.json', 'api-key.txt']);
      V2CredentialFile.parse(JSON.parse(files['api-credentials.json']!));
      expect(files['api-key.txt']!.trim()).toBe(seeded.apiKey);
      const list = Credential.array().parse(ok(await cli(dir, 'credentials', 'list', '--company', seeded.companyId)));
      expect(list).toEqual([expect.objectContaining({ id: seeded.credentialId, status: 'active', downloaded: true })]);
    },
    SLOW,
  );

  it(
    'seed --wells 3 --daily: a project of 3 wells with forecasts and histories, read back through the API',
    async () => {
      const dir = freshDataDir();
      const zip = join(dir, 'scale.zip');
      const run = await cli(dir, 'seed', '--wells', '3', '--daily', '--out', zip);
      const seeded = ok(run) as {
        companyId: string;
        apiKey: string;
        projectId: string;
        forecastId: string;
        wellIds: string[];
        productions: { daily: number; monthly: number };
      };
      expect(seeded.wellIds).toHaveLength(3);
      expect(run.stderr).toMatch(/\[seed\] monthly production: \d+ records/);
      expect(run.stderr).toMatch(/\[seed\] daily production: \d+ records/);
      // 3 to 7 years per well, ending 2026-10-31.
      expect(seeded.productions.daily).toBeGreaterThan(3 * 3 * 365);
      expect(seeded.productions.daily).toBeLessThan(3 * 7 * 366);

      const api = startApi(dir);
      try {
        const { url } = await api.ready;
        const file = V2CredentialFile.parse(JSON.parse(zipFiles(zip)['api-credentials.json']!));
        const token = (await (
          await fetch(`${url}/v1/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ grant_type: 'client_credentials', ...file }),
          })
        ).json()) as { access_token: string };
        const headers = {
          authorization: `Bearer ${token.access_token}`,
          'x-api-key': seeded.apiKey,
          'x-backend-version': 'v2',
        };
        const base = `${url}/v1/projects/${seeded.projectId}`;
        const count = async (path: string) =>
          Number((await fetch(`${base}/${path}`, { method: 'HEAD', headers })).headers.get('x-query-count'));
        expect(await count('daily-productions')).toBe(seeded.productions.daily);
        expect(await count('monthly-productions')).toBe(seeded.productions.monthly);

        const well = seeded.wellIds[1]!;
        const read = async (path: string) =>
          (await (await fetch(`${base}/${path}?well=${well}&take=20000`, { headers })).json()) as {
            date: string;
            oil?: number;
            hoursOn?: number;
            daysOn?: number;
          }[];
        const daily = await read('daily-productions');
        const monthly = await read('monthly-productions');
        expect(daily.at(-1)!.date).toBe('2026-10-31');
        const oilOfMonth = (month: string) =>
          daily.filter((d) => d.date.startsWith(month)).reduce((s, d) => s + (d.oil ?? 0), 0);
        for (const m of monthly) expect(m.oil).toBeCloseTo(oilOfMonth(m.date.slice(0, 7)), 6);

        // The forecast continues from the as-of date, the day after the history ends.
        const outputs = (await (
          await fetch(`${base}/forecasts/${seeded.forecastId}/outputs?well=${well}&phase=oil`, { headers })
        ).json()) as unknown;
        expect(JSON.stringify(outputs)).toContain('"startDate":"2026-11-01"');
      } finally {
        api.child.kill('SIGTERM');
        await api.done;
      }
    },
    SLOW,
  );

  it(
    'with the API running on the same DATA_DIR: the CLI uses it, a second API refuses to start, SIGTERM stops it',
    async () => {
      const dir = freshDataDir();
      const api = startApi(dir);
      try {
        const { url, publicUrl } = await api.ready;
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(url).not.toMatch(/:0$/);
        // With PORT=0 the public URL (token_uri, audience, links) is the real one, not port 0.
        expect(publicUrl).toBe(url);
        const lockFile = join(dir, 'api.lock.json');
        const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; url: string };
        expect(lock.url).toBe(url);

        const createdRun = await cli(dir, 'company', 'create', 'Live Co');
        expect(createdRun.stderr).toContain(`using the running API at ${url}`);
        const company = ok(createdRun) as { id: string; apiKey: string };

        const zip = join(dir, 'v1.zip');
        const credRun = await cli(
          dir,
          'credentials',
          'create',
          '--company',
          company.id,
          '--version',
          'v1',
          '--out',
          zip,
        );
        expect(credRun.stderr).toContain('the running API');
        const credential = Credential.loose().parse(ok(credRun));
        expect(credential).toMatchObject({ version: 'v1', status: 'active', downloaded: true });
        const files = zipFiles(zip);
        expect(Object.keys(files).sort()).toEqual(['api-key.txt', 'api-service-account-key.json']);
        const file = V1CredentialFile.parse(JSON.parse(files['api-service-account-key.json']!));
        expect(file.token_uri).toBe(`${url}/v1/oauth/token`);
        expect(files['api-key.txt']!.trim()).toBe(company.apiKey);

        // The credential works against the running API, as a client would use it.
        const now = Math.floor(Date.now() / 1000);
        const token = await new SignJWT({ aud: url })
          .setProtectedHeader({ alg: 'RS256', kid: file.private_key_id, typ: 'JWT' })
          .setIssuer(file.client_email)
          .setSubject(file.client_email)
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(createPrivateKey(file.private_key));
        const projects = await fetch(`${url}/v1/projects`, {
          headers: { authorization: `Bearer ${token}`, 'x-api-key': company.apiKey },
        });
        expect(projects.status, await projects.clone().text()).toBe(200);

        // The admin token the CLI used is the one the API generated in DATA_DIR.
        const adminToken = readFileSync(join(dir, 'admin-token'), 'utf8').trim();
        const listed = await fetch(`${url}/admin/credentials?companyId=${company.id}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        expect(Credential.array().parse(await listed.json())).toEqual([
          expect.objectContaining({ id: credential.id, downloaded: true }),
        ]);

        const second = startApi(dir);
        const refused = await second.done;
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`Another API (pid ${lock.pid}, ${url})`);
        await expect(second.ready).rejects.toThrow(/exited/);
        // The refused start left the first API and its lock alone.
        expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual(lock);
        expect((await fetch(`${url}/healthz`)).status).toBe(200);

        api.child.kill('SIGTERM');
        const stopped = await api.done;
        expect(stopped.code).toBe(0);
        expect(existsSync(lockFile)).toBe(false);

        // Without the API, the CLI opens the same storage itself and sees what was written through it.
        const after = await cli(dir, 'credentials', 'list', '--company', company.id);
        expect(after.stderr).toContain(`using PGlite in ${dir}`);
        expect(Credential.array().parse(ok(after))).toEqual([expect.objectContaining({ id: credential.id })]);
      } finally {
        if (api.child.exitCode === null && api.child.signalCode === null) {
          api.child.kill('SIGTERM');
          await api.done;
        }
      }
    },
    SLOW,
  );
});
