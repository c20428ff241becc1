import {
  callPath,
  type ErrorDetail,
  type MigrationCall,
  type MigrationPlan,
  migrateV1TypeCurve,
  NormalizationInput,
  TypeCurveFitsInput,
  TypeCurveInput,
  V1TypeCurve,
} from '@econ/contract';
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { HttpError } from '../../../lib/http';

/*
 * The V1 → V2 migration page's logic (spec part 9.5): pasted text → one plan per V1 type curve
 * (the contract's migration assistant), and the run of those plans through the API, which behaves as
 * `npm run cli -- type-curves migrate` does: calls in order, and a failure after the POST deletes
 * the new type curve again so the corrected text can be run once more.
 */

/* ------------------------------------------------------------------ parsing */

/** A JSON syntax error: what is wrong and where (0-based position, 1-based line and column). */
export interface JsonSyntaxError {
  message: string;
  position: number;
  line: number;
  column: number;
  /** The line holding the error, for showing it with a caret under `column`. */
  lineText: string;
}

/** One V1 schema issue: the field path (`[1].fits.oil.type` when the text holds an array) and the rule broken. */
export interface V1Issue {
  path: string;
  message: string;
}

/** A problem the V2 contract finds in a planned body before anything is sent (the API would refuse it). */
export interface CallIssue {
  step: MigrationCall['step'];
  path: string;
  message: string;
}

/** One V1 type curve ready to migrate: the assistant's plan and what the V2 contract says of its bodies. */
export interface PlannedCurve {
  plan: MigrationPlan;
  issues: CallIssue[];
}

export type PreviewResult =
  | { kind: 'empty'; message: string }
  | { kind: 'syntax'; error: JsonSyntaxError }
  | { kind: 'schema'; issues: V1Issue[] }
  | { kind: 'plans'; curves: PlannedCurve[] };

/** Plain words for jsonc-parser's error codes; `found` is what stands at the error's position. */
const JSON_ERROR_TEXT: Partial<Record<string, (found: string) => string>> = {
  CommaExpected: (f) => `expected ',' or a closing bracket after the value, found ${f}`,
  ColonExpected: (f) => `expected ':' after the property name, found ${f}`,
  PropertyNameExpected: (f) =>
    f === "'}'"
      ? 'a comma must be followed by another property (trailing commas are not JSON)'
      : `expected a property name in double quotes, found ${f}`,
  ValueExpected: (f) =>
    f === "']'"
      ? 'a comma must be followed by another value (trailing commas are not JSON)'
      : `expected a value, found ${f}`,
  CloseBraceExpected: (f) => `expected '}' to close the object, found ${f}`,
  CloseBracketExpected: (f) => `expected ']' to close the array, found ${f}`,
  EndOfFileExpected: (f) => `unexpected ${f} after the end of the JSON value`,
  UnexpectedEndOfString: () => 'the string is not closed: a closing " is missing',
  UnexpectedEndOfNumber: () => 'invalid number',
  InvalidNumberFormat: () => 'invalid number',
  InvalidEscapeCharacter: () => 'invalid escape in a string',
  InvalidUnicode: () => '\\u must be followed by 4 hex digits',
  InvalidCharacter: () => 'a line break or control character inside a string (the string is not closed?)',
};

/**
 * Where JSON text first goes wrong and why, or undefined when it is valid JSON. `JSON.parse` decides
 * validity; its message does not say where reliably, so jsonc-parser (strict: no comments, no
 * trailing commas) locates the first error.
 */
export function findJsonError(text: string): { position: number; message: string } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (e) {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (!first) return { position: text.length, message: (e as Error).message };
    const at = text[first.offset];
    const found = at === undefined ? 'the end of the text' : `'${at}'`;
    const code = printParseErrorCode(first.error);
    const message =
      code === 'InvalidSymbol'
        ? at === "'"
          ? 'strings and property names must use double quotes'
          : `unexpected ${found}`
        : (JSON_ERROR_TEXT[code]?.(found) ?? `${code} at ${found}`);
    return { position: first.offset, message };
  }
}

/** Line (1-based), column (1-based) and that line's text of a position in `text`. */
export function lineAndColumn(text: string, position: number): { line: number; column: number; lineText: string } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  return {
    line,
    column: position - lineStart + 1,
    lineText: text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).replace(/\r$/, ''),
  };
}

/** `[0].fits.oil` / `fits.oil` from a zod path, after an optional `[i]` prefix. */
export function formatPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

type ZodIssueLike = { path: PropertyKey[]; message: string; code?: string; keys?: string[] };

/** Issues as path + message; unknown keys are listed one by one under their own path. */
function toIssues(issues: readonly ZodIssueLike[], prefix: string): { path: string; message: string }[] {
  return issues.flatMap((i) =>
    i.code === 'unrecognized_keys' && i.keys
      ? i.keys.map((k) => ({ path: formatPath([...i.path, k], prefix), message: `${k} is not a field here` }))
      : [{ path: formatPath(i.path, prefix), message: i.message }],
  );
}

const CALL_SCHEMAS = {
  create: TypeCurveInput,
  fits: TypeCurveFitsInput,
  normalization: NormalizationInput,
} as const;

/** What the V2 contract says of each planned body (the server checks more: forecast, wells, name). */
export function callIssues(plan: MigrationPlan): CallIssue[] {
  return plan.calls.flatMap((call) => {
    const parsed = CALL_SCHEMAS[call.step].safeParse(call.body);
    return parsed.success
      ? []
      : toIssues(parsed.error.issues as ZodIssueLike[], '').map((i) => ({ step: call.step, ...i }));
  });
}

/**
 * Pasted text → the preview: a JSON syntax error with its place, the V1 schema issues with their
 * paths, or one plan per V1 type curve (the text holds one object or an array of them).
 */
export function previewMigration(text: string, projectId: string): PreviewResult {
  if (text.trim() === '') return { kind: 'empty', message: 'Paste a V1 type curve (JSON) or choose a .json file.' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const found = findJsonError(text) ?? { position: text.length, message: (e as Error).message };
    return {
      kind: 'syntax',
      error: { message: found.message, position: found.position, ...lineAndColumn(text, found.position) },
    };
  }
  const isList = Array.isArray(raw);
  const list: unknown[] = isList ? (raw as unknown[]) : [raw];
  if (list.length === 0) return { kind: 'empty', message: 'The array holds no type curve.' };
  const issues: V1Issue[] = [];
  const curves: V1TypeCurve[] = [];
  list.forEach((item, index) => {
    const parsed = V1TypeCurve.safeParse(item);
    if (parsed.success) curves.push(parsed.data);
    else issues.push(...toIssues(parsed.error.issues as ZodIssueLike[], isList ? `[${index}]` : ''));
  });
  if (issues.length) return { kind: 'schema', issues };
  return {
    kind: 'plans',
    curves: curves.map((c) => {
      const plan = migrateV1TypeCurve(c, projectId);
      return { plan, issues: callIssues(plan) };
    }),
  };
}

/* ------------------------------------------------------------------ run */

/** The API's answer to a refused call: status, message and field details (as the BFF passes them on). */
export interface CallError {
  status?: number;
  message: string;
  details: ErrorDetail[];
}

export type StepStatus = 'waiting' | 'running' | 'done' | 'failed' | 'not run';

export interface StepState {
  step: MigrationCall['step'];
  method: MigrationCall['method'];
  /** The path as called (with the new id once known). */
  path: string;
  status: StepStatus;
  error?: CallError;
}

export type CurveStatus = 'waiting' | 'running' | 'migrated' | 'failed' | 'skipped';

/** What became of the new type curve when a step after the POST failed. */
export type Rollback = { status: 'deleted' } | { status: 'delete failed'; error: CallError };

export interface CurveRun {
  name: string;
  status: CurveStatus;
  /** The new V2 type curve's id, once the POST answered. */
  id?: string;
  steps: StepState[];
  rollback?: Rollback;
  /** Why a curve was not run (the contract refuses one of its bodies). */
  reason?: string;
}

export interface RunState {
  curves: CurveRun[];
  finished: boolean;
}

/** The run before anything is sent; curves the V2 contract refuses are skipped with the reason. */
export function initialRun(curves: readonly PlannedCurve[]): RunState {
  return {
    finished: false,
    curves: curves.map(({ plan, issues }) => {
      const run: CurveRun = {
        name: plan.name,
        status: 'waiting',
        steps: plan.calls.map((c) => ({ step: c.step, method: c.method, path: c.path, status: 'waiting' })),
      };
      if (issues.length) {
        run.status = 'skipped';
        run.reason = `not run: the V2 contract refuses ${issues[0]?.step} ${issues[0]?.path ? `${issues[0].path}: ` : ''}${issues[0]?.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`;
        for (const s of run.steps) s.status = 'not run';
      }
      return run;
    }),
  };
}

export type RunEvent =
  | { type: 'step started'; curve: number; step: number; path: string }
  | { type: 'step done'; curve: number; step: number; id?: string }
  | { type: 'step failed'; curve: number; step: number; error: CallError }
  | { type: 'rolled back'; curve: number; rollback: Rollback }
  | { type: 'finished' };

/** The run state after one event (pure: returns a new state). */
export function runReducer(state: RunState, event: RunEvent): RunState {
  if (event.type === 'finished') return { ...state, finished: true };
  const curves = state.curves.map((c, i) => {
    if (i !== event.curve) return c;
    const curve: CurveRun = { ...c, steps: c.steps.map((s) => ({ ...s })) };
    switch (event.type) {
      case 'step started': {
        const step = curve.steps[event.step];
        if (step) Object.assign(step, { status: 'running', path: event.path });
        curve.status = 'running';
        break;
      }
      case 'step done': {
        const step = curve.steps[event.step];
        if (step) step.status = 'done';
        if (event.id !== undefined) curve.id = event.id;
        if (curve.steps.every((s) => s.status === 'done')) curve.status = 'migrated';
        break;
      }
      case 'step failed': {
        const step = curve.steps[event.step];
        if (step) Object.assign(step, { status: 'failed', error: event.error });
        for (const s of curve.steps.slice(event.step + 1)) s.status = 'not run';
        curve.status = 'failed';
        break;
      }
      case 'rolled back':
        curve.rollback = event.rollback;
        break;
    }
    return curve;
  });
  return { ...state, curves };
}

/** How the run reaches the API: `path` is an API path (`/v2/projects/…`); a refusal is thrown. */
export type Send = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => Promise<unknown>;

/** Any thrown error as a CallError (an HttpError keeps its status and details). */
export function toCallError(e: unknown): CallError {
  if (e instanceof HttpError) return { status: e.status, message: e.message, details: e.details };
  return { message: e instanceof Error ? e.message : String(e), details: [] };
}

/** The path of the new type curve itself, from a call path (`…/type-curves/{id}/fits` → `…/type-curves/{id}`). */
export const curvePath = (base: string, id: string): string => `${base}/${encodeURIComponent(id)}`;

/**
 * Runs the plans one curve after the other (skipped curves are left alone), reporting every change
 * through `emit`: POST the curve, then PUT fits and normalization with its new id. When a call after
 * the POST fails, the new curve is deleted again (as the CLI does) and the next curve goes on.
 */
export async function runMigration(
  curves: readonly PlannedCurve[],
  send: Send,
  emit: (event: RunEvent) => void,
  skip: ReadonlySet<number> = new Set(curves.flatMap((c, i) => (c.issues.length ? [i] : []))),
): Promise<void> {
  for (const [ci, { plan }] of curves.entries()) {
    if (skip.has(ci)) continue;
    const base = plan.calls[0]?.path ?? '';
    let id: string | undefined;
    for (const [si, call] of plan.calls.entries()) {
      const path = id === undefined ? call.path : callPath(call, encodeURIComponent(id));
      emit({ type: 'step started', curve: ci, step: si, path });
      try {
        const answer = await send(call.method, path, call.body);
        if (call.step === 'create') {
          const newId = (answer as { id?: unknown } | null)?.id;
          if (typeof newId !== 'string') throw new Error('the API answered the POST without the new id');
          id = newId;
          emit({ type: 'step done', curve: ci, step: si, id });
        } else emit({ type: 'step done', curve: ci, step: si });
      } catch (e) {
        emit({ type: 'step failed', curve: ci, step: si, error: toCallError(e) });
        if (id !== undefined) {
          try {
            await send('DELETE', curvePath(base, id));
            emit({ type: 'rolled back', curve: ci, rollback: { status: 'deleted' } });
          } catch (d) {
            emit({ type: 'rolled back', curve: ci, rollback: { status: 'delete failed', error: toCallError(d) } });
          }
        }
        break;
      }
    }
  }
  emit({ type: 'finished' });
}
