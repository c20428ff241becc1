import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteTemplate } from '@econ/server-kit/database';
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
  const dir = mkdtempSync(join(tmpdir(), 'api-pglite-template-'));
  const dump = await pgliteTemplate(schema, MIGRATIONS_DIR);
  const file = join(dir, 'template.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
