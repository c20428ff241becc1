import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished, type Run, spawnScript } from '@econ/test-kit/processes';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKEND } from '../../test/harness';

/**
 * `npm run cli -- type-curves migrate` as an operator runs it (processes, PGlite in a fresh
 * DATA_DIR, the app in-process). The switch-over is configured in the past so V2 is on.
 */

const SLOW = 240_000;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function cli(dataDir: string, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SWITCHOVER_AT: '2026-01-01T00:00:00Z' };
  for (const k of ['DATABASE_URL', 'API_ADMIN_TOKEN', 'PUBLIC_BASE_URL', 'V1_TOKEN_AUDIENCE', 'PORT']) delete env[k];
  return finished(spawnScript('apps/api/src/cli.ts', args, env));
}

const flat = {
  segmentIndex: 0,
  segmentType: 'flat',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  qStart: 100,
  eur: 36.5,
};
const four = {
  best: { segments: [flat] },
  p10: { segments: [flat] },
  p50: { segments: [flat] },
  p90: { segments: [flat] },
};

describe.skipIf(BACKEND === 'postgres')('type-curves migrate (CLI)', () => {
  it(
    'dry-run prints the plan and notes; a run makes the V2 calls and prints the new ids; a failing step is undone',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'api-migrate-test-'));
      dirs.push(dir);
      const zip = join(dir, 'c.zip');
      const seed = await cli(dir, 'seed', '--demo', '--out', zip);
      expect(seed.code, seed.stderr).toBe(0);
      const { projectId, forecastId, wellIds } = JSON.parse(seed.stdout) as {
        projectId: string;
        forecastId: string;
        wellIds: string[];
      };
      const v1 = (name: string, fits: Record<string, unknown>) => ({
        id: 'd00000000000000000000001',
        name,
        forecast: forecastId,
        regressionType: 'cum',
        wells: wellIds.slice(0, 2),
        fits,
        representativeWells: [
          { id: wellIds[0], rep: true },
          { id: wellIds[1], rep: false },
        ],
      });
      const file = join(dir, 'v1.json');
      writeFileSync(
        file,
        JSON.stringify([
          v1('Migrated', { oil: { type: 'rate', resolution: 'daily', ...four }, water: { type: 'rate', ...four } }),
        ]),
      );

      const dry = await cli(dir, 'type-curves', 'migrate', '--file', file, '--project', projectId, '--dry-run');
      expect(dry.code, dry.stderr).toBe(0);
      const [plan] = JSON.parse(dry.stdout) as { calls: { method: string; path: string; body: unknown }[] }[];
      expect(plan?.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        `POST /v2/projects/${projectId}/type-curves`,
        `PUT /v2/projects/${projectId}/type-curves/{id}/fits`,
        `PUT /v2/projects/${projectId}/type-curves/{id}/normalization`,
      ]);
      expect(plan?.calls[0]?.body).toEqual({
        name: 'Migrated',
        forecast: forecastId,
        wells: wellIds.slice(0, 2),
        excludedWells: [wellIds[1]],
      });
      expect(dry.stderr).toMatch(/Migrated: fit field resolution was dropped/);

      const run = await cli(
        dir,
        'type-curves',
        'migrate',
        '--file',
        file,
        '--project',
        projectId,
        '--credentials',
        zip,
      );
      expect(run.code, run.stderr).toBe(0);
      const [done] = JSON.parse(run.stdout) as { id?: string; error?: string }[];
      expect(done?.error).toBeUndefined();
      expect(done?.id).toMatch(/^[0-9a-f]{24}$/);

      // The same name again: the POST is a 409, reported, exit code 1.
      const again = await cli(
        dir,
        'type-curves',
        'migrate',
        '--file',
        file,
        '--project',
        projectId,
        '--credentials',
        zip,
      );
      expect(again.code).toBe(1);
      expect(JSON.parse(again.stdout)[0].error).toMatch(/409/);

      // Fits the V2 contract refuses (a ratio on a phase without a fit): the new curve is deleted again.
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify(v1('Second', { water: { type: 'ratio', basePhase: 'gas', ...four } })));
      const failed = await cli(
        dir,
        'type-curves',
        'migrate',
        '--file',
        bad,
        '--project',
        projectId,
        '--credentials',
        zip,
      );
      expect(failed.code).toBe(1);
      expect(JSON.parse(failed.stdout)[0].error).toMatch(/fits: 400 .*deleted again/);
      writeFileSync(bad, JSON.stringify(v1('Second', { water: { type: 'rate', ...four } })));
      const fixed = await cli(
        dir,
        'type-curves',
        'migrate',
        '--file',
        bad,
        '--project',
        projectId,
        '--credentials',
        zip,
      );
      expect(fixed.code, fixed.stdout).toBe(0);
    },
    SLOW,
  );
});
