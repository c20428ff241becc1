import type { EconRun } from '@econ/contract';
import { useQueries } from '@tanstack/react-query';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { type OneLinerParams, oneLinersQuery } from '../api/econRuns';
import { comparisonRows } from '../model/combos';
import { formatMoney, formatRate } from '../model/format';
import { sharedRates } from '../model/oneLiners';

/**
 * The combos of a run side by side (decision 044): per well (the page of wells the one-liner table
 * shows, by name), the NPV at the first discount of each combo and its change from the first combo.
 */
export function ComboComparison(props: {
  projectId: string;
  scenarioId: string;
  run: EconRun;
  page: Pick<OneLinerParams, 'skip' | 'take'>;
}) {
  const { projectId, scenarioId, run, page } = props;
  const combos = run.combos.map((c) => c.comboName);
  const results = useQueries({
    queries: combos.map((comboName) =>
      oneLinersQuery(projectId, scenarioId, run.id, { ...page, sort: 'wellName', comboName }),
    ),
  });
  const error = results.find((r) => r.error)?.error;
  const lines = results.flatMap((r) => r.data?.rows ?? []);
  const rows = comparisonRows(combos, lines);
  const [first, ...others] = combos;
  const rate = sharedRates(lines).first;
  return (
    <section className="panel" aria-labelledby="combo-comparison-title">
      <h2 id="combo-comparison-title">Combos side by side</h2>
      <p className="muted">
        {`NPV at the first discount${rate === undefined ? '' : ` (${formatRate(rate)})`}, in dollars; the change is from ${first}.`}
      </p>
      <ErrorBanner error={error} />
      <div className="grid-scroll">
        <table aria-label="Combos side by side" className="one-liners">
          <thead>
            <tr>
              <th scope="col">Well</th>
              <th scope="col">{`NPV ${first}`}</th>
              {others.map((c) => [
                <th scope="col" key={`${c}-npv`}>{`NPV ${c}`}</th>,
                <th scope="col" key={`${c}-delta`}>{`Change ${c}`}</th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.well}>
                <th scope="row">{r.wellName}</th>
                <td className="num">{formatMoney(r.npv[0])}</td>
                {others.map((c, k) => [
                  <td className="num" key={`${c}-npv`}>
                    {formatMoney(r.npv[k + 1])}
                  </td>,
                  <td className={`num ${(r.delta[k + 1] ?? 0) < 0 ? 'negative' : ''}`} key={`${c}-delta`}>
                    {r.delta[k + 1] === null ? '—' : `${r.delta[k + 1]! > 0 ? '+' : ''}${formatMoney(r.delta[k + 1])}`}
                  </td>,
                ])}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
