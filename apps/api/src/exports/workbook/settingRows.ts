/*
 * A model's settings as rows a person can read in a sheet: one row per leaf, its path from the
 * top (`dateSetting.asOfDate.date`, `priceModel.oil.rows[0].price`) and its value. Empty lists and
 * objects get a row of their own so that nothing set is lost.
 */

export type SettingValue = string | number | boolean | null;

export interface SettingRow {
  path: string;
  value: SettingValue;
}

/** Flattens `value` into leaf rows, depth first, in the settings' own key order. */
export function settingRows(value: unknown, path = ''): SettingRow[] {
  const rows: SettingRow[] = [];
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) {
      if (v.length === 0) rows.push({ path: at, value: '(empty list)' });
      for (const [i, item] of v.entries()) walk(item, `${at}[${i}]`);
      return;
    }
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      if (entries.length === 0) rows.push({ path: at, value: '(empty)' });
      for (const [k, child] of entries) walk(child, at ? `${at}.${k}` : k);
      return;
    }
    if (v === undefined) return;
    rows.push({
      path: at,
      value: typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string' || v === null ? v : String(v),
    });
  };
  walk(value, path);
  return rows;
}
