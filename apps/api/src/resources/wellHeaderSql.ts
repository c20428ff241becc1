import {
  PRODUCTION_SUMMARY_FIELDS,
  WELL_HEADER_NAMES,
  type Well,
  type WellHeaderName,
  type WellHeaderValues,
  wellHeader,
} from '@econ/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { wells } from '../db/schema';

/*
 * How well headers are stored (decision 047): the headers the rest of the API reads have typed
 * columns (the natural key, the name, api14, county, state, first production date, the lengths);
 * every other header that is set lives in the `headers` jsonb column, as written. Filters and
 * sorts read a header through `headerSql`, cast by its kind.
 */

export type WellRow = typeof wells.$inferSelect;

/** The headers with a typed column, by header name. */
const COLUMN_OF = {
  chosenID: wells.chosenId,
  dataSource: wells.dataSource,
  wellName: wells.wellName,
  api14: wells.api14,
  county: wells.county,
  state: wells.state,
  firstProdDate: wells.firstProdDate,
  perfLateralLength: wells.perfLateralLength,
  lateralLength: wells.lateralLength,
  measuredDepth: wells.measuredDepth,
  trueVerticalDepth: wells.trueVerticalDepth,
} as const satisfies Partial<Record<WellHeaderName, PgColumn>>;
type ColumnHeader = keyof typeof COLUMN_OF;
const COLUMN_HEADERS = Object.keys(COLUMN_OF) as ColumnHeader[];
const isColumn = (n: string): n is ColumnHeader => n in COLUMN_OF;
/** The row property of a typed header (`chosenID` → `chosenId`). */
const rowKey = (n: ColumnHeader) => (n === 'chosenID' ? 'chosenId' : n);

const CAST: Record<string, string> = { number: 'double precision', date: 'date', boolean: 'boolean' };

/** A header as an SQL expression of its kind: its column, or its jsonb value cast. */
export function headerSql(name: WellHeaderName): SQL {
  if (isColumn(name)) return sql`${COLUMN_OF[name]}`;
  const cast = CAST[wellHeader(name).kind];
  const text = sql`(${wells.headers}->>${sql.raw(`'${name}'`)})`;
  return cast ? sql`${text}::${sql.raw(cast)}` : text;
}

/** Every sortable field of a well list: the headers, the id, the stamps and the production summary. */
export const WELL_SORT_SQL: Record<string, SQL | PgColumn> = {
  id: wells.id,
  ...Object.fromEntries(WELL_HEADER_NAMES.map((n) => [n, headerSql(n)])),
  createdAt: wells.createdAt,
  updatedAt: wells.updatedAt,
  ...Object.fromEntries(PRODUCTION_SUMMARY_FIELDS.map((f) => [f, wells[f]])),
};

/** The stored columns of a well's headers: the typed ones (null when not given) and the jsonb rest. */
export function headerColumns(values: WellHeaderValues): Pick<WellRow, 'headers'> & Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const headers: Record<string, unknown> = {};
  for (const n of COLUMN_HEADERS) out[rowKey(n)] = values[n] ?? null;
  for (const [k, v] of Object.entries(values)) {
    if (!isColumn(k) && v !== undefined && v !== null) headers[k] = v;
  }
  return { ...out, headers };
}

/** A stored well's headers, as clients write them (absent when not set). */
export function headersOf(r: WellRow): WellHeaderValues {
  const out: Record<string, unknown> = {};
  for (const n of COLUMN_HEADERS) {
    const v = r[rowKey(n)];
    if (v !== null && v !== undefined) out[n] = v;
  }
  return { ...out, ...r.headers } as WellHeaderValues;
}

/** A stored well in its read shape. */
export const toWell = (r: WellRow): Well =>
  ({
    id: r.id,
    project: r.projectId,
    scope: r.projectId === null ? 'company' : 'project',
    ...headersOf(r),
    ...Object.fromEntries(PRODUCTION_SUMMARY_FIELDS.flatMap((f) => (r[f] === null ? [] : [[f, r[f]]]))),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }) as Well;
