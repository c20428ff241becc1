import { readFileSync } from 'node:fs';
import { ECON_MODEL_KINDS } from '@econ/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { coveredBy, normalizePath, SERVICE_ROUTES } from './serviceRoutes';

/*
 * Every route of the service that service-shapes.md lists answers here (issue 21): it is in our
 * OpenAPI document with each of its methods (the document is built from the routes the app
 * registers), and the README's table of the service's routes names it. Each route's behaviour is
 * tested beside its code; this test keeps the list whole.
 */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** The routes with `{route}` expanded to every econ-model kind. */
const expanded = SERVICE_ROUTES.flatMap((r) =>
  r.path.includes('{route}') ? ECON_MODEL_KINDS.map((k) => ({ ...r, path: r.path.replace('{route}', k) })) : [r],
);

describe(`the service's routes (${BACKEND})`, () => {
  it('every one is in the OpenAPI document with its methods', async () => {
    const doc = (await (await t.app.request('/openapi.json')).json()) as { paths: Record<string, object> };
    const ours = new Map<string, Set<string>>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      const methods = ours.get(normalizePath(path)) ?? new Set<string>();
      for (const m of Object.keys(ops)) methods.add(m);
      ours.set(normalizePath(path), methods);
    }
    const missing = expanded.flatMap((r) =>
      r.methods.filter((m) => !ours.get(normalizePath(r.path))?.has(m)).map((m) => `${m.toUpperCase()} ${r.path}`),
    );
    expect(missing).toEqual([]);
  });

  it('the README’s table of the service’s routes lists every one with what covers it', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('## The service’s routes');
    expect(start, 'README section "The service’s routes"').toBeGreaterThan(0);
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const rows = new Map(
      table
        .split('\n')
        .filter((l) => l.startsWith('| `'))
        .map((l) => {
          const cells = l.split('|').map((c) => c.trim());
          return [normalizePath(cells[1]!.replace(/`/g, '')), cells] as const;
        }),
    );
    for (const r of SERVICE_ROUTES) {
      const row = rows.get(normalizePath(r.path));
      expect(row, `README row for ${r.path}`).toBeDefined();
      expect(row![2], `methods of ${r.path}`).toBe(r.methods.map((m) => m.toUpperCase()).join(', '));
      expect(row![3], `what covers ${r.path}`).toBe(coveredBy(r.covered));
    }
    expect(rows.size).toBe(SERVICE_ROUTES.length);
  });
});
