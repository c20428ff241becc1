import { WELL_HEADER_NAMES, WELL_HEADERS, type WellHeaderKind, type WellHeaderName, wellHeader } from '@econ/contract';
import { headerTitle } from './headerOptions';

/*
 * A lookup-table rule's filter as rows of the filter editor (issue 22; decision 058). The contract
 * keeps `filter` as sent (an array of objects or strings, operator syntax not specified); the
 * console writes one object per condition, all of which apply:
 *   { key: <well header name>, operator: <FILTER_OPERATORS>, value: <number | string | boolean> }
 * (the shape the contract's and the API's tests store, e.g. `{key: 'county', operator: 'equals',
 * value: 'Reeves'}`). A number header's value is a number, a boolean's true or false, a date's
 * `YYYY-MM-DD`, the rest strings. Anything else stored is shown read-only, as it is.
 */

export const FILTER_OPERATORS = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_or_equal',
  'less_than',
  'less_or_equal',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  equals: '=',
  not_equals: '≠',
  greater_than: '>',
  greater_or_equal: '≥',
  less_than: '<',
  less_or_equal: '≤',
};

/** The operators a header's kind allows: comparisons on numbers and dates, (in)equality on the rest. */
export const operatorsOf = (kind: WellHeaderKind): readonly FilterOperator[] =>
  kind === 'number' || kind === 'date' ? FILTER_OPERATORS : ['equals', 'not_equals'];

/** One condition as the editor holds it: the value as typed ('' for a row not filled in yet). */
export interface FilterRow {
  field: WellHeaderName | '';
  operator: FilterOperator;
  value: string;
}

export const emptyFilterRow = (): FilterRow => ({ field: '', operator: 'equals', value: '' });

const isHeader = (k: unknown): k is WellHeaderName => typeof k === 'string' && Object.hasOwn(WELL_HEADERS, k);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A stored value as the text the row shows, or undefined when it does not fit the header's kind. */
function valueText(kind: WellHeaderKind, values: readonly string[] | undefined, v: unknown): string | undefined {
  switch (kind) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
    case 'boolean':
      return typeof v === 'boolean' ? String(v) : undefined;
    case 'date':
      return typeof v === 'string' && DATE.test(v) ? v : undefined;
    case 'enum':
      return typeof v === 'string' && (values ?? []).includes(v) ? v : undefined;
    default:
      return typeof v === 'string' ? v : undefined;
  }
}

/**
 * The rows of a stored filter, or why the editor cannot show it (then it is kept and shown as JSON):
 * each entry must be `{key, operator, value}` with a well header, an operator of its kind and a value
 * of its kind, and nothing else.
 */
export function rowsFromFilter(filter: readonly unknown[]): { rows: FilterRow[] } | { reason: string } {
  const rows: FilterRow[] = [];
  for (const [i, entry] of filter.entries()) {
    const n = i + 1;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return { reason: `condition ${n} is not a {key, operator, value} object` };
    }
    const keys = Object.keys(entry);
    if (keys.length !== 3 || !['key', 'operator', 'value'].every((k) => keys.includes(k))) {
      return { reason: `condition ${n} has other fields than key, operator and value` };
    }
    const { key, operator, value } = entry as Record<string, unknown>;
    if (!isHeader(key)) return { reason: `condition ${n} names ${JSON.stringify(key)}, which is not a well header` };
    const def = wellHeader(key);
    if (!operatorsOf(def.kind).includes(operator as FilterOperator)) {
      return {
        reason: `condition ${n} uses the operator ${JSON.stringify(operator)}, which the editor does not offer for ${key}`,
      };
    }
    const text = valueText(def.kind, def.values, value);
    if (text === undefined) return { reason: `condition ${n}'s value does not fit the ${def.kind} header ${key}` };
    rows.push({ field: key, operator: operator as FilterOperator, value: text });
  }
  return { rows };
}

/** A number as typed by an en-US user: `8,000.5` → 8000.5; NaN when it is not one. */
const parseNumber = (s: string): number => {
  const t = s.trim().replace(/,/g, '');
  return t === '' ? Number.NaN : Number(t);
};

/** The stored filter of rows (each row one `{key, operator, value}` entry, in order). */
export function filterFromRows(
  rows: readonly FilterRow[],
): { key: string; operator: FilterOperator; value: unknown }[] {
  return rows.map((r) => {
    const kind = r.field ? wellHeader(r.field).kind : 'string';
    const value = kind === 'number' ? parseNumber(r.value) : kind === 'boolean' ? r.value === 'true' : r.value.trim();
    return { key: r.field, operator: r.operator, value };
  });
}

/** What is wrong with each row before it is sent, by its field (`field`, `operator` or `value`). */
export function filterRowIssues(
  rows: readonly FilterRow[],
): { row: number; field: keyof FilterRow; message: string }[] {
  const out: { row: number; field: keyof FilterRow; message: string }[] = [];
  rows.forEach((r, row) => {
    if (!r.field) {
      out.push({ row, field: 'field', message: 'Choose a well header' });
      return;
    }
    const def = wellHeader(r.field);
    if (!operatorsOf(def.kind).includes(r.operator)) {
      out.push({ row, field: 'operator', message: `${def.label} can only be compared with = or ≠` });
    }
    const v = r.value.trim();
    if (def.kind === 'boolean') return;
    if (v === '') out.push({ row, field: 'value', message: `Enter the ${def.label.toLowerCase()} to compare with` });
    else if (def.kind === 'number' && !Number.isFinite(parseNumber(v))) {
      out.push({ row, field: 'value', message: `${def.label} must be a number` });
    } else if (def.kind === 'date' && !DATE.test(v)) {
      out.push({ row, field: 'value', message: `${def.label} must be a date (YYYY-MM-DD)` });
    }
  });
  return out;
}

/** Every header, by label, for the field select. */
export const FILTER_FIELD_OPTIONS: readonly { value: WellHeaderName; label: string }[] = [...WELL_HEADER_NAMES]
  .map((n) => ({ value: n, label: headerTitle(wellHeader(n)) }))
  .sort((a, b) => a.label.localeCompare(b.label));
