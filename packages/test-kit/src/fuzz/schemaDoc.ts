/*
 * The schema side of the fuzz suites: resolves `$ref`s, makes a valid sample body from a JSON
 * Schema, and a small, conservative validator that says whether a body certainly breaks it.
 */

export type Schema = { [k: string]: unknown };

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
