import { NORMALIZATION_HEADERS, type WellHeaderDef } from '@econ/contract';

/** One choice of a header select: the key stored, and what the engineer reads. */
export interface HeaderOption {
  value: string;
  label: string;
}

/** A header's title: its label and unit, `Perforated lateral length (FT)`. */
export const headerTitle = (def: Pick<WellHeaderDef, 'label' | 'unit'>): string =>
  def.unit ? `${def.label} (${def.unit})` : def.label;

/** The numeric well headers, by title, as normalization keys (`perf_lateral_length`). */
export const NUMERIC_HEADER_OPTIONS: readonly HeaderOption[] = [...NORMALIZATION_HEADERS]
  .map(([value, { def }]) => ({ value, label: headerTitle(def) }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * The options of a normalization header select holding `current`: the numeric headers, and first
 * the current key when it is none of them (a stored key is shown as it is, never silently changed);
 * with `allowEmpty`, an empty choice first.
 */
export function headerOptions(current: string, allowEmpty = false): HeaderOption[] {
  const out: HeaderOption[] = [];
  if (allowEmpty) out.push({ value: '', label: '— none —' });
  if (current && !NORMALIZATION_HEADERS.has(current))
    out.push({ value: current, label: `${current} (not a well header)` });
  return [...out, ...NUMERIC_HEADER_OPTIONS];
}
