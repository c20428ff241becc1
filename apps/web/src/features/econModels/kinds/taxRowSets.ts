import {
  type ProductionTaxCriteria,
  TAX_ROW_DEFAULTS,
  TAX_UNITS_BY_KEY,
  type TaxKey,
  type TaxUnit,
} from '@econ/contract';

/*
 * Row sets of a production-taxes model in the console (the contract's productionTaxes.ts): a new
 * one, and the changes that keep a row set valid when its key, criteria or entries change. Pure.
 */

export type TaxRowSet = {
  key: TaxKey;
  category: 'severance_tax' | 'ad_val_tax';
  criteria: ProductionTaxCriteria;
  period: (string | number)[];
  value: number[];
  unit: TaxUnit;
  deductSeveranceTax?: boolean;
} & Record<string, unknown>;

export const TAX_KEY_LABELS: Record<TaxKey, string> = {
  oil: 'Oil severance',
  gas: 'Gas severance',
  ngl: 'NGL severance',
  drip_condensate: 'Drip condensate severance',
  ad_valorem_tax: 'Ad valorem',
};

export const CRITERIA_LABELS: Record<ProductionTaxCriteria, string> = {
  entire_well_life: 'Whole well life',
  dates: 'From dates',
  offset_to_fpd: 'Months from first production',
};

/** A new row set of `key`: a percent of revenue over the whole life, with the service's settings. */
export function newTaxRowSet(key: TaxKey): TaxRowSet {
  return withKey(
    {
      key,
      category: 'severance_tax',
      criteria: 'entire_well_life',
      period: ['Flat'],
      value: [0],
      unit: 'pct_of_revenue',
      ...TAX_ROW_DEFAULTS,
    },
    key,
  );
}

/** The row set for another key: its category, a unit the key takes, deductSeveranceTax on ad valorem only. */
export function withKey(row: TaxRowSet, key: TaxKey): TaxRowSet {
  const adValorem = key === 'ad_valorem_tax';
  const { deductSeveranceTax, ...rest } = row;
  const units = TAX_UNITS_BY_KEY[key];
  return {
    ...rest,
    key,
    category: adValorem ? 'ad_val_tax' : 'severance_tax',
    unit: units.includes(row.unit) ? row.unit : units[0]!,
    ...(adValorem ? { deductSeveranceTax: deductSeveranceTax ?? false } : {}),
  };
}

const firstOfNextMonth = (date: string): string => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The row set with another criteria: one entry of its first value, its period as the criteria takes it. */
export function withCriteria(row: TaxRowSet, criteria: ProductionTaxCriteria, today: string): TaxRowSet {
  const period = criteria === 'entire_well_life' ? 'Flat' : criteria === 'dates' ? firstOfNextMonth(today) : 12;
  return { ...row, criteria, period: [period], value: [row.value[0] ?? 0] };
}

/** One more entry after the last: a month after its date, or 12 more months; the last value again. */
export function addEntry(row: TaxRowSet, today: string): TaxRowSet {
  const last = row.period[row.period.length - 1];
  const period = row.criteria === 'dates' ? firstOfNextMonth(typeof last === 'string' ? last : today) : 12;
  return { ...row, period: [...row.period, period], value: [...row.value, row.value[row.value.length - 1] ?? 0] };
}

export function removeEntry(row: TaxRowSet, i: number): TaxRowSet {
  return { ...row, period: row.period.filter((_, j) => j !== i), value: row.value.filter((_, j) => j !== i) };
}
