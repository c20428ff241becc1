import { defineConfig } from 'vitest/config';

/**
 * Test configuration of the whole tree (the SPA build joins this file with the console).
 * API and BFF integration tests (`*.int.test.ts`) run on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it), so both storage paths are proven on every run.
 */
const backends = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      ...backends.map((backend) => ({
        test: {
          name: `api-${backend}`,
          include: ['apps/api/src/**/*.int.test.ts'],
          globalSetup: ['apps/api/src/test/globalSetup.ts'],
          env: { TEST_DB_BACKEND: backend },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
      ...backends.map((backend) => ({
        test: {
          name: `bff-${backend}`,
          include: ['apps/bff/src/**/*.int.test.ts'],
          globalSetup: ['apps/bff/src/test/globalSetup.ts'],
          env: { TEST_DB_BACKEND: backend },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
    ],
  },
});
