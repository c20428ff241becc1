import type { ErrorDetail } from '@econ/contract';
import type { z } from 'zod';

/** `wells[3].api14` from `['wells', 3, 'api14']`. */
export function formatPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out && !out.endsWith('.') ? `.${String(p)}` : String(p);
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let cur: unknown = input;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object' || !(p in (cur as object))) return { found: false };
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return { found: true, value: cur };
}

/** A short machine-readable name of the rule an issue broke. */
function ruleOf(issue: z.core.$ZodIssue, sent: boolean): string {
  switch (issue.code) {
    case 'invalid_type':
      // zod leaves `issue.input` out of reported issues, so whether a value was sent is decided here.
      return sent ? `type ${issue.expected}` : 'required';
    case 'too_big':
      return `max ${String(issue.maximum)}`;
    case 'too_small':
      return `min ${String(issue.minimum)}`;
    case 'invalid_value':
      return 'enum';
    case 'unrecognized_keys':
      return 'unknown field';
    case 'invalid_format':
      return `format ${issue.format}`;
    case 'custom':
      return typeof issue.params?.rule === 'string' ? issue.params.rule : 'custom';
    default:
      return issue.code;
  }
}

/** Large values are cut so an error body never echoes a megabyte back. */
export function clip(value: unknown): unknown {
  if (typeof value === 'string' && value.length > 200) return `${value.slice(0, 200)}…`;
  if (Array.isArray(value)) return value.length > 20 ? `[array of ${value.length}]` : value;
  if (value && typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > 500 ? '{…}' : value;
  }
  return value;
}

/**
 * Turns zod issues into error details that name the field, the rule and the value sent
 * (style habit 9: an error a person can act on).
 */
export function zodDetails(error: z.ZodError, input: unknown, prefix = ''): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        const v = valueAt(input, path);
        out.push({
          field: formatPath(path, prefix),
          rule: 'unknown field',
          value: clip(v.value),
          message: `${formatPath(path, prefix)} is not a field of this resource`,
        });
      }
      continue;
    }
    const v = valueAt(input, issue.path);
    const field = formatPath(issue.path, prefix);
    const detail: ErrorDetail = {
      field,
      rule: ruleOf(issue, v.found && v.value !== undefined),
      message: field ? `${field}: ${issue.message}` : issue.message,
    };
    if (v.found && v.value !== undefined) detail.value = clip(v.value);
    out.push(detail);
  }
  return out;
}

/** One sentence summing up the details. */
export const summarize = (details: ErrorDetail[]): string =>
  details.length === 0
    ? 'Invalid request'
    : details.length === 1
      ? details[0]!.message
      : `${details[0]!.message} (and ${details.length - 1} more)`;
