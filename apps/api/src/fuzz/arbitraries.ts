import fc from 'fast-check';

/*
 * Malformed request bodies derived from a JSON Schema (the request schemas of the OpenAPI
 * document), and a small, conservative validator that says whether a body certainly breaks the
 * schema. Shared by the API's and the BFF's fuzz suites (see fuzz.int.test.ts beside each).
 */

export type Schema = { [k: string]: unknown };

/** How many random cases per route: small by default (the normal test run), FUZZ_RUNS to raise it. */
export const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 6);
/** Whether this is the long run (`npm run test:fuzz`): adds the cases that cost megabytes. */
export const LONG_RUN = FUZZ_RUNS > 6;

/** Resolves `$ref`s into the document's components. */
export class SchemaDoc {
  constructor(private readonly components: Record<string, Schema> = {}) {}

  resolve(s: unknown): Schema {
    let cur = (s ?? {}) as Schema;
    for (let i = 0; i < 20 && typeof cur.$ref === 'string'; i++) {
      cur = this.components[(cur.$ref as string).split('/').pop()!] ?? {};
    }
    return cur;
  }

  /**
   * A reason why `value` certainly breaks `schema`, or undefined when it may be valid. Conservative:
   * keywords it does not know never make a value invalid, and unions are invalid only when every
   * branch is.
   */
  violation(schema: unknown, value: unknown, at = '', depth = 0, siblings?: Set<string>): string | undefined {
    if (depth > 200) return undefined;
    const s = this.resolve(schema);
    if (Array.isArray(s.allOf)) {
      // The parts of an allOf share one object: a key one part declares is not "additional" to another.
      const keys = new Set<string>(siblings);
      for (const part of s.allOf) for (const k of Object.keys(this.propertiesOf(part))) keys.add(k);
      for (const part of s.allOf) {
        const v = this.violation(part, value, at, depth + 1, keys);
        if (v) return v;
      }
    }
    const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (Array.isArray(union) && union.length > 0) {
      const reasons = union.map((b) => this.violation(b, value, at, depth + 1));
      if (reasons.every(Boolean)) return reasons[0];
    }
    if ('const' in s && !deepEqual(s.const, value)) return `${at || 'body'}: not the constant`;
    if (Array.isArray(s.enum) && !s.enum.some((e) => deepEqual(e, value))) return `${at || 'body'}: enum`;
    const types = typesOf(s);
    if (types && !types.some((t) => isType(t, value))) {
      // Bulk writes take one record where an array of records is expected (documented leniency).
      if (!(types.includes('array') && isObject(value) && this.bulkItemAccepts(s, value, at, depth))) {
        return `${at || 'body'}: type ${types.join('|')}`;
      }
      return undefined;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${at}: not a finite number`;
      if (typeof s.minimum === 'number' && value < s.minimum) return `${at}: min ${s.minimum}`;
      if (typeof s.maximum === 'number' && value > s.maximum) return `${at}: max ${s.maximum}`;
      if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum)
        return `${at}: > ${s.exclusiveMinimum}`;
      if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum)
        return `${at}: < ${s.exclusiveMaximum}`;
    }
    if (typeof value === 'string') {
      // Lengths are compared only for ASCII, where UTF-16 units and code points agree.
      const ascii = /^[\x20-\x7e]*$/.test(value);
      if (ascii && typeof s.maxLength === 'number' && value.length > s.maxLength) return `${at}: maxLength`;
      if (ascii && typeof s.minLength === 'number' && value.length < s.minLength) return `${at}: minLength`;
      if (typeof s.pattern === 'string') {
        let re: RegExp | undefined;
        try {
          re = new RegExp(s.pattern, 'u');
        } catch {
          re = undefined;
        }
        if (re && !re.test(value)) return `${at}: pattern ${s.pattern}`;
        if (s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' && !isCalendarDate(value)) return `${at}: not a calendar date`;
      }
      if (s.format === 'date' && !isCalendarDate(value)) return `${at}: format date`;
      if (s.format === 'date-time' && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return `${at}: format date-time`;
    }
    if (Array.isArray(value)) {
      if (typeof s.maxItems === 'number' && value.length > s.maxItems) return `${at}: maxItems ${s.maxItems}`;
      if (typeof s.minItems === 'number' && value.length < s.minItems) return `${at}: minItems ${s.minItems}`;
      if (s.items && typeof s.items === 'object') {
        for (let i = 0; i < Math.min(value.length, 50); i++) {
          const v = this.violation(s.items, value[i], `${at}[${i}]`, depth + 1);
          if (v) return v;
        }
      }
    }
    if (isObject(value)) {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      for (const r of (s.required ?? []) as string[]) {
        if (!(r in value)) return `${at ? `${at}.` : ''}${r}: required`;
      }
      for (const [k, v] of Object.entries(value)) {
        if (k in props) {
          const reason = this.violation(props[k], v, at ? `${at}.${k}` : k, depth + 1);
          if (reason) return reason;
        } else if (siblings?.has(k)) {
          // declared by another part of the same allOf
        } else if (s.additionalProperties === false) {
          return `${at ? `${at}.` : ''}${k}: unknown field`;
        } else if (s.additionalProperties && typeof s.additionalProperties === 'object') {
          const reason = this.violation(s.additionalProperties, v, at ? `${at}.${k}` : k, depth + 1);
          if (reason) return reason;
        }
      }
    }
    return undefined;
  }

  /** The properties an object schema declares, through its allOf and union branches. */
  private propertiesOf(schema: unknown, depth = 0): Record<string, unknown> {
    const s = this.resolve(schema);
    if (depth > 10) return {};
    const out: Record<string, unknown> = { ...((s.properties ?? {}) as Record<string, unknown>) };
    for (const b of [...((s.allOf ?? []) as unknown[]), ...((s.anyOf ?? s.oneOf ?? []) as unknown[])]) {
      Object.assign(out, this.propertiesOf(b, depth + 1));
    }
    return out;
  }

  private bulkItemAccepts(s: Schema, value: object, at: string, depth: number): boolean {
    if (at !== '' || !s.items) return false;
    const item = this.resolve(s.items);
    return typesOf(item)?.includes('object') === true && !this.violation(item, value, '[0]', depth + 1);
  }

  /** The schema a path of the body leads to (the first union branch that has it). */
  schemaAt(schema: unknown, path: readonly (string | number)[], depth = 0): Schema | undefined {
    const s = this.resolve(schema);
    if (path.length === 0) return s;
    if (depth > 50) return undefined;
    const branches = [...((s.allOf ?? []) as unknown[]), ...((s.anyOf ?? s.oneOf ?? []) as unknown[])];
    for (const b of branches) {
      const found = this.schemaAt(b, path, depth + 1);
      if (found) return found;
    }
    const [head, ...rest] = path;
    if (typeof head === 'number' && s.items) return this.schemaAt(s.items, rest, depth + 1);
    if (typeof head === 'string' && s.properties && head in (s.properties as object)) {
      return this.schemaAt((s.properties as Record<string, unknown>)[head], rest, depth + 1);
    }
    return undefined;
  }

  /**
   * A plausible body for a schema: examples where the schema has them, else the required fields
   * with simple values. It need not be valid: it is only the base the mutations start from.
   */
  sample(schema: unknown, fill: (name: string, s: Schema) => unknown = () => undefined, depth = 0, name = ''): unknown {
    const s = this.resolve(schema);
    if (depth > 12) return null;
    const filled = fill(name, s);
    if (filled !== undefined) return filled;
    if ('example' in s && s.example !== undefined) return structuredClone(s.example);
    if (Array.isArray(s.examples) && s.examples.length > 0) return structuredClone(s.examples[0]);
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
    if (Array.isArray(s.allOf) && s.allOf.length > 0) {
      const parts = s.allOf.map((p) => this.sample(p, fill, depth + 1, name));
      if (parts.every(isObject)) return Object.assign({}, ...parts);
      return parts[0];
    }
    const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (Array.isArray(union) && union.length > 0) {
      // Prefer an array of records (the bulk form), else the first branch.
      const arr = union.find((b) => typesOf(this.resolve(b))?.includes('array'));
      return this.sample(arr ?? union[0], fill, depth + 1, name);
    }
    const t = typesOf(s)?.[0] ?? (s.properties ? 'object' : undefined);
    switch (t) {
      case 'object': {
        const out: Record<string, unknown> = {};
        const props = (s.properties ?? {}) as Record<string, unknown>;
        for (const k of (s.required ?? []) as string[]) out[k] = this.sample(props[k], fill, depth + 1, k);
        return out;
      }
      case 'array': {
        const n = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
        return Array.from({ length: Math.min(n, 3) }, () => this.sample(s.items, fill, depth + 1, name));
      }
      case 'string':
        if (s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || s.format === 'date') return '2026-01-01';
        if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
        if (s.pattern === '^[0-9a-f]{24}$') return 'ffffffffffffffffffffffff';
        return 'fuzz';
      case 'integer':
      case 'number':
        return typeof s.minimum === 'number' ? s.minimum : 1;
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return 'fuzz';
    }
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function typesOf(s: Schema): string[] | undefined {
  if (typeof s.type === 'string') return s.nullable ? [s.type, 'null'] : [s.type];
  if (Array.isArray(s.type)) return s.type as string[];
  return undefined;
}

function isType(t: string, v: unknown): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'string':
      return typeof v === 'string';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    default:
      return true;
  }
}

function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/* ------------------------------------------------------------------------------------------ */

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
