import { type PagingQuery, pagingQuery } from '@econ/contract';
import type { Context } from 'hono';
import { invalid } from './errors';
import { summarize, zodDetails } from './zodDetails';

/** One schema per (sort fields, max take): zod compiles a schema on first use, so it is built once. */
const schemas = new Map<string, ReturnType<typeof pagingQuery>>();

/** Parses `skip`, `take` and `sort` for a list whose sort fields and maximum `take` are given. */
export function parsePaging(c: Context, sortFields: readonly [string, ...string[]], takeMax: number): PagingQuery {
  const key = `${sortFields.join(',')}|${takeMax}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = pagingQuery(sortFields, takeMax);
    schemas.set(key, schema);
  }
  const raw = { skip: c.req.query('skip'), take: c.req.query('take'), sort: c.req.query('sort') };
  const input = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = zodDetails(parsed.error, input);
    throw invalid(summarize(details), details);
  }
  return parsed.data;
}

/** `{ field, desc }` from `sort=-name`. */
export const sortOf = (sort: string): { field: string; desc: boolean } =>
  sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };

/**
 * The `Link` header of a page: absolute URLs, `<url>;rel="next",<url>;rel="prev",<url>;rel="first"`,
 * no space after the commas (the exact form existing clients split on). `next` only when another
 * page exists, `prev` only when this is not the first page.
 */
export function linkHeader(baseUrl: string, requestUrl: string, page: PagingQuery, hasNext: boolean): string {
  // The path and query of the absolute request URL by position (a URL object per request showed
  // in the gate's profile, issue 23); the other parameters are kept after skip and take, encoded.
  const q = requestUrl.indexOf('?');
  const pathStart = requestUrl.indexOf('/', requestUrl.indexOf('//') + 2);
  const path = requestUrl.slice(pathStart, q < 0 ? undefined : q);
  let rest = '';
  if (q >= 0) {
    const params = new URLSearchParams(requestUrl.slice(q + 1));
    params.delete('skip');
    params.delete('take');
    rest = params.toString();
  }
  const at = (skip: number): string => `<${baseUrl}${path}?skip=${skip}&take=${page.take}${rest ? `&${rest}` : ''}>`;
  const parts: string[] = [];
  if (hasNext) parts.push(`${at(page.skip + page.take)};rel="next"`);
  if (page.skip > 0) parts.push(`${at(Math.max(0, page.skip - page.take))};rel="prev"`);
  parts.push(`${at(0)};rel="first"`);
  return parts.join(',');
}

export interface ListSource<T> {
  /** Rows `skip .. skip + limit` in the requested order. */
  page(page: PagingQuery, limit: number): Promise<T[]>;
  count(): Promise<number>;
}

/**
 * Answers a list route: `HEAD` gets `X-Query-Count` and no body; `GET` gets one page and the
 * `Link` header. One extra row is read to know whether a next page exists.
 */
export async function respondList<T>(
  c: Context,
  baseUrl: string,
  opts: { sortFields: readonly [string, ...string[]]; takeMax: number },
  sourceOrMake: ListSource<T> | (() => ListSource<T>),
): Promise<Response> {
  const page = parsePaging(c, opts.sortFields, opts.takeMax);
  // Made after the paging is checked, so a paging error names `take`, a filter's `query.<name>`.
  const source = typeof sourceOrMake === 'function' ? sourceOrMake() : sourceOrMake;
  if (c.req.method === 'HEAD') {
    const count = await source.count();
    return c.body(null, 200, { 'X-Query-Count': String(count) });
  }
  const rows = await source.page(page, page.take + 1);
  const hasNext = rows.length > page.take;
  if (hasNext) rows.length = page.take;
  c.header('Link', linkHeader(baseUrl, c.req.url, page, hasNext));
  return c.json(rows, 200);
}

/** The `Link` header of a list route, for the OpenAPI document. */
export const LIST_HEADERS = {
  Link: {
    description: 'paging: `<url>;rel="next",<url>;rel="prev",<url>;rel="first"`',
    schema: { type: 'string' as const },
  },
};

/** The `X-Delete-Count` header of a DELETE answered 204, for the OpenAPI document: `what` were deleted. */
export const deleteCountHeaders = (what: string) => ({
  'X-Delete-Count': { description: what, schema: { type: 'integer' as const } },
});
