import { ENVELOPE_FIELDS, ENVELOPE_READ_ONLY } from '@econ/contract';
import type { z } from 'zod';

/** Rules whose values a stored document carries but a request must not: dropped when a form opens. */
const DROPPED_RULES = /^(read-only$|only with modelType )/;

const isObject = (v: unknown): v is Record<PropertyKey, unknown> => typeof v === 'object' && v !== null;

function removeAt(root: unknown, path: readonly PropertyKey[]): boolean {
  let cur: unknown = root;
  for (const p of path.slice(0, -1)) {
    if (!isObject(cur)) return false;
    cur = cur[p];
  }
  const last = path[path.length - 1];
  if (last === undefined || !isObject(cur) || !(last in cur) || Array.isArray(cur)) return false;
  delete cur[last];
  return true;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const p of path) {
    if (!isObject(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

/**
 * The econ function objects of a stored document as a request would carry them: what the service
 * computes (`year`, cumulative factors, `prebuilt`; rule `read-only`), fields a response carries for
 * the other modelType, keys the request schema does not know, and nulls it refuses (unused
 * reversions) are removed, as the kind's `functions` schema reports them. Everything else stays,
 * even when invalid, so the form shows it with its error.
 */
export function requestFunctions(functions: z.ZodType, stored: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(stored);
  for (let pass = 0; pass < 5; pass++) {
    const result = functions.safeParse(out);
    if (result.success) break;
    let removed = 0;
    for (const issue of result.error.issues) {
      const rule = (issue as { params?: { rule?: unknown } }).params?.rule;
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) if (removeAt(out, [...issue.path, key])) removed++;
      } else {
        const dropped = issue.code === 'custom' && typeof rule === 'string' && DROPPED_RULES.test(rule);
        if ((dropped || valueAt(out, issue.path) === null) && removeAt(out, issue.path)) removed++;
      }
    }
    if (removed === 0) break;
  }
  return out;
}

/** A document's econ function objects: everything but the envelope (and capex's `probabilistic`). */
export function storedFunctions(doc: Record<string, unknown>): Record<string, unknown> {
  const skip = new Set<string>([...ENVELOPE_FIELDS, ...ENVELOPE_READ_ONLY, 'probabilistic']);
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !skip.has(k)));
}

/** The form values of a stored document: name, tags, unique and the request form of its functions. */
export function formValuesOf(functions: z.ZodType, doc: Record<string, unknown>): Record<string, unknown> {
  return {
    name: doc.name,
    tags: Array.isArray(doc.tags) ? doc.tags : [],
    unique: doc.unique === true,
    ...requestFunctions(functions, storedFunctions(doc)),
  };
}

/** The form values of a new model: the contract's example of the kind. */
export function newFormValues(example: Record<string, unknown>): Record<string, unknown> {
  return { name: '', tags: [], unique: false, ...structuredClone(example) };
}
