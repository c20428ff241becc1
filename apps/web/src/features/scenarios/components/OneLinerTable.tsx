import { type EconOneLiner, type EconRollupTotals, reservesCategoryLabel } from '@econ/contract';
import { Link } from '@tanstack/react-router';
import { Pager, SortHeader } from '../../../components/Pager';
import type { OneLinerParams } from '../api/econRuns';
import {
  formatMoney,
  formatPayout,
  formatPercent,
  formatVolume,
  shortReason,
  shortReservesCategory,
} from '../model/format';

/** Columns after the well's name, for the failed wells' error cell. */
const VALUE_COLUMNS = 8;

/**
 * A run's one line per well (sorted by the API: click a header): the reserves category, NPV at both discounts, IRR,
 * payout, EUR, the economic limit and the warnings; failed wells with their error. A well's name
 * opens its monthly cash flow below.
 */
export function OneLinerTable(props: {
  rows: readonly EconOneLiner[];
  total: number;
  hasNext: boolean;
  page: OneLinerParams;
  selectedWell: string | undefined;
  onPage: (next: OneLinerParams) => void;
  /** The scenario total (the rollup's one-liner), shown as the table's last row. */
  totals?: EconRollupTotals | undefined;
}) {
  const { rows, total, hasNext, page, selectedWell, onPage, totals } = props;
  const sortBy = (sort: string) => onPage({ ...page, sort, skip: 0 });
  return (
    <>
      <div className="grid-scroll">
        <table aria-label="One-liners" className="one-liners">
          <thead>
            <tr>
              <SortHeader field="wellName" label="Well" sort={page.sort} onSort={sortBy} />
              <th scope="col">Reserves category</th>
              <SortHeader field="firstDiscountNpv" label="NPV (1st discount)" sort={page.sort} onSort={sortBy} />
              <SortHeader field="secondDiscountNpv" label="NPV (2nd discount)" sort={page.sort} onSort={sortBy} />
              <SortHeader field="irr" label="IRR" sort={page.sort} onSort={sortBy} />
              <th scope="col">Payout</th>
              <th scope="col">EUR oil</th>
              <th scope="col">EUR gas</th>
              <SortHeader field="econLimitDate" label="Economic limit" sort={page.sort} onSort={sortBy} />
              <th scope="col">Warnings</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.well} className={r.well === selectedWell ? 'selected' : undefined}>
                <th scope="row">
                  <Link
                    to="."
                    search={(prev) => ({ ...prev, well: r.well })}
                    aria-current={r.well === selectedWell ? 'true' : undefined}
                    resetScroll={false}
                  >
                    {r.wellName}
                  </Link>
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
                    <td className="num">{formatMoney(r.firstDiscountNpv)}</td>
                    <td className="num">{formatMoney(r.secondDiscountNpv)}</td>
                    <td className="num" title={r.irrReason}>
                      {r.irr === null && r.irrReason ? (
                        <span className="muted">{`— ${shortReason(r.irrReason)}`}</span>
                      ) : (
                        formatPercent(r.irr)
                      )}
                    </td>
                    <td title={r.payoutReason}>{formatPayout(r.payout)}</td>
                    <td className="num">{formatVolume(r.eur.oil, 'BBL')}</td>
                    <td className="num">{formatVolume(r.eur.gas, 'MCF')}</td>
                    <td>{r.econLimitDate}</td>
                    <td>
                      <Warnings warnings={r.warnings} />
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
          {totals && (
            <tfoot>
              <tr className="totals">
                <th scope="row">{`Total (${totals.wells} wells)`}</th>
                <td />
                <td className="num">{formatMoney(totals.firstDiscountNpv)}</td>
                <td className="num">{formatMoney(totals.secondDiscountNpv)}</td>
                <td className="num" title={totals.irrReason}>
                  {totals.irr === null ? `— ${shortReason(totals.irrReason) ?? ''}` : formatPercent(totals.irr)}
                </td>
                <td title={totals.payoutReason}>{formatPayout(totals.payout)}</td>
                <td colSpan={4} className="muted">
                  IRR and payout of the summed cash flow
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
