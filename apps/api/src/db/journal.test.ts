import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './connection';

/*
 * drizzle's migrator applies a migration only when its journal `when` is later than the last one a
 * database has applied: a migration generated on a branch (its `when` the time of generation) and
 * merged after a later-dated one would be skipped on every existing database. Each `when` must
 * exceed the one before, and each entry must have its SQL file.
 */
describe('the migration journal', () => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };

  it('numbers entries 0, 1, 2 … with strictly increasing `when`', () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      if (i > 0)
        expect(e.when, `${e.tag} must be dated after ${journal.entries[i - 1]!.tag}`).toBeGreaterThan(
          journal.entries[i - 1]!.when,
        );
    });
  });

  it('has one SQL file per entry and no other', () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
  });
});
