import { pgliteTemplateFile } from '@econ/test-kit/database';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../db/connection';
import * as schema from '../db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database takes seconds; loading a dump takes well under one. One migrated
 * template is made per run and every test file starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const template = await pgliteTemplateFile(schema, MIGRATIONS_DIR, 'api-pglite-template-');
  project.provide('pgliteTemplate', template.file);
  return template.remove;
}
