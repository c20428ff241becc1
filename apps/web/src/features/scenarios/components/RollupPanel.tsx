import { ROLLUP_GROUP_BY, type RollupGroupBy } from '@econ/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { rollupQuery } from '../api/econRuns';
import { cashFlowChart, type Discount } from '../model/cashFlow';
import { formatMoney, formatPayout } from '../model/format';
import type { DiscountRates } from '../model/monthlyColumns';
import { irrText, npvHeader } from '../model/oneLiners';
import { GROUP_BY_LABELS, groupName, rollupMonthlyRows } from '../model/rollup';
import { CashFlowChart } from './CashFlowChart';
import { MonthlyTable } from './MonthlyTable';

/**
 * The scenario total of a run (issue 20, rollups): the totals of the combo shown, or one per value
 * of a header; the chosen group's cash flow as a chart and a table by month or year.
 */
export function RollupPanel(props: {
  projectId: string;
  scenarioId: string;
  runId: string;
  comboName: string | undefined;
  rates: DiscountRates;
  fiscal: string | undefined;
}) {
  const { projectId, scenarioId, runId, comboName, rates, fiscal } = props;
  const [groupBy, setGroupBy] = useState<RollupGroupBy | ''>('');
  const [chosen, setChosen] = useState(0);
  const rollup = useQuery(rollupQuery(projectId, scenarioId, runId, comboName, groupBy || undefined));
  const groups = rollup.data?.groups ?? [];
  const group = groups[Math.min(chosen, groups.length - 1)];
  const grouped = groupBy !== '';
  const rows = useMemo(
    () => (group && rollup.data ? rollupMonthlyRows(group, rollup.data.comboName) : []),
    [group, rollup.data],
  );
  const [discount] = useState<Discount>('first');
  const chart = useMemo(() => cashFlowChart(rows, discount, null), [rows, discount]);
  const title = group ? groupName(group.group, grouped) : 'All wells';
  return (
    <section className="panel" aria-labelledby="rollup-title">
      <h2 id="rollup-title">Scenario total</h2>
      <p className="muted">
        {rollup.data?.aggregationDate
          ? `Summed from ${rollup.data.aggregationDate.slice(0, 7)} (the aggregation date of the general options).`
          : 'Summed over every month of the wells.'}
        {comboName ? ` Combo ${comboName}.` : ''}
      </p>
      <div className="row">
        <label htmlFor="rollup-group-by">Group by</label>
        <select
          id="rollup-group-by"
          value={groupBy}
          onChange={(e) => {
            setGroupBy(e.target.value as RollupGroupBy | '');
            setChosen(0);
          }}
        >
          <option value="">Nothing: the whole scenario</option>
          {ROLLUP_GROUP_BY.map((g) => (
            <option key={g} value={g}>
              {GROUP_BY_LABELS[g]}
            </option>
          ))}
        </select>
      </div>
      <ErrorBanner error={rollup.error} />
      {groups.length > 0 && (
        <div className="grid-scroll">
          <table aria-label="Scenario totals" className="one-liners">
            <thead>
              <tr>
                <th scope="col">{grouped ? GROUP_BY_LABELS[groupBy as RollupGroupBy] : 'Total'}</th>
                <th scope="col">Wells</th>
                <th scope="col">Revenue ($)</th>
                <th scope="col">Expenses ($)</th>
                <th scope="col">Taxes ($)</th>
                <th scope="col">CAPEX ($)</th>
                <th scope="col">Net cash flow ($)</th>
                <th scope="col">{`${npvHeader('first', rates.first)} ($)`}</th>
                <th scope="col">{`${npvHeader('second', rates.second)} ($)`}</th>
                <th scope="col">IRR (%/year)</th>
                <th scope="col">Payout</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g, i) => (
                <tr key={g.group ?? ''} className={i === chosen ? 'selected' : undefined}>
                  <th scope="row">
                    <button type="button" className="link" aria-pressed={i === chosen} onClick={() => setChosen(i)}>
                      {groupName(g.group, grouped)}
                    </button>
                  </th>
                  <td className="num">{g.totals.wells}</td>
                  <td className="num">{formatMoney(g.totals.revenue)}</td>
                  <td className="num">{formatMoney(g.totals.expenses)}</td>
                  <td className="num">{formatMoney(g.totals.taxes)}</td>
                  <td className="num">{formatMoney(g.totals.capex)}</td>
                  <td className="num">{formatMoney(g.totals.bfit)}</td>
                  <td className="num">{formatMoney(g.totals.firstDiscountNpv)}</td>
                  <td className="num">{formatMoney(g.totals.secondDiscountNpv)}</td>
                  <td className="num" title={g.totals.irrReason}>
                    {irrText(g.totals.irr, g.totals.irrReason)}
                  </td>
                  <td title={g.totals.payoutReason}>{formatPayout(g.totals.payout)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {group && rows.length > 0 && (
        <>
          <CashFlowChart chart={chart} wellName={title} discount={discount} rate={rates[discount]} />
          <MonthlyTable rows={rows} wellName={title} econLimitDate={null} rates={rates} fiscal={fiscal} />
        </>
      )}
    </section>
  );
}
