import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/* The layering of decision 020 and the import rule of decision 019, checked on the sources. */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));

describe('layers', () => {
  it('no route file of the API runs SQL: none imports drizzle or the schema', () => {
    const routeFiles = sources('apps/api/src').filter((f) =>
      /\broute\(\s*app\b/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(routeFiles.length).toBeGreaterThan(15);
    const offenders = routeFiles.filter((f) =>
      /from '(drizzle-orm[^']*|[./]+db\/schema)'/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('only the batch pipeline turns details into record errors (`location: [i].field`)', () => {
    const offenders = sources('apps/api/src').filter(
      (f) => f !== 'apps/api/src/http/batch.ts' && /location: `\[\$\{/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('no app imports another app’s source', () => {
    // Each relative import resolved from its file: none may land in another app.
    const crossing = (app: string, other: string) =>
      sources(`apps/${app}/src`).filter((f) =>
        [...readFileSync(join(ROOT, f), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].some((m) =>
          relative(ROOT, join(ROOT, dirname(f), m[1]!)).startsWith(`apps/${other}/`),
        ),
      );
    expect([
      ...crossing('bff', 'api'),
      ...crossing('web', 'api'),
      ...crossing('web', 'bff'),
      ...crossing('api', 'bff'),
    ]).toEqual([]);
  });
});
