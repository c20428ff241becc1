import type { EconOneLinerComplete, Forecast, Scenario } from '@econ/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useBanner } from '../../../components/Banner';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { econRunQuery, econRunsKey, econRunsQuery, oneLinersQuery, rollupQuery } from '../api/econRuns';
import { sharedRates } from '../model/oneLiners';
import { chosenRun } from '../model/runs';
import type { ScenarioSearch } from '../model/search';
import { AssignmentGrid } from './AssignmentGrid';
import { ComboComparison } from './ComboComparison';
import { CombosPanel } from './CombosPanel';
import { OneLinerTable } from './OneLinerTable';
import { RollupPanel } from './RollupPanel';
import { RunPanel } from './RunPanel';
import { WellEconomics } from './WellEconomics';
import './scenarios.css';

/**
 * A scenario's economics: the assignment grid, "run economics" with its progress, the chosen
 * run's one-liners and, for the well opened there, its monthly cash flow. Everything the user
 * picks (pages, sorts, qualifier, run, well) is in the address.
 */
export function ScenarioPage(props: {
  projectId: string;
  scenario: Scenario;
  forecasts: readonly Forecast[];
  search: ScenarioSearch;
  onSearch: (patch: Partial<ScenarioSearch>) => void;
  readOnly: boolean;
}) {
  const { projectId, scenario, forecasts, search, onSearch, readOnly } = props;
  const queryClient = useQueryClient();
  const { banner, report } = useBanner();
  const runs = useQuery(econRunsQuery(projectId, scenario.id));
  const listed = runs.data ? chosenRun(runs.data.items, search.run) : undefined;
  // A run the address names that the list does not hold yet (started while the list was being
  // read: its first, empty answer can land last) is read on its own, not hidden until a reload.
  const shownId =
    search.run && runs.data && !runs.data.items.some((r) => r.id === search.run) ? search.run : listed?.id;
  const polled = useQuery({
    ...econRunQuery(projectId, scenario.id, shownId ?? ''),
    enabled: shownId !== undefined,
  });
  const run = polled.data ?? listed;

  // When the run shown settles, the list learns its new state (the picker's label, the export form).
  const settled = run?.status === 'complete' || run?.status === 'failed';
  useEffect(() => {
    if (settled && listed && listed.status !== run?.status) {
      void queryClient.invalidateQueries({ queryKey: econRunsKey(projectId, scenario.id), exact: true });
    }
  }, [settled, listed, run?.status, queryClient, projectId, scenario.id]);

  // A run of several combos lists one combo at a time (the address's, else its first).
  const combos = run?.combos.map((c) => c.comboName) ?? [];
  const comboName = combos.length > 1 ? (combos.includes(search.combo ?? '') ? search.combo : combos[0]) : undefined;
  const oneLinerPage = { skip: search.skip, take: search.take, sort: search.sort, comboName };
  const oneLiners = useQuery({
    ...oneLinersQuery(projectId, scenario.id, run?.id ?? '', oneLinerPage),
    enabled: run?.status === 'complete',
  });
  const selected = search.well ? oneLiners.data?.rows.find((r) => r.well === search.well) : undefined;
  // The scenario total of the combo shown: the one-liner table's last row and the rollup panel.
  const rollup = useQuery({
    ...rollupQuery(projectId, scenario.id, run?.id ?? '', comboName, undefined),
    enabled: run?.status === 'complete',
  });
  const firstComplete = oneLiners.data?.rows.find((r): r is EconOneLinerComplete => r.status === 'complete');
  const rates = useMemo(() => sharedRates(oneLiners.data?.rows ?? []), [oneLiners.data]);

  return (
    <div className="scenario-page">
      <h1>{scenario.name}</h1>
      <p className="muted">{`${scenario.wells.length} wells`}</p>
      {banner}
      <AssignmentGrid
        projectId={projectId}
        scenario={scenario}
        page={{ skip: search.wskip, take: search.wtake, sort: search.wsort }}
        qualifier={search.q}
        onPage={(p) => onSearch({ wskip: p.skip, wtake: p.take, wsort: p.sort as ScenarioSearch['wsort'] })}
        onQualifier={(q) => onSearch({ q })}
        readOnly={readOnly}
        report={report}
      />
      <RunPanel
        projectId={projectId}
        scenarioId={scenario.id}
        forecasts={forecasts}
        runs={runs.data?.items}
        runsError={runs.error ?? undefined}
        current={run}
        readOnly={readOnly}
        onShow={(id) => onSearch({ run: id, skip: 0, well: undefined, combo: undefined })}
        report={report}
      />
      <CombosPanel projectId={projectId} scenarioId={scenario.id} readOnly={readOnly} report={report} />
      {run?.status === 'complete' && combos.length > 1 && (
        <ComboComparison projectId={projectId} scenarioId={scenario.id} run={run} page={oneLinerPage} />
      )}
      {run?.status === 'complete' && (
        <section className="panel" aria-labelledby="one-liners-title">
          <h2 id="one-liners-title">One-liners</h2>
          {comboName !== undefined && (
            <div className="row">
              <label htmlFor="one-liner-combo">Combo</label>
              <select
                id="one-liner-combo"
                value={comboName}
                onChange={(e) => onSearch({ combo: e.target.value, skip: 0, well: undefined })}
              >
                {combos.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          )}
          <ErrorBanner error={oneLiners.error} />
          {oneLiners.data && (
            <OneLinerTable
              rows={oneLiners.data.rows}
              total={Math.round(run.progress.wellsDone / Math.max(1, combos.length))}
              hasNext={oneLiners.data.hasNext}
              page={oneLinerPage}
              selectedWell={search.well}
              onPage={(p) => onSearch({ skip: p.skip, take: p.take, sort: p.sort as ScenarioSearch['sort'] })}
              rates={rates}
              totals={rollup.data?.groups.length === 1 ? rollup.data.groups[0]!.totals : undefined}
            />
          )}
        </section>
      )}
      {run?.status === 'complete' && search.well && oneLiners.data && (
        <WellEconomics
          key={`${run.id}:${comboName ?? ''}:${search.well}`}
          projectId={projectId}
          scenarioId={scenario.id}
          runId={run.id}
          wellId={search.well}
          oneLiner={selected}
          comboName={comboName}
          onClose={() => onSearch({ well: undefined })}
        />
      )}
      {run?.status === 'complete' && (
        <RollupPanel
          projectId={projectId}
          scenarioId={scenario.id}
          runId={run.id}
          comboName={comboName}
          rates={rates}
          fiscal={firstComplete?.fiscal}
        />
      )}
    </div>
  );
}
