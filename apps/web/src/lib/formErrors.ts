import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { HttpError } from './http';

/*
 * Errors on forms, one way for every form (decision 057): the API's and the contract's messages
 * name fields by their key or JSON path (`otherCapex.rows[2].tangible: tangible must be a number`);
 * the page names them by the field's label ("Row 3 tangible must be a number"). Server errors are
 * placed with `applyServerErrors`, the contract's (zod) with `withLabels` around the resolver; both
 * word the message with `labelMessage`.
 */

/** A field's label, with the unit its numbers are in (appended to bounds: "at most 100 %"). */
export interface FieldLabel {
  label: string;
  unit?: string | undefined;
}

/**
 * The labels of a form's fields by react-hook-form path (`cutOff.discount`); `*` stands for any
 * array index (`otherCapex.rows.*.tangible`). A function may answer instead (fields registered
 * on the page); it returns undefined for a path it does not know.
 */
export type FieldLabels =
  | Readonly<Record<string, string | FieldLabel>>
  | ((path: string) => string | FieldLabel | undefined);

/** `otherCapex.rows[2].tangible`, `[0].otherCapex.rows[2].tangible` or `/rows/2/price` → `otherCapex.rows.2.tangible`. */
export function toFormPath(apiPath: string): string {
  return apiPath
    .replace(/^\[\d+\]\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+/, '');
}

/** `tangibleBonusDepreciation` → `tangible bonus depreciation`; `api14` → `api 14`; `CO2e` kept. */
export function keyWords(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

const capitalize = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const isIndex = (s: string): boolean => /^\d+$/.test(s);

/** What an index of the array `key` is called: a segment of `segments`, a year, else a row. */
function itemWord(key: string | undefined): string {
  if (key && /segments?$/i.test(key)) return 'segment';
  return 'row';
}

/**
 * The label of a path without a label map: its last key in words, after the items it sits in
 * ("Row 3 price" for `rows.2.price`, "Segment 2 start" for `segments.1.start`).
 */
export function fallbackLabel(path: string): string {
  const parts = path.split('.').filter(Boolean);
  if (parts.length === 0) return '';
  const items: string[] = [];
  parts.forEach((p, i) => {
    if (isIndex(p)) items.push(`${itemWord(parts[i - 1])} ${Number(p) + 1}`);
  });
  const last = parts[parts.length - 1]!;
  const leaf = isIndex(last) ? '' : keyWords(last);
  return capitalize([...items, leaf].filter(Boolean).join(' '));
}

const asLabel = (v: string | FieldLabel | undefined): FieldLabel | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? { label: v } : v;

function lookup(labels: FieldLabels | undefined, path: string): FieldLabel | undefined {
  if (!labels) return undefined;
  if (typeof labels === 'function') return asLabel(labels(path));
  return asLabel(labels[path] ?? labels[path.replace(/\.\d+(?=\.|$)/g, '.*')]);
}

/**
 * A path's label: the form's own label for it (exact, or with `*` for indexes), else its nearest
 * labelled ancestor's label followed by the rest in words ("Oil price row 3 price"), else
 * `fallbackLabel` ("Row 3 price").
 */
export function fieldLabel(path: string, labels?: FieldLabels): FieldLabel {
  const own = lookup(labels, path);
  if (own) return own;
  const parts = path.split('.').filter(Boolean);
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = lookup(labels, parts.slice(0, n).join('.'));
    if (parent) {
      const rest = fallbackLabel(parts.slice(n).join('.'));
      return { label: rest ? `${parent.label} ${lowerFirst(rest)}` : parent.label };
    }
  }
  return { label: fallbackLabel(path) };
}

/** Lower-cases the first letter unless the first word is an abbreviation (CAPEX, NGL, DD&A). */
function lowerFirst(s: string): string {
  const first = s.split(' ')[0] ?? '';
  return /^[A-Z][a-z]|^[A-Z]$/.test(first) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Bounds a unit belongs after: "must be at most 100" → "must be at most 100 %". */
const BOUND =
  /\b(at most|at least|above|below|greater than|less than|more than|from|to|between [^ ]+ and) (-?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?)$/;

/**
 * The message with the field named by its label: a leading `path: ` the API puts first is dropped,
 * a leading key or path (`tangibleBonusDepreciation must …`, `rows[2].price must …`) becomes the
 * label, a unit follows a bound at the end, and a message that does not start with its field gets
 * `Label: ` in front when `prefix` is set (the banner: the message is away from its field) or
 * when the API put the path in front.
 */
export function labelMessage(
  message: string,
  path: string,
  label: FieldLabel,
  opts: { apiPath?: string | undefined; prefix?: boolean } = {},
): string {
  const parts = path.split('.').filter(Boolean);
  const keys = parts.filter((p) => !isIndex(p));
  const leaf = keys[keys.length - 1];
  let text = message;
  // The API's "field: message" form: the field is then named by its label, unless the message
  // itself starts with its key ("tangible must be a number").
  let prefixed = false;
  for (const p of [opts.apiPath, path].filter(Boolean) as string[]) {
    if (text.startsWith(`${p}: `)) {
      text = text.slice(p.length + 2);
      prefixed = true;
    }
  }
  const names = [opts.apiPath, path].filter((p): p is string => !!p).map(escapeRe);
  // The key the message starts with: the whole path, or the last key (with its index, `value[3]`),
  // after keys of its path (`gas specificGravity`, `oil.pctRemaining`).
  const context = keys.slice(0, -1).map(escapeRe);
  const lead = context.length > 0 ? `(?:(?:${context.join('|')})[ .])*` : '';
  const starts = [...names, ...(leaf ? [`${lead}${escapeRe(leaf)}(?:\\[\\d+\\])*`] : [])];
  let named = false;
  for (const s of starts) {
    const m = new RegExp(`^(?:${s})(?=[\\s:]|$)`).exec(text);
    if (m) {
      text = `${label.label}${text.slice(m[0].length)}`;
      named = true;
      break;
    }
  }
  const bound = BOUND.exec(text);
  if (bound) {
    // Large bounds with separators (10,000,000,000), then the unit.
    const n = Number(bound[2]!.replace(/,/g, ''));
    const shown = Number.isFinite(n) && Math.abs(n) >= 10000 ? n.toLocaleString('en-US') : bound[2]!;
    text = `${text.slice(0, bound.index + bound[0].length - bound[2]!.length)}${shown}`;
    // A unit, not a reference (`air = 1`), follows the bound.
    if (label.unit && !label.unit.includes('=') && !text.endsWith(label.unit)) text = `${text} ${label.unit}`;
  }
  text = wordKeys(text, named ? label.label.length : 0);
  if (!named && (opts.prefix || prefixed) && label.label) return `${label.label}: ${text}`;
  return capitalize(text);
}

/**
 * The camelCase keys left in a message in words (`startDate` → `start date`), outside quoted
 * values and from `from` on (the label, already words, is kept as it is).
 */
function wordKeys(text: string, from: number): string {
  const head = text.slice(0, from);
  const parts = text.slice(from).split('"');
  return (
    head +
    parts.map((p, i) => (i % 2 === 1 ? p : p.replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (k) => keyWords(k)))).join('"')
  );
}

/** `labelMessage` for a path with the form's labels. */
export function labelled(message: string, path: string, labels?: FieldLabels, apiPath?: string): string {
  return labelMessage(message, path, fieldLabel(path, labels), { apiPath, prefix: false });
}

/** For the banner: the message with its field's label in front when it does not name it. */
export function labelledForBanner(message: string, path: string, labels?: FieldLabels, apiPath?: string): string {
  if (!path) return capitalize(message);
  return labelMessage(message, path, fieldLabel(path, labels), { apiPath, prefix: true });
}

export interface ServerErrorOptions {
  /** The form's labels (see `FieldLabels`); unknown paths are worded from their keys. */
  labels?: FieldLabels;
  /**
   * Where an answer of a status without field details goes, by status: a 409 "username taken"
   * next to the username. Other such answers go to the banner.
   */
  statusFields?: Readonly<Partial<Record<number, string>>>;
  /**
   * Where an API path lands on this form, when the form is not shaped like the body (default
   * `toFormPath`): a type curve's `wells[3]` on its forecast picker, a lookup rule's
   * `rules[0].filter[1]` on the rule's filter editor.
   */
  formPath?: (apiPath: string) => string;
}

/** The fields a form shows: a list of paths, or a test (the paths shown on the page right now). */
export type ShownFields<T extends FieldValues> = readonly Path<T>[] | ((path: string) => boolean);

/**
 * Puts the field errors of an error answer next to their fields, worded with the fields' labels;
 * returns what is left for the banner (undefined when every detail found its field): the error
 * itself when it is not a validation error, else a 400 listing the details left, labelled.
 * A detail's `field` is an API path (`priceModel.oil.rows[0].price`, `[2].name`); it is placed
 * on the react-hook-form path (`priceModel.oil.rows.0.price`) when the form shows that field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: ShownFields<T>,
  setError: UseFormSetError<T>,
  options: ServerErrorOptions = {},
): unknown {
  const shown = typeof fields === 'function' ? fields : (p: string) => (fields as readonly string[]).includes(p);
  if (!(error instanceof HttpError)) return error;
  if (error.details.length === 0) {
    const field = options.statusFields?.[error.status];
    if (field && shown(field)) {
      setError(field as Path<T>, { type: 'server', message: capitalize(error.message) });
      return undefined;
    }
    return error;
  }
  const left = placeDetails(
    error.details,
    shown,
    (path, message) => setError(path as Path<T>, { type: 'server', message }),
    options.labels,
    options.formPath,
  );
  return leftForBanner(error, left, options.labels, options.formPath);
}

/** One complaint about one field as the API sends it (an `ErrorDetail` or a 207 record's error). */
export interface FieldComplaint {
  field?: string | undefined;
  /** A 207 record error's place (`[0].cutOff.discount`) when it has no `field`. */
  location?: string | undefined;
  message: string;
  rule?: string | undefined;
  value?: unknown;
}

/**
 * Places complaints on the form paths `shown` accepts (`set(path, labelled message)`, the first
 * per path) and returns the rest. Labels come from `labels`; `formPath` maps an API path to the
 * form's (default `toFormPath`).
 */
export function placeDetails<D extends FieldComplaint>(
  details: readonly D[],
  shown: (path: string) => boolean,
  set: (path: string, message: string) => void,
  labels?: FieldLabels,
  formPath: (apiPath: string) => string = toFormPath,
): D[] {
  const done = new Set<string>();
  const left: D[] = [];
  for (const d of details) {
    const apiPath = d.field ?? d.location ?? '';
    const path = formPath(apiPath);
    if (path && shown(path)) {
      if (!done.has(path)) set(path, labelled(d.message, path, labels, apiPath.replace(/^\[\d+\]\.?/, '')));
      done.add(path);
    } else left.push(d);
  }
  return left;
}

/** The banner's lines for complaints that found no field: each labelled, with its field in front. */
export function bannerLines(
  details: readonly FieldComplaint[],
  labels?: FieldLabels,
  formPath: (apiPath: string) => string = toFormPath,
): string[] {
  return details.map((d) => {
    const apiPath = d.field ?? d.location ?? '';
    return labelledForBanner(d.message, formPath(apiPath), labels, apiPath.replace(/^\[\d+\]\.?/, ''));
  });
}

/**
 * The contract's complaints about a form (`{ path, message }`, form paths) placed on the fields
 * shown (`setError` of type `contract`, worded with the labels); returns the banner's lines for
 * the others.
 */
export function placeContractIssues<T extends FieldValues>(
  issues: readonly { path: string; message: string }[],
  shown: (path: string) => boolean,
  setError: UseFormSetError<T>,
  labels?: FieldLabels,
): string[] {
  const left = placeDetails(
    issues.map((i) => ({ field: i.path, message: i.message })),
    shown,
    (path, message) => setError(path as Path<T>, { type: 'contract', message }),
    labels,
  );
  return bannerLines(left, labels);
}

/**
 * What of an error answer is left for the banner once `left` of its details stayed unplaced:
 * nothing when none, else an `HttpError` of the same status whose message (one detail) or list (several)
 * reads with the fields' labels. Its details carry no `field`, so the banner lists them.
 */
export function leftForBanner(
  error: HttpError,
  left: readonly FieldComplaint[],
  labels?: FieldLabels,
  formPath?: (apiPath: string) => string,
): unknown {
  if (left.length === 0) return undefined;
  const lines = bannerLines(left, labels, formPath);
  const message = lines.length === 1 ? lines[0]! : error.message;
  return new HttpError(
    error.status,
    error.errorName,
    message,
    lines.map((m, i) => ({ field: '', rule: left[i]!.rule ?? '', message: m })),
    error.body,
  );
}

/** Every error of a react-hook-form errors tree with its path (nested objects and arrays). */
function eachError(errors: unknown, path: string, visit: (path: string, e: { message?: unknown }) => void): void {
  if (!errors || typeof errors !== 'object') return;
  const e = errors as Record<string, unknown>;
  if (typeof e.message === 'string' && 'type' in e) visit(path, e as { message?: unknown });
  for (const [k, v] of Object.entries(e)) {
    if (k === 'ref' || k === 'message' || k === 'type' || k === 'types') continue;
    eachError(v, path ? (k === 'root' ? path : `${path}.${k}`) : k, visit);
  }
}

/** The errors of a resolver with every message worded with the form's labels (in place). */
export function labelErrors<T extends FieldValues>(errors: FieldErrors<T>, labels?: FieldLabels): FieldErrors<T> {
  eachError(errors, '', (path, e) => {
    if (typeof e.message === 'string' && path) e.message = labelled(e.message, path, labels);
  });
  return errors;
}

/**
 * A resolver whose messages name fields by their labels: wrap a form's resolver (`zodResolver(S)`)
 * so the contract's messages ("username must not be empty") read "Username must not be empty".
 */
export function withLabels<T extends FieldValues, C, V>(
  resolver: Resolver<T, C, V>,
  labels?: FieldLabels,
): Resolver<T, C, V> {
  return async (values, context, options) => {
    const out = await resolver(values, context, options);
    labelErrors(out.errors, labels);
    return out;
  };
}

/** The attributes of an input whose error (`{id}-error`) stands under it, when it has one. */
export function invalid(id: string, hasError: boolean): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return hasError ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
