import { percentToDecimal } from './fitForm';
import { numberText } from './segmentRows';

/** Significant digits a rate or a decline shows while it is read (not edited). */
export const SHOWN_DIGITS = 4;

/**
 * A number for a narrow field: {@link SHOWN_DIGITS} significant digits, but never fewer than its
 * whole digits (12345.6 reads 12346, not 12350); plain digits without grouping, as an input holds
 * them. `67.563118` reads `67.56`, `0.0712345` reads `0.07123`.
 */
export function shortNumber(v: number, digits = SHOWN_DIGITS): string {
  if (!Number.isFinite(v)) return String(v);
  if (Math.abs(v) >= 10 ** digits) return String(Math.round(v));
  return String(Number(v.toPrecision(digits)));
}

/** What a field shows while it is not being edited: {@link shortNumber} of a number, other text as typed. */
export function shownText(text: string): string {
  const t = text.trim();
  const n = Number(t);
  return t === '' || !Number.isFinite(n) ? text : shortNumber(n);
}

const grouped = new Intl.NumberFormat('en-US', { maximumSignificantDigits: SHOWN_DIGITS });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A computed value in prose: {@link SHOWN_DIGITS} significant digits (all whole digits), grouped: `1,234`, `12,346`, `67.56`. */
export const formatValue = (v: number): string =>
  Math.abs(v) >= 10 ** SHOWN_DIGITS ? whole.format(v) : grouped.format(v);

/** The segment fields that are effective declines: typed in percent per year, stored as fractions. */
export const PERCENT_FIELDS = ['dEff', 'realizedDEffSw'] as const;
export type PercentField = (typeof PERCENT_FIELDS)[number];
export const isPercentField = (f: string): f is PercentField => (PERCENT_FIELDS as readonly string[]).includes(f);

const parsed = (text: string): number | undefined => {
  const t = text.trim();
  const n = Number(t);
  return t === '' || !Number.isFinite(n) ? undefined : n;
};

/**
 * An effective decline typed in percent per year as the fraction the API stores: `65` → `0.65`
 * (float noise rounded off). Text that is no number stays as typed, for the form to name.
 */
export function fractionFromPercent(text: string): string {
  const n = parsed(text);
  return n === undefined ? text : numberText(percentToDecimal(n));
}

/** A stored fraction as the percent a person types: `0.65` → `65`. Text that is no number stays as it is. */
export function percentFromFraction(text: string): string {
  const n = parsed(text);
  return n === undefined ? text : numberText(n * 100);
}
