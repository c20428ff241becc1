import { type EconMonthlyRow, fiscalStartMonth, reportingYear, reportingYearLabel } from '@econ/contract';
import Papa from 'papaparse';
import { econLimitMonth } from './cashFlow';
import { formatCount, formatMoney, formatPercent, formatPrice, monthOf } from './format';
import { type ColumnSpec, type ColumnUnit, chosenColumns, type DiscountRates, type YearRule } from './monthlyColumns';

/** A row a month, or a row a year (calendar, or the well's fiscal year). */
export type Resolution = 'monthly' | 'yearly';

export interface TableColumn {
  id: string;
  group: string;
  label: string;
  unit: ColumnUnit;
}

export interface TableRow {
  /** `YYYY-MM`, or `YYYY` by year. */
  period: string;
  /** The row holding the economic limit. */
  econLimit: boolean;
  /** One value a column, in the columns' order; unformatted. */
  values: number[];
}

export interface CashFlowTable {
  resolution: Resolution;
  /** The row header's name: `Month` or `Year`. */
  periodLabel: string;
  columns: TableColumn[];
  /** The group headers over the columns, left to right, with how many columns each spans. */
  groups: { label: string; span: number }[];
  rows: TableRow[];
}

/**
 * A well's monthly rows as a table: the columns worth showing (see `chosenColumns`), a row a month,
 * or a row a calendar year (flows and volumes summed, prices weighted by net volume, cumulatives at
 * the year's last month). The columns are chosen from the months, so both views show the same ones.
 */
export function cashFlowTable(
  monthly: readonly EconMonthlyRow[],
  options: {
    resolution: Resolution;
    /** The one-liner's; undefined: the last month; null: none (a scenario total). */
    econLimitDate?: string | null | undefined;
    rates?: DiscountRates;
    /** The well's fiscal period (`"M-N"`): yearly rows are its fiscal years. */
    fiscal?: string | undefined;
  },
): CashFlowTable {
  const { resolution, econLimitDate, rates } = options;
  const start = fiscalStartMonth(options.fiscal);
  const sorted = [...monthly].sort((a, b) => a.date.localeCompare(b.date));
  const specs = chosenColumns(sorted, rates);
  const limit = econLimitMonth(
    sorted.map((r) => monthOf(r.date)),
    econLimitDate,
  );
  const rows =
    resolution === 'monthly'
      ? sorted.map((r) => ({
          period: monthOf(r.date),
          econLimit: monthOf(r.date) === limit,
          values: specs.map((c) => c.value(r)),
        }))
      : byYear(sorted, start).map(({ year, months }) => ({
          period: year,
          econLimit: limit !== undefined && reportingYear(limit, start) === year,
          values: specs.map((c) => yearValue(c.year, c.value, months)),
        }));
  return {
    resolution,
    periodLabel: resolution === 'monthly' ? 'Month' : reportingYearLabel(start),
    columns: specs.map(({ id, group, label, unit }) => ({ id, group, label, unit })),
    groups: groupsOf(specs),
    rows,
  };
}

/** Rows in date order split by calendar year, or by fiscal year starting in month `start` (0 = January). */
function byYear(sorted: readonly EconMonthlyRow[], start: number) {
  const years: { year: string; months: EconMonthlyRow[] }[] = [];
  for (const r of sorted) {
    const year = reportingYear(r.date, start);
    const last = years[years.length - 1];
    if (last?.year === year) last.months.push(r);
    else years.push({ year, months: [r] });
  }
  return years;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** A column's value over a year's months (in date order, at least one). */
export function yearValue(rule: YearRule, value: (r: EconMonthlyRow) => number, months: readonly EconMonthlyRow[]) {
  const values = months.map(value);
  if (rule === 'sum') return sum(values);
  if (rule === 'last') return values[values.length - 1] ?? 0;
  const weights = months.map(rule.weight);
  const total = sum(weights);
  return total > 0 ? sum(values.map((v, i) => v * weights[i]!)) / total : sum(values) / values.length;
}

function groupsOf(specs: readonly ColumnSpec[]): CashFlowTable['groups'] {
  const groups: CashFlowTable['groups'] = [];
  for (const c of specs) {
    const last = groups[groups.length - 1];
    if (last?.label === c.group) last.span++;
    else groups.push({ label: c.group, span: 1 });
  }
  return groups;
}

/** A column's header with its unit, as the table and the CSV write it: `Gross oil (BBL)`. */
export const headerText = (c: Pick<TableColumn, 'label' | 'unit'>): string => `${c.label} (${c.unit})`;

/** A cell as the scenario page writes numbers: money `$1,235` / `-$2,500`, prices `$72.50`, volumes `1,235`, `75.0 %`. */
export function formatCell(unit: ColumnUnit, v: number): string {
  switch (unit) {
    case '$':
      return formatMoney(v);
    case '$/BBL':
    case '$/MCF':
      return formatPrice(v);
    case '%':
      return formatPercent(v);
    default:
      return formatCount(v);
  }
}

/**
 * A number as a CSV cell Excel reads: a plain decimal (no separators, no currency sign), rounded
 * to 6 decimals so that no tiny value is written with an exponent; `-0` as `0`.
 */
export function plainNumber(v: number): string {
  if (!Number.isFinite(v)) return '';
  const r = Math.round(v * 1e6) / 1e6;
  return r === 0 ? '0' : String(r);
}

/** The table as CSV: a header line of labels with units, then the rows shown, numbers unformatted. */
export function tableCsv(table: CashFlowTable): string {
  const header = [table.periodLabel, ...table.columns.map(headerText)];
  const body = table.rows.map((r) => [r.period, ...r.values.map(plainNumber)]);
  return `${Papa.unparse([header, ...body], { newline: '\r\n' })}\r\n`;
}

/** The CSV's file name: `MIDLAND UNIT 100H cash flow by month.csv` (characters a file system refuses as `_`). */
export const csvFileName = (wellName: string, resolution: Resolution): string =>
  `${wellName.replace(/[^\w .-]+/g, '_').trim() || 'well'} cash flow by ${resolution === 'monthly' ? 'month' : 'year'}.csv`;
