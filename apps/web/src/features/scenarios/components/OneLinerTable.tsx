import { type EconOneLiner, type EconRollupTotals, reservesCategoryLabel } from '@econ/contract';
import { Link } from '@tanstack/react-router';
import { Pager, SortHeader } from '../../../components/Pager';
import type { OneLinerParams } from '../api/econRuns';
import { formatCount, formatMoney, formatPayout, formatRate, shortReservesCategory } from '../model/format';
import type { DiscountRates } from '../model/monthlyColumns';
import { irrText, npvHeader, rateOf, wellProblem } from '../model/oneLiners';
import './oneLiners.css';

/** Columns after the well's name and reserves category, for the failed wells' error cell. */
const VALUE_COLUMNS = 10;

const NPV_TITLE = (which: string, rate: number | undefined) =>
  `Net present value of the before-income-tax cash flow at the ${which} discount rate of the general options${
    rate === undefined ? ' (the wells shown have different rates: see each cell)' : ` (${formatRate(rate)})`
  }, in dollars`;
const EUR_TITLE =
  'Estimated ultimate recovery: the gross volume produced before the as-of date plus the remaining volume';
const REMAINING_TITLE = 'Remaining: the gross volume from the as-of date to the economic limit';

/**
 * A run's one line per well (sorted by the API: click a header): the reserves category, NPV at both
 * discount rates (named in the headers), IRR (or why there is none), payout, EUR and remaining
 * volumes, the economic limit and the warnings. A well that failed or had no forecast is marked in
 * its row with the run's reason. The scenario total closes the table. A well's name opens its
 * monthly cash flow.
 */
export function OneLinerTable(props: {
  rows: readonly EconOneLiner[];
  total: number;
  hasNext: boolean;
  page: OneLinerParams;
  selectedWell: string | undefined;
  onPage: (next: OneLinerParams) => void;
  /** The rates every well shown shares (the headers name them). */
  rates: DiscountRates;
  /** The scenario total (the rollup's one-liner), shown as the table's last row. */
  totals?: EconRollupTotals | undefined;
}) {
  const { rows, total, hasNext, page, selectedWell, onPage, rates, totals } = props;
  const sortBy = (sort: string) => onPage({ ...page, sort, skip: 0 });
  const problems = rows.filter((r) => wellProblem(r) !== undefined).length;
  return (
    <>
      {problems > 0 && (
        <p className="one-liner-problems">
          <span className="badge error">{`${problems} of ${rows.length}`}</span>
          {` well${problems === 1 ? '' : 's'} on this page failed or had no forecast: marked in the table with the reason.`}
        </p>
      )}
      <div className="grid-scroll">
        <table aria-label="One-liners" className="one-liners">
          <thead>
            <tr>
              <SortHeader field="wellName" label="Well" sort={page.sort} onSort={sortBy} />
              <th scope="col">Reserves category</th>
              <SortHeader
                field="firstDiscountNpv"
                label={`${npvHeader('first', rates.first)} ($)`}
                title={NPV_TITLE('first', rates.first)}
                sort={page.sort}
                onSort={sortBy}
              />
              <SortHeader
                field="secondDiscountNpv"
                label={`${npvHeader('second', rates.second)} ($)`}
                title={NPV_TITLE('second', rates.second)}
                sort={page.sort}
                onSort={sortBy}
              />
              <SortHeader
                field="irr"
                label="IRR (%/year)"
                title="Internal rate of return of the before-income-tax cash flow, annualized; when there is none, why"
                sort={page.sort}
                onSort={sortBy}
              />
              <th scope="col" title="The month the cumulative cash flow turns positive, and the months to it">
                Payout
              </th>
              <th scope="col" title={EUR_TITLE}>
                EUR oil (BBL)
              </th>
              <th scope="col" title={REMAINING_TITLE}>
                Remaining oil (BBL)
              </th>
              <th scope="col" title={EUR_TITLE}>
                EUR gas (MCF)
              </th>
              <th scope="col" title={REMAINING_TITLE}>
                Remaining gas (MCF)
              </th>
              <SortHeader field="econLimitDate" label="Economic limit" sort={page.sort} onSort={sortBy} />
              <th scope="col">Warnings</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const problem = wellProblem(r);
              const classes = [r.well === selectedWell ? 'selected' : '', problem ? `problem ${problem.kind}` : '']
                .join(' ')
                .trim();
              return (
                <tr key={r.well} className={classes || undefined}>
                  <th scope="row">
                    <Link
                      to="."
                      search={(prev) => ({ ...prev, well: r.well })}
                      aria-current={r.well === selectedWell ? 'true' : undefined}
                      resetScroll={false}
                    >
                      {r.wellName}
                    </Link>
                    {problem && (
                      <span className={`badge ${problem.kind === 'failed' ? 'error' : 'warn'}`} title={problem.reason}>
                        {problem.label}
                      </span>
                    )}
                  </th>
                  <td title={r.reservesCategory ? reservesCategoryLabel(r.reservesCategory) : undefined}>
                    {r.reservesCategory ? shortReservesCategory(r.reservesCategory) : '—'}
                  </td>
                  {r.status === 'failed' ? (
                    <td colSpan={VALUE_COLUMNS} className="failed">
                      {`Failed: ${r.error}`}
                    </td>
                  ) : (
                    <>
                      <td className="num" title={cellRate(rates.first, rateOf(r, 'first'))}>
                        {formatMoney(r.firstDiscountNpv)}
                      </td>
                      <td className="num" title={cellRate(rates.second, rateOf(r, 'second'))}>
                        {formatMoney(r.secondDiscountNpv)}
                      </td>
                      <td className={r.irr === null ? 'num muted' : 'num'} title={r.irrReason}>
                        {irrText(r.irr, r.irrReason)}
                      </td>
                      <td title={r.payoutReason}>{formatPayout(r.payout)}</td>
                      <td className="num">{formatCount(r.eur.oil)}</td>
                      <td className="num">{formatCount(r.remaining?.oil)}</td>
                      <td className="num">{formatCount(r.eur.gas)}</td>
                      <td className="num">{formatCount(r.remaining?.gas)}</td>
                      <td>{r.econLimitDate}</td>
                      <td className={problem ? 'no-forecast-reason' : undefined}>
                        {problem && <div>{`No forecast: ${problem.reason}`}</div>}
                        <Warnings warnings={r.warnings} />
                      </td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
          {totals && (
            <tfoot>
              <tr className="totals">
                <th scope="row">{`Total (${totals.wells} wells)`}</th>
                <td />
                <td className="num">{formatMoney(totals.firstDiscountNpv)}</td>
                <td className="num">{formatMoney(totals.secondDiscountNpv)}</td>
                <td className="num" title={totals.irrReason}>
                  {irrText(totals.irr, totals.irrReason)}
                </td>
                <td title={totals.payoutReason}>{formatPayout(totals.payout)}</td>
                <td colSpan={6} className="muted">
                  The scenario total: NPVs summed over the wells; IRR and payout of the summed cash flow
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {rows.length === 0 && <p className="muted">No wells in this run.</p>}
      <Pager
        skip={page.skip}
        take={page.take}
        total={total}
        hasNext={hasNext}
        onSkip={(skip) => onPage({ ...page, skip })}
      />
    </>
  );
}

/** A cell's own rate, on hover, when the header cannot name one rate for every well. */
const cellRate = (shared: number | undefined, own: number | undefined) =>
  shared === undefined && own !== undefined ? `at ${formatRate(own)}` : undefined;

/** A well's warnings: the count, opened to read them. */
export function Warnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return <span className="muted">0</span>;
  return (
    <details>
      <summary>{`${warnings.length} warning${warnings.length === 1 ? '' : 's'}`}</summary>
      <ul className="warnings">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </details>
  );
}
