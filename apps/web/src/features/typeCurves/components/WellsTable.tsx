import type { Forecast, TypeCurve } from '@econ/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Report } from '../../../components/Banner';
import { patchTypeCurve, typeCurvesKey, typeCurveWellsQuery } from '../api/typeCurves';
import { toggleExcluded } from '../model/typeCurveForm';
import { phasesText } from '../model/wellPhases';
import { WellHistoryChart } from './WellHistoryChart';

/**
 * The type curve's wells (`GET /{id}/wells`) with the excluded toggle: a well is in the fit or
 * excluded, for every phase (spec part 2.9). A toggle is a PATCH of `excludedWells`.
 */
export function WellsTable(props: {
  projectId: string;
  typeCurve: TypeCurve;
  forecast: Forecast | undefined;
  readOnly: boolean;
  report: Report;
}) {
  const { projectId, typeCurve: tc, forecast, readOnly, report } = props;
  const queryClient = useQueryClient();
  const { data: wells } = useSuspenseQuery(typeCurveWellsQuery(projectId, tc.id));
  const [busy, setBusy] = useState<string>();
  const [charted, setCharted] = useState<string>();
  const patch = async (body: Record<string, unknown>, what: string, key: string) => {
    setBusy(key);
    report.clear();
    try {
      const saved = await patchTypeCurve(projectId, tc.id, body);
      queryClient.setQueryData([...typeCurvesKey(projectId), tc.id], saved);
      await queryClient.invalidateQueries({ queryKey: typeCurvesKey(projectId) });
      report.ok(what);
    } catch (e) {
      report.fail(e);
    } finally {
      setBusy(undefined);
    }
  };
  const assigned = tc.wells ?? wells.map((w) => w.id);
  const excluded = wells.filter((w) => w.excluded).length;
  return (
    <section className="panel" aria-labelledby="tc-wells-title">
      <div className="row spread">
        <h2 id="tc-wells-title">
          Wells ({wells.length}
          {excluded ? `, ${excluded} excluded` : ''})
        </h2>
        {!readOnly && forecast && forecast.wells.length > 0 && (tc.wells?.length ?? 0) !== forecast.wells.length && (
          <button
            type="button"
            disabled={busy !== undefined}
            onClick={() =>
              patch(
                { wells: forecast.wells },
                `Assigned the ${forecast.wells.length} wells of ${forecast.name}.`,
                'all',
              )
            }
          >
            Assign all {forecast.wells.length} wells of the forecast
          </button>
        )}
      </div>
      {wells.length === 0 ? (
        <p className="muted">
          {tc.forecast ? 'No wells are assigned to this type curve.' : 'Wells need a forecast: choose one above.'}
        </p>
      ) : (
        <table aria-label="Type curve wells">
          <thead>
            <tr>
              <th>Well</th>
              <th>Chosen ID</th>
              <th>API 14</th>
              <th>First production</th>
              <th>Excluded</th>
              <th>In the fit of</th>
              <th>History</th>
            </tr>
          </thead>
          <tbody>
            {wells.map((w) => {
              const name = w.wellName ?? w.id;
              return (
                <tr key={w.id}>
                  <td>{name}</td>
                  <td>{w.chosenID}</td>
                  <td>{w.api14}</td>
                  <td>{w.firstProdDate}</td>
                  <td>
                    <label className="choice">
                      <input
                        type="checkbox"
                        aria-label={`Exclude ${name}`}
                        checked={w.excluded}
                        disabled={readOnly || busy !== undefined}
                        onChange={(e) =>
                          patch(
                            { excludedWells: toggleExcluded(assigned, tc.excludedWells ?? [], w.id, e.target.checked) },
                            e.target.checked ? `Excluded ${name}.` : `${name} is back in the fit.`,
                            w.id,
                          )
                        }
                      />
                      {busy === w.id ? 'saving…' : w.excluded ? 'excluded' : 'in the fit'}
                    </label>
                  </td>
                  <td>{phasesText(w.phases)}</td>
                  <td>
                    <button
                      type="button"
                      aria-pressed={charted === w.id}
                      aria-label={`Chart the history of ${name}`}
                      onClick={() => setCharted(charted === w.id ? undefined : w.id)}
                    >
                      Chart
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {charted && wells.some((w) => w.id === charted) && (
        <WellHistoryChart
          projectId={projectId}
          wellId={charted}
          wellName={wells.find((w) => w.id === charted)?.wellName ?? charted}
          onClose={() => setCharted(undefined)}
        />
      )}
    </section>
  );
}
