import type { EconOneLiner, EconOneLinerComplete } from '@econ/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { monthlyQuery } from '../api/econRuns';
import { breakevenFacts } from '../model/breakeven';
import { cashFlowChart, type Discount } from '../model/cashFlow';
import { formatMoney, formatPayout, formatPercent, formatRate, formatVolume } from '../model/format';
import type { DiscountRates } from '../model/monthlyColumns';
import { irrText, rateOf } from '../model/oneLiners';
import { CashFlowChart } from './CashFlowChart';
import { MonthlyTable } from './MonthlyTable';
import { Warnings } from './OneLinerTable';

/**
 * One well of a run: its monthly cash flow chart (the cumulative line at the discount the user
 * picks), the table of its monthly (or yearly) rows, its one-liner figures and its NPV at each of
 * the 16 discount-table rates. Its oil and gas breakeven prices sit among the figures, with the
 * NPV discount they zero and, when one is none, the run's reason under them.
 */
export function WellEconomics(props: {
  projectId: string;
  scenarioId: string;
  runId: string;
  wellId: string;
  oneLiner: EconOneLiner | undefined;
  /** The combo of a run of several (its monthly rows). */
  comboName?: string | undefined;
  onClose: () => void;
}) {
  const { projectId, scenarioId, runId, wellId, oneLiner, comboName, onClose } = props;
  const [discount, setDiscount] = useState<Discount>('second');
  const failed = oneLiner?.status === 'failed';
  const monthly = useQuery({ ...monthlyQuery(projectId, scenarioId, runId, wellId, comboName), enabled: !failed });
  const complete = oneLiner?.status === 'complete' ? oneLiner : undefined;
  const chart = useMemo(
    () => (monthly.data ? cashFlowChart(monthly.data, discount, complete?.econLimitDate) : undefined),
    [monthly.data, discount, complete?.econLimitDate],
  );
  const rates = useMemo(
    () => (complete ? { first: rateOf(complete, 'first'), second: rateOf(complete, 'second') } : {}),
    [complete],
  );
  const wellName = oneLiner?.wellName ?? wellId;
  // Opening a well (the component is keyed by it) brings its detail into view and the focus to it,
  // so that a keyboard or screen-reader user lands on what they picked.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'start' });
    panel.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      className="panel well-economics"
      aria-labelledby="well-title"
      id="well-economics"
    >
      <div className="row spread">
        <h2 id="well-title">{`${wellName}: cash flow`}</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {!oneLiner && <p className="muted">This well is not on the one-liner page shown above; its figures are there.</p>}
      {oneLiner?.status === 'failed' && (
        <div className="banner error" role="alert">
          {`The run could not compute this well: ${oneLiner.error}`}
        </div>
      )}
      {!failed && (
        <>
          <fieldset className="inline discount-choice">
            <legend>Cumulative discounted cash flow at</legend>
            {(['second', 'first'] as const).map((d) => (
              <label className="choice" key={d}>
                <input type="radio" name="discount" checked={discount === d} onChange={() => setDiscount(d)} />
                {d === 'first' ? 'First discount' : 'Second discount'}
                {rates[d] !== undefined && ` (${formatRate(rates[d])})`}
              </label>
            ))}
          </fieldset>
          <ErrorBanner error={monthly.error} />
          {monthly.isPending && <p className="muted">Reading the monthly rows…</p>}
          {chart && chart.points.length === 0 && <p className="muted">This well has no monthly rows in this run.</p>}
          {chart && chart.points.length > 0 && (
            <CashFlowChart chart={chart} wellName={wellName} discount={discount} rate={rates[discount]} />
          )}
          {monthly.data && monthly.data.length > 0 && (
            <MonthlyTable
              rows={monthly.data}
              wellName={wellName}
              econLimitDate={complete?.econLimitDate}
              rates={rates}
              fiscal={complete?.fiscal}
            />
          )}
        </>
      )}
      {complete && <Figures oneLiner={complete} rates={rates} />}
    </section>
  );
}

/** The one-liner's figures beside the NPV table. */
function Figures({ oneLiner: o, rates }: { oneLiner: EconOneLinerComplete; rates: DiscountRates }) {
  const at = (rate: number | undefined) => (rate === undefined ? '' : ` ${formatRate(rate)}`);
  const facts: [string, string][] = [
    [`NPV${at(rates.first)} (first discount)`, formatMoney(o.firstDiscountNpv)],
    [`NPV${at(rates.second)} (second discount)`, formatMoney(o.secondDiscountNpv)],
    ['Net cash flow (undiscounted)', formatMoney(o.bfit)],
    ['IRR', irrText(o.irr, o.irrReason)],
    ['Payout', o.payout === null && o.payoutReason ? `none: ${o.payoutReason}` : formatPayout(o.payout)],
    ['Discounted payout', formatPayout(o.discountedPayout)],
    ['ROI (undiscounted)', o.roi === null ? '—' : `${o.roi.toFixed(2)}×`],
    ['Economic limit', `${o.econLimitDate} (${o.econLimitTrigger})${o.uneconomic ? ', uneconomic' : ''}`],
    ['Well life', `${o.wellLife.toFixed(1)} years`],
    ['EUR oil', formatVolume(o.eur.oil, 'BBL')],
    ['EUR gas', formatVolume(o.eur.gas, 'MCF')],
    ['EUR water', formatVolume(o.eur.water, 'BBL')],
    ['EUR NGL', formatVolume(o.eur.ngl, 'BBL')],
    ...(o.remaining
      ? ([
          ['Remaining oil (from as-of)', formatVolume(o.remaining.oil, 'BBL')],
          ['Remaining gas (from as-of)', formatVolume(o.remaining.gas, 'MCF')],
          ['Remaining water (from as-of)', formatVolume(o.remaining.water, 'BBL')],
        ] satisfies [string, string][])
      : []),
    ['Revenue (net)', formatMoney(o.revenue)],
    ['Expenses', formatMoney(o.expenses)],
    ['Production and ad valorem taxes', formatMoney(o.taxes)],
    ['CAPEX', formatMoney(o.capex)],
  ];
  const breakeven = breakevenFacts(o.breakeven);
  facts.push(...breakeven.facts);
  if (o.afterTax) {
    facts.push(
      [`After-tax NPV${at(rates.first)} (first discount)`, formatMoney(o.afterTax.firstDiscountNpv)],
      [`After-tax NPV${at(rates.second)} (second discount)`, formatMoney(o.afterTax.secondDiscountNpv)],
      ['After-tax IRR', formatPercent(o.afterTax.irr)],
    );
  }
  return (
    <div className="well-figures">
      <div>
        <h3>One-liner</h3>
        <dl className="facts" aria-label="One-liner figures">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        {breakeven.note && <p className="muted">{breakeven.note}</p>}
        {o.reversions.length > 0 && (
          <p className="muted">{`Reversions: ${o.reversions.map((r) => `${r.type} on ${r.date}`).join(', ')}`}</p>
        )}
        <div className="muted well-warnings">
          Warnings: <Warnings warnings={o.warnings} />
        </div>
      </div>
      <div>
        <h3>NPV by discount rate</h3>
        <table aria-label="NPV by discount rate" className="npv-table">
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col" className="num">
                NPV
              </th>
            </tr>
          </thead>
          <tbody>
            {[...o.npv]
              .sort((a, b) => a.rate - b.rate)
              .map((n) => (
                <tr key={n.rate}>
                  <th scope="row">{formatRate(n.rate)}</th>
                  <td className="num">{formatMoney(n.npv)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
