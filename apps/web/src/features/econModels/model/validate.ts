import { EconModelEnvelopeInput, ENVELOPE_FIELDS } from '@econ/contract';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type FieldLabels, labelled } from '../../../lib/formErrors';

/** One problem of a form's body: its form path (`otherCapex.rows.2.tangible`, `''` for the body) and message. */
export interface BodyIssue {
  path: string;
  message: string;
}

/** `['a', 2, 'b']` → `a.2.b` (react-hook-form's path form). */
export const formPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

function issuesOf(error: z.ZodError, prefix: readonly PropertyKey[] = []): BodyIssue[] {
  const out: BodyIssue[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ path: formPath([...path, key]), message: `${key} is not a field of this model` });
      }
    } else out.push({ path: formPath(path), message: issue.message });
  }
  return out;
}

/**
 * Validates a form's body the way the API validates a record (apps/api econModels/recordRules.ts): the
 * envelope fields (`name`, `unique`, `tags`, `copiedFrom`) with the contract's envelope schema and
 * everything else with the kind's `functions` schema — both strict, so they cannot be intersected
 * — and reports every problem of both, cross-field refinements included. The body on success is the
 * parsed one (defaults applied, names trimmed), as the API would store it.
 */
export function validateBody(
  functions: z.ZodType,
  values: Record<string, unknown>,
): { ok: true; body: Record<string, unknown> } | { ok: false; issues: BodyIssue[] } {
  const envelope: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if ((ENVELOPE_FIELDS as readonly string[]).includes(key)) envelope[key] = value;
    else rest[key] = value;
  }
  const env = EconModelEnvelopeInput.safeParse(envelope);
  const fn = functions.safeParse(rest);
  if (env.success && fn.success) return { ok: true, body: { ...env.data, ...(fn.data as object) } };
  return {
    ok: false,
    issues: [...(env.success ? [] : issuesOf(env.error)), ...(fn.success ? [] : issuesOf(fn.error))],
  };
}

/**
 * The first message per path, parents before children: react-hook-form nests errors by path, and a
 * parent's error set after its children's would replace them (an object-level "exactly one of"
 * and a field's range error can both stand).
 */
export function flatErrors(issues: readonly BodyIssue[]): Record<string, FieldError> {
  const first = new Map<string, string>();
  for (const i of issues) if (!first.has(i.path)) first.set(i.path, i.message);
  const depth = (p: string) => (p === '' ? 0 : p.split('.').length);
  const sorted = [...first].sort((a, b) => depth(a[0]) - depth(b[0]));
  return Object.fromEntries(sorted.map(([path, message]) => [path, { type: 'validate', message }]));
}

/** The issues with their messages worded with the form's labels (lib/formErrors). */
export const labelIssues = (issues: readonly BodyIssue[], labels?: FieldLabels): BodyIssue[] =>
  issues.map((i) => ({ path: i.path, message: i.path ? labelled(i.message, i.path, labels) : i.message }));

/**
 * A react-hook-form resolver with the contract's rules of the kind (see `validateBody`), its
 * messages naming fields by their labels (`labels`: those of the fields on the page).
 */
export function econModelResolver(functions: z.ZodType, labels?: FieldLabels): Resolver<FieldValues> {
  return (values, _context, options) => {
    const result = validateBody(functions, values);
    if (result.ok) return { values: result.body, errors: {} };
    return { values: {}, errors: toNestErrors(flatErrors(labelIssues(result.issues, labels)), options) };
  };
}
