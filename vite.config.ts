import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The SPA build (root apps/web, output dist/web, served by the BFF) and the test configuration of
 * the whole tree. API and BFF integration tests (`*.int.test.ts`) run on PGlite, and again on
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it), so both storage paths are proven.
 */
const backends = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const root = here('.');

export default defineConfig({
  root: here('apps/web'),
  // The SPA's plugins only for vite itself; vitest runs server code.
  plugins: process.env.VITEST
    ? []
    : [
        tanstackRouter({
          target: 'react',
          autoCodeSplitting: true,
          routesDirectory: here('apps/web/src/routes'),
          generatedRouteTree: here('apps/web/src/routeTree.gen.ts'),
        }),
        react(),
      ],
  build: { outDir: here('dist/web'), emptyOutDir: true, sourcemap: false },
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
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      ...backends.flatMap((backend) =>
        (['api', 'bff'] as const).map((app) => ({
          root,
          test: {
            name: `${app}-${backend}`,
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
