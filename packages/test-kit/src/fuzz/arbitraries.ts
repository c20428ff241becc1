import fc from 'fast-check';
import { isObject, type SchemaDoc } from './schemaDoc';

/*
 * Malformed request bodies derived from a JSON Schema (the request schemas of the OpenAPI
 * document); `schemaDoc.ts` says which of them certainly break it. Shared by the API's and the
 * BFF's fuzz suites (`apps/api/src/fuzz/`, `apps/bff/src/fuzz/`).
 */

/** How many random cases per route: small by default (the normal test run), FUZZ_RUNS to raise it. */
export const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 6);
/** Whether this is the long run (`npm run test:fuzz`): adds the cases that cost megabytes. */
export const LONG_RUN = FUZZ_RUNS > 6;

/** One request body to send: its bytes, its content type and what the validator says of it. */
export interface BodyCase {
  label: string;
  /** `null`: no Content-Type header. */
  contentType: string | null;
  body: string | Uint8Array | undefined;
  /** Certainly invalid whatever the server's finer rules: must be refused (4xx). */
  certain: boolean;
  reason?: string;
}

type Path = (string | number)[];

/** Every path of a value (objects and arrays, up to 200 paths), the root first. */
export function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (out.length >= 200) return out;
  out.push(prefix);
  if (Array.isArray(value)) {
    for (const [i, v] of value.slice(0, 3).entries()) pathsOf(v, [...prefix, i], out);
  } else if (isObject(value)) for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

const RAW = '\u0001raw\u0001';

/** Puts `replacement` at `path` in a copy of `value` (`undefined` deletes the key). */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cur = copy;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === undefined && !Array.isArray(cur)) delete cur[last];
  else cur[last] = replacement;
  return copy;
}

const nested = (levels: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** A field-level mutation: what replaces the value at a path (raw JSON text where `raw`). */
type Mutation = { label: string; value?: unknown; raw?: string; remove?: true; addKey?: true };

const WRONG_TYPES: Mutation[] = [
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'number 0', value: 0 },
  { label: 'string', value: 'fuzz' },
  { label: 'empty array', value: [] },
  { label: 'empty object', value: {} },
  { label: 'array of null', value: [null] },
];
const NUMBERS: Mutation[] = [
  { label: 'negative', value: -1 },
  { label: 'huge negative', value: -1e300 },
  { label: 'huge', value: 1e300 },
  { label: 'fraction', value: 0.5 },
  { label: 'unsafe integer', value: 2 ** 53 + 2 },
  { label: '"NaN"', value: 'NaN' },
  { label: '"Infinity"', value: 'Infinity' },
  { label: '"1e309"', value: '1e309' },
  { label: 'raw 1e309', raw: '1e309' },
  { label: 'raw -1e309', raw: '-1e309' },
  { label: 'raw NaN', raw: 'NaN' },
  { label: 'raw -0', raw: '-0' },
];
const STRINGS: Mutation[] = [
  { label: 'empty string', value: '' },
  { label: 'blank', value: '   ' },
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'lone surrogate', value: '\ud800x' },
  { label: 'emoji', value: '💥'.repeat(50) },
  { label: 'long string', value: 'x'.repeat(100_001) },
  { label: 'sql', value: "'; DROP TABLE projects; --" },
  { label: 'bad date 2026-13-01', value: '2026-13-01' },
  { label: 'bad date 2026-02-30', value: '2026-02-30' },
  { label: 'bad date 0000-00-00', value: '0000-00-00' },
  { label: 'bad date text', value: 'not-a-date' },
  { label: 'bad datetime', value: '2026-01-01T25:61:00Z' },
  { label: 'bad id', value: 'not-an-object-id' },
];
const SHAPES: Mutation[] = [
  { label: 'missing', remove: true },
  { label: 'extra field', addKey: true },
  { label: 'deep array 10k', raw: nested(10_000, 'array') },
  { label: 'deep object 10k', raw: nested(10_000, 'object') },
  { label: 'array of 10001', value: Array.from({ length: 10_001 }, () => 1) },
];

/** One body with `m` applied at `path`, classified by the schema. */
function applyMutation(doc: SchemaDoc, schema: unknown, base: unknown, path: Path, m: Mutation): BodyCase {
  const where = path.length ? path.join('.') : 'body';
  let value: unknown;
  if (m.remove) value = path.length ? setAt(base, path, undefined) : undefined;
  else if (m.addKey) {
    const target = path.length
      ? path.reduce<unknown>((v, p) => (v as Record<string | number, unknown>)[p], base)
      : base;
    value = isObject(target)
      ? setAt(base, path, { ...target, fuzzExtraField: 'x' })
      : setAt(base, path, { fuzzExtraField: 'x' });
  } else value = setAt(base, path, m.raw !== undefined ? RAW : m.value);
  if (value === undefined)
    return { label: `${where}: ${m.label}`, contentType: 'application/json', body: '', certain: false };
  let text = JSON.stringify(value);
  if (m.raw !== undefined) text = text.replace(JSON.stringify(RAW), m.raw);
  let parsed: unknown;
  let malformed = false;
  try {
    parsed = JSON.parse(text);
  } catch {
    malformed = true;
  }
  const reason = malformed ? 'malformed JSON' : doc.violation(schema, parsed);
  return { label: `${where}: ${m.label}`, contentType: 'application/json', body: text, certain: !!reason, reason };
}

/** Random field-level mutations of a base body: wrong types, ranges, strings, shapes. */
export function fieldMutations(doc: SchemaDoc, schema: unknown, base: unknown): fc.Arbitrary<BodyCase> {
  const paths = pathsOf(base);
  const all = [...WRONG_TYPES, ...NUMBERS, ...STRINGS, ...SHAPES];
  return fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom(...all))
    .map(([path, m]) => applyMutation(doc, schema, base, path, m));
}

/** The same mutations, each once at one path chosen by kind (every category on every route). */
export function everyMutationOnce(doc: SchemaDoc, schema: unknown, base: unknown): BodyCase[] {
  const paths = pathsOf(base);
  const leaves = paths.filter((p) => {
    const v = p.reduce<unknown>((acc, k) => (acc as Record<string | number, unknown>)?.[k], base);
    return v === null || typeof v !== 'object';
  });
  const objects = paths.filter((p) =>
    isObject(p.reduce<unknown>((acc, k) => (acc as Record<string | number, unknown>)?.[k], base)),
  );
  const leaf = leaves[0] ?? [];
  const numberLeaf =
    leaves.find((p) => {
      const t = doc.schemaAt(schema, p)?.type;
      return t === 'number' || t === 'integer';
    }) ?? leaf;
  const dateLeaf = leaves.find((p) => doc.schemaAt(schema, p)?.pattern === '^\\d{4}-\\d{2}-\\d{2}$') ?? leaf;
  const object = objects[objects.length > 1 ? 1 : 0] ?? [];
  const required = paths.find((p) => p.length > 0 && typeof p[p.length - 1] === 'string') ?? [];
  const out: BodyCase[] = [];
  for (const m of WRONG_TYPES) out.push(applyMutation(doc, schema, base, leaf, m));
  for (const m of NUMBERS) out.push(applyMutation(doc, schema, base, numberLeaf, m));
  for (const m of STRINGS) out.push(applyMutation(doc, schema, base, m.label.includes('date') ? dateLeaf : leaf, m));
  out.push(applyMutation(doc, schema, base, required, SHAPES[0]!));
  out.push(applyMutation(doc, schema, base, object, SHAPES[1]!));
  for (const m of SHAPES.slice(2)) out.push(applyMutation(doc, schema, base, leaf, m));
  // An array beyond its maximum, wherever the schema sets one.
  for (const p of paths) {
    const s = doc.schemaAt(schema, p);
    if (typeof s?.maxItems === 'number' && s.maxItems <= 20_000) {
      const cur = p.reduce<unknown>((acc, k) => (acc as Record<string | number, unknown>)?.[k], base);
      const item = Array.isArray(cur) && cur.length > 0 ? cur[0] : doc.sample(s.items);
      const big = Array.from({ length: s.maxItems + 1 }, () => item);
      const c = applyMutation(doc, schema, base, p, {
        label: `array of ${s.maxItems + 1} (max ${s.maxItems})`,
        value: big,
      });
      out.push(c);
    }
  }
  return out;
}

/** Whole-body cases: content types, malformed JSON, invalid UTF-8, top-level types and depth. */
export function wholeBodyCases(
  doc: SchemaDoc,
  schema: unknown,
  base: unknown,
  opts: { bodyRequired: boolean; formAccepted?: boolean },
): BodyCase[] {
  const json = JSON.stringify(base);
  const enc = new TextEncoder();
  const withBytes = (bytes: number[]) => {
    // Inside the first string value (a key if there is none): the bytes must not hide in a name.
    const v = json.indexOf('":"');
    const i = v >= 0 ? v + 3 : json.indexOf('"') + 1;
    const head = enc.encode(json.slice(0, i));
    const tail = enc.encode(json.slice(i));
    return new Uint8Array([...head, ...bytes, ...tail]);
  };
  const cases: BodyCase[] = [
    { label: 'text/plain', contentType: 'text/plain', body: json, certain: true },
    {
      label: 'form data',
      contentType: 'multipart/form-data; boundary=fuzz',
      body: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--fuzz--\r\n',
      certain: true,
    },
    { label: 'urlencoded', contentType: 'application/x-www-form-urlencoded', body: 'a=b&c=%ZZ', certain: true },
    { label: 'no content type', contentType: null, body: json, certain: true },
    { label: 'application/xml', contentType: 'application/xml', body: '<a/>', certain: true },
    { label: 'malformed JSON {', contentType: 'application/json', body: '{', certain: true },
    { label: 'malformed JSON trailing comma', contentType: 'application/json', body: '[1,]', certain: true },
    { label: 'malformed JSON single quotes', contentType: 'application/json', body: "{'a':1}", certain: true },
    { label: 'malformed JSON NaN', contentType: 'application/json', body: 'NaN', certain: true },
    { label: 'two JSON values', contentType: 'application/json', body: `${json} ${json}`, certain: true },
    { label: 'empty body', contentType: 'application/json', body: '', certain: opts.bodyRequired },
    { label: 'invalid UTF-8 0xff', contentType: 'application/json', body: withBytes([0xff, 0xfe]), certain: true },
    { label: 'invalid UTF-8 overlong', contentType: 'application/json', body: withBytes([0xc0, 0xaf]), certain: true },
    { label: 'invalid UTF-8 truncated', contentType: 'application/json', body: withBytes([0xe2, 0x82]), certain: true },
    { label: 'deep array 10k', contentType: 'application/json', body: nested(10_000, 'array'), certain: true },
    { label: 'deep object 10k', contentType: 'application/json', body: nested(10_000, 'object'), certain: true },
    { label: 'deep array 100k', contentType: 'application/json', body: nested(100_000, 'array'), certain: true },
    { label: 'BOM', contentType: 'application/json', body: `\ufeff${json}`, certain: false },
  ];
  if (opts.formAccepted) {
    // The token endpoint also takes form bodies: these are still missing every field.
    for (const c of cases) if (c.label === 'urlencoded') c.certain = true;
  }
  for (const v of [null, 0, -1, 'fuzz', true, [], {}, [null], [[]], [1, 'a', {}]]) {
    const reason = doc.violation(schema, v);
    cases.push({
      label: `top-level ${JSON.stringify(v)}`,
      contentType: 'application/json',
      body: JSON.stringify(v),
      certain: !!reason,
      reason,
    });
  }
  // The deep cases: certainly invalid only where the schema is not open (an `{}` schema takes anything).
  for (const c of cases) {
    if (c.label.startsWith('deep') && c.body && typeof c.body === 'string') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(c.body);
      } catch {
        continue;
      }
      const reason = doc.violation(schema, parsed);
      c.certain = !!reason;
      c.reason = reason;
    }
  }
  if (LONG_RUN) {
    cases.push({
      label: 'body over 8 MiB',
      contentType: 'application/json',
      body: `[${'"x",'.repeat(2_200_000)}"x"]`,
      certain: true,
    });
  }
  return cases;
}
