/* The wells ticked in the assignment grid, for assigning one model to many at once. */

/** The ticked wells by id, with their names (kept across the grid's pages). */
export type WellSelection = ReadonlyMap<string, string>;

export interface GridWell {
  well: string;
  wellName: string;
}

/**
 * A click on a row's box: ticks or unticks that well; with Shift, every well of the page between the
 * last row clicked (`anchor`) and this one takes the clicked box's new state, as in a file list.
 */
export function clickWell(
  selection: WellSelection,
  page: readonly GridWell[],
  index: number,
  checked: boolean,
  shift: boolean,
  anchor: number | undefined,
): Map<string, string> {
  const next = new Map(selection);
  const from = shift && anchor !== undefined && anchor < page.length ? Math.min(anchor, index) : index;
  const to = shift && anchor !== undefined && anchor < page.length ? Math.max(anchor, index) : index;
  for (const row of page.slice(from, to + 1)) {
    if (checked) next.set(row.well, row.wellName);
    else next.delete(row.well);
  }
  return next;
}

/** The header's box: ticks every well of the page, or unticks them when all are ticked already. */
export function togglePage(selection: WellSelection, page: readonly GridWell[]): Map<string, string> {
  const next = new Map(selection);
  const all = pageState(selection, page) === 'all';
  for (const row of page) {
    if (all) next.delete(row.well);
    else next.set(row.well, row.wellName);
  }
  return next;
}

/** Whether the page's wells are all, some or none ticked (the header box's checked / mixed state). */
export function pageState(selection: WellSelection, page: readonly GridWell[]): 'all' | 'some' | 'none' {
  const ticked = page.filter((r) => selection.has(r.well)).length;
  if (ticked === 0) return 'none';
  return ticked === page.length ? 'all' : 'some';
}

/** `MIDLAND UNIT 100H`, `A and B`, `A, B and 3 more wells`: who an assignment went to. */
export function wellsPhrase(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more wells`;
}
