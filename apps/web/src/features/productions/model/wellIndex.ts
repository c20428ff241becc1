import type { Well } from '@econ/contract';

/** How a file names its wells: one of the well's keys, or `auto` (the first kind that names one well). */
export const WELL_MATCH = ['auto', 'id', 'chosenID', 'api', 'wellName'] as const;
export type WellMatch = (typeof WELL_MATCH)[number];

export const WELL_MATCH_LABEL: Record<WellMatch, string> = {
  auto: 'any of these',
  id: 'well id',
  chosenID: 'chosen ID',
  api: 'API number (10, 12 or 14 digits)',
  wellName: 'well name',
};

/** The fields of a well the import needs. */
export type IndexedWell = Pick<Well, 'id' | 'wellName' | 'chosenID' | 'dataSource'> & { api14?: string | undefined };

/**
 * The digits of an API number (`42-301-12345-00-00`, `42 301 12345`, `4230112345`), or undefined
 * when the cell is not 10, 12 or 14 digits once dashes, spaces and dots are dropped. API 10 names
 * the well, API 12 adds the sidetrack, API 14 the completion: a shorter one is a prefix of the API 14.
 */
export function normalizeApi(raw: string): string | undefined {
  const digits = raw.trim().replace(/[\s.-]/g, '');
  return /^(\d{10}|\d{12}|\d{14})$/.test(digits) ? digits : undefined;
}

const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

export type WellLookup = { well: IndexedWell } | { error: 'unknown' | 'ambiguous'; candidates: number };

/**
 * The project's wells by each of their keys: id, chosen ID (exact, then case-insensitive), API
 * number (14 digits, and its 10- and 12-digit prefixes) and name (case and runs of spaces ignored).
 */
export class WellIndex {
  private readonly byId = new Map<string, IndexedWell>();
  private readonly byChosen = new Map<string, IndexedWell[]>();
  private readonly byApi = new Map<string, IndexedWell[]>();
  private readonly byName = new Map<string, IndexedWell[]>();

  constructor(readonly wells: readonly IndexedWell[]) {
    const add = (map: Map<string, IndexedWell[]>, key: string, w: IndexedWell) => {
      const list = map.get(key);
      if (!list) map.set(key, [w]);
      else if (!list.includes(w)) list.push(w);
    };
    for (const w of wells) {
      this.byId.set(w.id, w);
      add(this.byChosen, w.chosenID.trim().toLowerCase(), w);
      add(this.byName, nameKey(w.wellName), w);
      const api = w.api14 ? normalizeApi(w.api14) : undefined;
      if (api?.length === 14) for (const len of [10, 12, 14]) add(this.byApi, api.slice(0, len), w);
    }
  }

  /** The well a cell names, matched as `match` says; `auto` tries id, chosen ID, API, then name. */
  find(raw: string, match: WellMatch): WellLookup {
    const value = raw.trim();
    if (value === '') return { error: 'unknown', candidates: 0 };
    const kinds: WellMatch[] = match === 'auto' ? ['id', 'chosenID', 'api', 'wellName'] : [match];
    let ambiguous = 0;
    for (const kind of kinds) {
      const hits = this.candidates(value, kind);
      if (hits.length === 1) return { well: hits[0]! };
      if (hits.length > 1 && ambiguous === 0) ambiguous = hits.length;
    }
    return ambiguous > 0 ? { error: 'ambiguous', candidates: ambiguous } : { error: 'unknown', candidates: 0 };
  }

  private candidates(value: string, kind: WellMatch): IndexedWell[] {
    switch (kind) {
      case 'id': {
        const w = this.byId.get(value.toLowerCase());
        return w ? [w] : [];
      }
      case 'chosenID': {
        const all = this.byChosen.get(value.toLowerCase()) ?? [];
        const exact = all.filter((w) => w.chosenID.trim() === value);
        return exact.length > 0 ? exact : all;
      }
      case 'api': {
        const api = normalizeApi(value);
        return api ? (this.byApi.get(api) ?? []) : [];
      }
      case 'wellName':
        return this.byName.get(nameKey(value)) ?? [];
      default:
        return [];
    }
  }
}
