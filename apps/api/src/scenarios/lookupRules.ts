import { assumptionKind, type EconModelKind, type LookupFilterValue } from '@econ/contract';

/*
 * How an econ lookup table picks a well's models (decision 052): the first rule, in order, whose
 * filter matches every header it names gives, for each selected assumption it names, its model.
 * A header matches when the well's value equals the rule's value (or one of its list): text equal
 * (ignoring case with `caseInsensitiveMatching`), numbers equal as numbers (a text rule value that
 * reads as a number matches a numeric header), booleans equal. A header the well lacks (null)
 * matches nothing; an empty filter matches every well.
 */

export interface StoredLookupTable {
  configuration: { caseInsensitiveMatching: boolean; selectedHeaders: string[]; selectedAssumptions: string[] };
  rules: LookupRule[];
}

/** A stored rule: its filter, and a model id per assumption named. */
export type LookupRule = { filter: Record<string, LookupFilterValue> } & Record<string, unknown>;

/** Header names clients send that our well rows spell otherwise. */
const ALIASES: Record<string, string> = { chosenID: 'chosenId' };

/** The well's value of a header: by its name, its alias, or the same name in any case. */
export function headerValue(well: Readonly<Record<string, unknown>>, header: string): unknown {
  if (header in well) return well[header];
  const alias = ALIASES[header];
  if (alias && alias in well) return well[alias];
  const lower = header.toLowerCase();
  const key = Object.keys(well).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : well[key];
}

function sameValue(actual: unknown, expected: string | number | boolean, caseInsensitive: boolean): boolean {
  if (actual === null || actual === undefined) return false;
  if (typeof expected === 'boolean' || typeof actual === 'boolean') return actual === expected;
  const a = typeof actual === 'number' ? actual : String(actual);
  if (typeof a === 'number' || typeof expected === 'number') {
    const x = Number(a);
    const y = Number(expected);
    return String(a).trim() !== '' && String(expected).trim() !== '' && Number.isFinite(x) && x === y;
  }
  return caseInsensitive ? a.toLowerCase() === expected.toLowerCase() : a === expected;
}

/** Whether the well's header matches the rule's value (or any of its list). */
export function headerMatches(actual: unknown, expected: LookupFilterValue, caseInsensitive: boolean): boolean {
  const values = Array.isArray(expected) ? expected : [expected];
  return values.some((v) => sameValue(actual, v, caseInsensitive));
}

/** The models the table gives the well, by kind (empty when no rule matches). */
export function lookupModels(
  table: StoredLookupTable,
  well: Readonly<Record<string, unknown>>,
): Partial<Record<EconModelKind, string>> {
  const ci = table.configuration.caseInsensitiveMatching;
  const selected = new Set(table.configuration.selectedAssumptions.map((a) => assumptionKind(a)));
  const rule = table.rules.find((r) =>
    Object.entries(r.filter).every(([h, v]) => headerMatches(headerValue(well, h), v, ci)),
  );
  const out: Partial<Record<EconModelKind, string>> = {};
  if (!rule) return out;
  for (const [key, value] of Object.entries(rule)) {
    if (key === 'filter' || typeof value !== 'string') continue;
    const kind = assumptionKind(key);
    if (kind && selected.has(kind)) out[kind] = value;
  }
  return out;
}
