import { pgliteTemplateFile } from '@econ/test-kit/database';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../db/connection';
import * as schema from '../db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    bffPgliteTemplate: string;
  }
}

/** One migrated PGlite per run; each test file loads a copy (well under a second). */
export default async function setup(project: TestProject): Promise<() => void> {
  const template = await pgliteTemplateFile(schema, MIGRATIONS_DIR, 'bff-pglite-template-');
  project.provide('bffPgliteTemplate', template.file);
  return template.remove;
}
