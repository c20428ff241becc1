/*
 * Checks a JSON request body needs before it is parsed, shared by the API and the BFF: strict UTF-8
 * (bytes that are not UTF-8 are refused, never stored with U+FFFD in their place) and a nesting
 * limit (a value nested thousands deep would overflow the stack wherever it is walked or echoed).
 */

/** How deeply arrays and objects may nest in a request body (ours nest well under 20). */
export const MAX_JSON_DEPTH = 64;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text, or undefined when they are not valid UTF-8. */
export function strictUtf8(bytes: ArrayBuffer): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The deepest nesting of `[` and `{` in JSON text (outside strings), counted without parsing. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > max) max = depth;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return max;
}

/** A surrogate code unit without its pair: text holding one has no UTF-8 form (it would be stored as U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` holds a lone surrogate (sent as a `\ud800` escape without its pair). */
export const hasLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);

/**
 * Whether JSON text may decode to a lone surrogate: only a `\uD800`–`\uDFFF` escape can produce
 * one (strict UTF-8 text holds none), so a body without such an escape needs no walk.
 */
export const mayHoldSurrogateEscape = (text: string): boolean => /\\u[dD][89a-fA-F]/.test(text);

/** The path (`a.b[2]`; '' for the body itself) of the first string or key of a JSON value that `bad` flags. */
export function stringPathWhere(value: unknown, bad: (s: string) => boolean, path = ''): string | undefined {
  if (typeof value === 'string') return bad(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = stringPathWhere(v, bad, `${path}[${i}]`);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (bad(k)) return p;
      const found = stringPathWhere(v, bad, p);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Why a request body is refused: a summary, and the detail naming the field, the rule and the value. */
export interface BodyProblem {
  message: string;
  detail: { field: string; rule: string; message: string; value?: unknown };
}

const problem = (message: string, field: string, rule: string, detail: string, value?: unknown) => ({
  ok: false as const,
  problem: { message, detail: { field, rule, message: detail, ...(value === undefined ? {} : { value }) } },
});

/**
 * Decodes a JSON request body, the one reader of the API and the BFF. Refused: bytes that are not
 * UTF-8 (never stored with U+FFFD in their place), nesting deeper than {@link MAX_JSON_DEPTH} (a value
 * that deep would overflow the stack wherever it is echoed or walked; refused before parsing),
 * malformed JSON, a lone surrogate escape (text with no UTF-8 form: stored, it would read back as
 * U+FFFD, so what was acknowledged would not be what was kept), and with `refuseNul` a NUL
 * character (PostgreSQL text cannot hold one).
 */
export function decodeJsonBody(
  bytes: ArrayBuffer,
  opts: { refuseNul?: boolean } = {},
): { ok: true; value: unknown } | { ok: false; problem: BodyProblem } {
  const text = strictUtf8(bytes);
  if (text === undefined) {
    return problem('The body is not valid UTF-8', '', 'utf-8', 'the body holds bytes that are not valid UTF-8');
  }
  const depth = nestingDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    const message = `The body is nested deeper than ${MAX_JSON_DEPTH} levels`;
    return problem(message, '', `max depth ${MAX_JSON_DEPTH}`, 'the JSON body is nested too deep', depth);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = `Malformed JSON in request body: ${(e as Error).message}`;
    return problem(message, '', 'json', 'the body is not valid JSON');
  }
  const nul = opts.refuseNul ? stringPathWhere(value, (s) => s.includes('\u0000')) : undefined;
  if (nul !== undefined) {
    const message = `${nul || 'the body'} holds a NUL character`;
    return problem(message, nul, 'no NUL', message);
  }
  const lone = mayHoldSurrogateEscape(text) ? stringPathWhere(value, hasLoneSurrogate) : undefined;
  if (lone !== undefined) {
    const message = `${lone || 'the body'} holds a lone surrogate escape (\\ud800–\\udfff without its pair): not a Unicode character`;
    return problem(message, lone, 'unicode', message);
  }
  return { ok: true, value };
}
