import type { z } from 'zod';

/** One validation complaint in the form the econ model tests assert on. */
export type IssueSummary = { path: string; message: string; rule: string };

/** Joins a zod issue path as `a.b[0].c` (empty string for the root). */
export function joinPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/**
 * Parses `value` with `schema` and returns its issues (empty when it parses): the path joined as
 * `a.b[0].c`, the message, and the rule (`params.rule` of custom issues, else the zod code).
 */
export function issuesOf(schema: z.ZodType, value: unknown): { path: string; message: string; rule: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const params = (issue as { params?: { rule?: unknown } }).params;
    const rule = issue.code === 'custom' && typeof params?.rule === 'string' ? params.rule : issue.code;
    return { path: joinPath(issue.path), message: issue.message, rule };
  });
}
