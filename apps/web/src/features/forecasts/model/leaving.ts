import { type Combo, comboKey, type Draft, isDirty } from './drafts';

/** Where a navigation goes, as the router tells it: the path and the editor's search parameters. */
export interface Place {
  pathname: string;
  search: { well?: string | undefined; phase?: string | undefined; series?: string | undefined };
}

/**
 * What leaving would walk away from, asked before it happens: `page` when the navigation leaves
 * this forecast with unsaved drafts (of any combination), `combo` when it shows another well,
 * phase or series while the shown one has unsaved changes; undefined when nothing is at stake.
 * A search without a well keeps the shown well (the page's default).
 */
export function leaving(
  from: Place,
  to: Place,
  shown: Combo,
  drafts: ReadonlyMap<string, Draft>,
): { kind: 'page' | 'combo'; drafts: Draft[] } | undefined {
  const dirty = [...drafts.values()].filter(isDirty);
  if (dirty.length === 0) return undefined;
  if (to.pathname !== from.pathname) return { kind: 'page', drafts: dirty };
  const next = {
    well: to.search.well ?? shown.well,
    phase: to.search.phase ?? shown.phase,
    series: to.search.series ?? shown.series,
  };
  if (next.well === shown.well && next.phase === shown.phase && next.series === shown.series) return undefined;
  const current = dirty.find((d) => comboKey(d.combo) === comboKey(shown));
  return current ? { kind: 'combo', drafts: [current] } : undefined;
}
