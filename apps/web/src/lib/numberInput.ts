/*
 * Numbers as en-US users type them in the console's forms: `1,250,000.5`, `-1,000`, `.5`, `1e6`,
 * with spaces around. Thousands separators must group by three (`1,2,3` is a typo, not 123).
 * Every form of the console reads numbers through it (the auto-forecast panel included).
 */

const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/** The number a user typed; NaN when it is not one (the form's rules then say "must be a number"). */
export function parseNumberInput(text: string): number {
  const t = text.trim();
  if (t === '') return Number.NaN;
  if (PLAIN.test(t)) return Number(t);
  if (GROUPED.test(t)) return Number(t.replace(/,/g, ''));
  return Number.NaN;
}

/**
 * The value a number box gives the form: the number typed; NaN for text that is not a number;
 * an empty box is `empty` (NaN by default, which a required number refuses).
 */
export function numberFromInput<E = number>(value: unknown, ...emptyAs: [] | [E]): number | E {
  const empty = emptyAs.length === 0 ? Number.NaN : emptyAs[0];
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return empty;
  const text = String(value);
  if (text.trim() === '') return empty;
  return parseNumberInput(text);
}
