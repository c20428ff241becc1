import { type WellHeaderKind, type WellHeaderName, wellHeader } from '@econ/contract';
import { isHeaderName } from './columns';

/** A filter's comparison: equality, or a range operator of the API (`gt`, `ge`, `lt`, `le`). */
export type FilterOp = 'eq' | 'gt' | 'ge' | 'lt' | 'le';

/** One filter of the wells tables: a header, a comparison and the value as typed. */
export interface WellFilter {
  header: WellHeaderName;
  op: FilterOp;
  value: string;
}

export const OP_LABELS: Record<FilterOp, string> = { eq: '=', gt: '>', ge: '≥', lt: '<', le: '≤' };

/** The comparisons a header's kind allows: ranges on numbers and dates, equality on the rest. */
export function operatorsFor(kind: WellHeaderKind): FilterOp[] {
  return kind === 'number' || kind === 'date' ? ['eq', 'gt', 'ge', 'lt', 'le'] : ['eq'];
}

/** The API's query parameter of a filter: `county`, `spudDate[ge]`. */
export const paramName = (f: Pick<WellFilter, 'header' | 'op'>): string =>
  f.op === 'eq' ? f.header : `${f.header}[${f.op}]`;

/** A filter as one entry of the page address (`county=Reeves`, `spudDate[ge]=2020-01-01`). */
export const toUrl = (f: WellFilter): string => `${paramName(f)}=${f.value}`;

/** A filter from its address form; undefined when it names no header or a comparison its kind lacks. */
export function fromUrl(entry: string): WellFilter | undefined {
  const eq = entry.indexOf('=');
  if (eq < 0) return undefined;
  const key = entry.slice(0, eq);
  const value = entry.slice(eq + 1);
  const m = /^([A-Za-z0-9]+)(?:\[(gt|ge|lt|le)\])?$/.exec(key);
  if (!m || !isHeaderName(m[1]!)) return undefined;
  const header = m[1] as WellHeaderName;
  const op = (m[2] ?? 'eq') as FilterOp;
  if (!operatorsFor(wellHeader(header).kind).includes(op)) return undefined;
  return { header, op, value };
}

/** The filters of the page address (entries that name nothing are left out). */
export const filtersFromUrl = (entries: readonly string[] | undefined): WellFilter[] =>
  (entries ?? []).map(fromUrl).filter((f): f is WellFilter => f !== undefined);

/** The query pairs the API takes for the filters (all apply: AND); empty values are not sent. */
export const apiParams = (filters: readonly WellFilter[]): [string, string][] =>
  filters.filter((f) => f.value !== '').map((f) => [paramName(f), f.value]);

/** A new filter on a header: its first comparison, and `true` for a boolean. */
export function newFilter(header: WellHeaderName): WellFilter {
  const kind = wellHeader(header).kind;
  return { header, op: 'eq', value: kind === 'boolean' ? 'true' : '' };
}

/**
 * The filter a refusal of the API names (its detail's field is the query parameter,
 * `query.spudDate[ge]`), as an index in `filters`; -1 when it names none of them.
 */
export function filterOfField(filters: readonly WellFilter[], field: string | undefined): number {
  if (!field) return -1;
  const name = field.replace(/^query\./, '');
  return filters.findIndex((f) => f.value !== '' && paramName(f) === name);
}
