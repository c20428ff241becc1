import { ECON_MONTHLY_COLUMNS, type EconMonthlyRow, type EconRollupGroup, type RollupGroupBy } from '@econ/contract';

/* A run's rollup in the console (issue 20): its months as rows the cash-flow table and chart read. */

/** The group-by choices, labelled. */
export const GROUP_BY_LABELS: Record<RollupGroupBy, string> = {
  county: 'County',
  state: 'State',
  dataSource: 'Data source',
  prmsClass: 'PRMS class',
  prmsCategory: 'PRMS category',
  prmsSubCategory: 'PRMS sub-category',
};

/** A group's name in a table: its value, `(none)` for wells without one, `All wells` ungrouped. */
export function groupName(group: string | null, grouped: boolean): string {
  if (!grouped) return 'All wells';
  return group ?? '(none)';
}

/**
 * A rollup's months as monthly rows: the summed columns as they are, the ones a rollup does not
 * sum (prices, differentials, interest, days) 0, so the table leaves them out.
 */
export function rollupMonthlyRows(group: EconRollupGroup, comboName: string): EconMonthlyRow[] {
  return group.monthly.map((m) => {
    const row: Record<string, string | number> = { well: '', comboName, date: m.date };
    for (const c of ECON_MONTHLY_COLUMNS) row[c] = ((m as Record<string, unknown>)[c] as number | undefined) ?? 0;
    for (const [k, v] of Object.entries(m)) if (!(k in row) && typeof v === 'number' && k !== 'wells') row[k] = v;
    return row as EconMonthlyRow;
  });
}
