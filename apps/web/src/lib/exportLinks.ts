/**
 * The console path that relays a signed link (`{PUBLIC_BASE_URL}/downloads/exports/{id}/{file}?X-Expires=…&X-Signature=…`)
 * through the BFF, unchanged from `/downloads/exports/` on (see docs/decisions/014-export-console.md).
 * A link of any other shape is refused, so the console never fetches a foreign address. Shared by
 * the export page and the econ run panel's workbook download.
 */
export function consoleLink(url: string): string {
  const u = new URL(url, 'http://relative.invalid');
  const at = u.pathname.indexOf('/downloads/exports/');
  if (at < 0 || !/^\/downloads\/exports\/[^/]+\/[^/]+$/.test(u.pathname.slice(at))) {
    throw new Error(`Not an export link: ${url}`);
  }
  return `${u.pathname.slice(at)}${u.search}`;
}
