import type { EconMonthlyRow } from '@econ/contract';
import { useId, useMemo, useState } from 'react';
import { saveFile } from '../../../lib/saveFile';
import type { DiscountRates } from '../model/monthlyColumns';
import { cashFlowTable, csvFileName, formatCell, type Resolution, tableCsv } from '../model/monthlyTable';

/**
 * A well's cash flow as a table, a row a month or a calendar year: grouped columns with their
 * units (those 0 in every month left out), the header row and the month column staying in view
 * while the table scrolls inside its box, the economic limit's row marked, and the rows shown as
 * a CSV download (labels with units, plain numbers).
 */
export function MonthlyTable(props: {
  rows: readonly EconMonthlyRow[];
  wellName: string;
  /** The one-liner's; null: no limit to mark (a scenario total). */
  econLimitDate: string | null | undefined;
  rates: DiscountRates;
  /** The well's fiscal period (`"M-N"`): yearly rows follow it. */
  fiscal?: string | undefined;
}) {
  const { rows, wellName, econLimitDate, rates, fiscal } = props;
  const [resolution, setResolution] = useState<Resolution>('monthly');
  const table = useMemo(
    () => cashFlowTable(rows, { resolution, econLimitDate, rates, fiscal }),
    [rows, resolution, econLimitDate, rates, fiscal],
  );
  const startsGroup = table.columns.map((c, i) => c.group !== table.columns[i - 1]?.group);
  const name = useId();
  const titleId = useId();
  const by = resolution === 'monthly' ? 'month' : 'year';
  const download = () =>
    saveFile(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), csvFileName(wellName, resolution));
  return (
    <div className="cash-flow-table">
      <div className="row spread cash-flow-table-bar">
        <h3 id={titleId}>Cash flow table</h3>
        <fieldset className="inline">
          <legend>Rows</legend>
          {(['monthly', 'yearly'] as const).map((r) => (
            <label className="choice" key={r}>
              <input type="radio" name={name} checked={resolution === r} onChange={() => setResolution(r)} />
              {r === 'monthly' ? 'Monthly' : 'Yearly'}
            </label>
          ))}
        </fieldset>
        <button type="button" onClick={download}>
          Download CSV
        </button>
      </div>
      {/* Focusable, so that the keyboard can scroll it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard */}
      <section className="table-scroll" tabIndex={0} aria-labelledby={titleId}>
        <table>
          <caption className="sr-only">{`${wellName}: cash flow by ${by}`}</caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2} className="period">
                {table.periodLabel}
              </th>
              {table.groups.map((g) => (
                <th scope="colgroup" colSpan={g.span} key={g.label} className="group group-start">
                  <span>{g.label}</span>
                </th>
              ))}
            </tr>
            <tr>
              {table.columns.map((c, i) => (
                <th scope="col" key={c.id} className={startsGroup[i] ? 'num group-start' : 'num'}>
                  {keepPercent(c.label)} <span className="unit">({c.unit})</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.period} className={r.econLimit ? 'econ-limit' : undefined}>
                <th scope="row" className="period">
                  {r.period}
                  {r.econLimit && <span className="sr-only"> economic limit</span>}
                </th>
                {r.values.map((v, i) => (
                  <td key={table.columns[i]!.id} className={startsGroup[i] ? 'num group-start' : 'num'}>
                    {formatCell(table.columns[i]!.unit, v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** `at 10 %` never broken before its `%` in a narrow header (the CSV keeps plain spaces). */
const keepPercent = (label: string) => label.replace(/ %/g, '\u00a0%');
