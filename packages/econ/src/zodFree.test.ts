import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** A resolve hook that fails any import which reaches the zod package. */
const noZodHook = `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.includes('/node_modules/zod/')) throw new Error('zod loaded by ' + context.parentURL);
  return resolved;
}`;
const registerHook = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(noZodHook)}));`;

/** Imports `pkg` in a fresh Node process (TypeScript through tsx) with the hook above. */
function importWithoutZod(pkg: string) {
  return spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      `data:text/javascript,${encodeURIComponent(registerHook)}`,
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(pkg)});`,
    ],
    { cwd: root, encoding: 'utf8', timeout: 30_000 },
  );
}

describe('the engine loads no schema library', () => {
  it('imports @econ/econ without loading zod (its contract imports are types or @econ/contract/rules)', () => {
    const run = importWithoutZod('@econ/econ');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('the check itself sees zod where it is loaded: @econ/contract', () => {
    const run = importWithoutZod('@econ/contract');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('zod loaded by');
  });
});
