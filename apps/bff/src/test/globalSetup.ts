import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteTemplate } from '@econ/server-kit/database';
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
  const dir = mkdtempSync(join(tmpdir(), 'bff-pglite-template-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, new Uint8Array(await (await pgliteTemplate(schema, MIGRATIONS_DIR)).arrayBuffer()));
  project.provide('bffPgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
