import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/bff/src/db/schema.ts',
  out: './apps/bff/drizzle',
});
