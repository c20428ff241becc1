import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The SPA build (root apps/web, output dist/web, served by the BFF) and the test configuration of
 * the whole tree. API and BFF integration tests (`*.int.test.ts`) run on PGlite, and again on
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it), so both storage paths are proven.
 */
const backends = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const root = here('.');

/** Where the build writes which source modules each chunk holds (beside the served folder, not in it). */
export const CHUNK_MAP = here('dist/web-chunks.json');

/**
 * Writes the chunk map: file name → the modules it holds (repo-relative, with their rendered bytes),
 * for the e2e check that the sign-in page loads no page's code and for reading what a chunk weighs.
 */
const chunkMap = (): Plugin => ({
  name: 'chunk-map',
  apply: 'build',
  generateBundle(_options, bundle) {
    const map: Record<string, Record<string, number>> = {};
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      map[out.fileName] = Object.fromEntries(
        Object.entries(out.modules).map(([id, m]) => [relative(root, id.replace(/\0/g, '')), m.renderedLength]),
      );
    }
    mkdirSync(dirname(CHUNK_MAP), { recursive: true });
    writeFileSync(CHUNK_MAP, `${JSON.stringify(map, null, 1)}\n`);
  },
});

/**
 * Test files share a worker's module cache instead of importing the app again per file: a file's
 * import was 30–40 % of its time (the API's whole module graph), and no test mocks a module or
 * changes globals (each file builds its own app and database, and closes them). Measured on 10
 * API files: 140 s → 108 s, their import 45 s → 12 s. `VITEST_ISOLATE=1` isolates them again.
 */
const ISOLATE = process.env.VITEST_ISOLATE === '1';

export default defineConfig({
  root: here('apps/web'),
  // The SPA's plugins only for vite itself; vitest runs server code.
  plugins: process.env.VITEST
    ? []
    : [
        tanstackRouter({
          target: 'react',
          autoCodeSplitting: true,
          // Loaders too (the plugin's default splits only components): a loader's imports (a page's
          // prefetch helpers live beside its components) would otherwise ride in the first chunk that
          // the sign-in page loads. Each part its own chunk, fetched in parallel on navigation.
          codeSplittingOptions: {
            defaultBehavior: [
              ['loader'],
              ['component'],
              ['pendingComponent'],
              ['errorComponent'],
              ['notFoundComponent'],
            ],
          },
          routesDirectory: here('apps/web/src/routes'),
          generatedRouteTree: here('apps/web/src/routeTree.gen.ts'),
        }),
        react(),
        chunkMap(),
      ],
  build: {
    outDir: here('dist/web'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/bff': 'http://127.0.0.1:3000' } },
  test: {
    // vitest's default (cores - 1) is one worker on CI's 2 cores: the files then run one after the
    // other. Two workers took the suite from 788 s to 571 s there; the tests hold no timing rule.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        root,
        test: {
          name: 'unit',
          isolate: ISOLATE,
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      ...backends.flatMap((backend) =>
        (['api', 'bff'] as const).map((app) => ({
          root,
          test: {
            name: `${app}-${backend}`,
            isolate: ISOLATE,
            include: [`apps/${app}/src/**/*.int.test.ts`],
            globalSetup: [`apps/${app}/src/test/globalSetup.ts`],
            env: { TEST_DB_BACKEND: backend },
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        })),
      ),
    ],
  },
});
