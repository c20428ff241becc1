import type { ExportView } from '@econ/contract';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Pager } from '../../../components/Pager';
import { forecastsQuery } from '../../forecasts/api/forecasts';
import { exportProjectsQuery, exportQuery, pastExportsQuery, scenariosQuery } from '../api/exports';
import { type ExportNames, type KnownNames, type ListedExport, namesOf, projectsOf } from '../model/listed';
import { ClockProvider } from './Clock';
import { ExportForm } from './ExportForm';
import { ExportStatusPanel } from './ExportStatusPanel';
import { PastExports } from './PastExports';
import './exports.css';

const toMap = (items: readonly { id: string; name: string }[] | undefined) =>
  items?.map((i) => [i.id, i.name] as const) ?? [];

/**
 * The names of the projects, forecasts and scenarios of the listed exports, from the lists the
 * console reads anyway (the projects; each listed project's forecasts and scenarios).
 */
function useKnownNames(list: readonly ExportView[]): KnownNames {
  const projects = useQuery(exportProjectsQuery);
  const ids = projectsOf(list);
  const forecasts = useQueries({ queries: ids.map((id) => forecastsQuery(id)) });
  const scenarios = useQueries({ queries: ids.map((id) => scenariosQuery(id)) });
  const f = forecasts.flatMap((q) => toMap(q.data?.items));
  const s = scenarios.flatMap((q) => toMap(q.data?.items));
  const p = toMap(projects.data?.items);
  const key = JSON.stringify([p, f, s]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` holds every name the maps are made of.
  return useMemo(() => ({ projects: new Map(p), forecasts: new Map(f), scenarios: new Map(s) }), [key]);
}

/**
 * The export download page: start an export, watch it, download and preview its files. Past exports
 * are the company's, listed by the API (`GET /v1/exports`, newest first, paged), whoever made them.
 */
export function ExportsPage(props: { skip: number; take: number; onSkip: (skip: number) => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(pastExportsQuery({ skip: props.skip, take: props.take }));
  const items = list.data?.items ?? [];
  const known = useKnownNames(items);
  // The names the form showed for the exports started here (known before the lists load).
  const [started, setStarted] = useState<Record<string, ExportNames>>({});
  const [currentId, setCurrentId] = useState<string | null>(null);
  const polled = useQuery({ ...exportQuery(currentId ?? ''), enabled: currentId !== null });

  const named = (v: ExportView): ListedExport => ({ ...v, ...(started[v.id] ?? namesOf(v, known)) });
  const current = currentId && polled.data?.id === currentId ? named(polled.data) : null;

  /** Shows an export in the panel: its last known view is the start of its polling. */
  const show = (view: ExportView) => {
    queryClient.setQueryData(exportQuery(view.id).queryKey, view);
    setCurrentId(view.id);
  };

  const onStarted = (view: ExportView, names: ExportNames) => {
    setStarted((s) => ({ ...s, [view.id]: names }));
    show(view);
    props.onSkip(0);
    void queryClient.invalidateQueries({ queryKey: ['exports', 'list'] });
  };

  return (
    <ClockProvider>
      <h1>Exports</h1>
      <p className="muted">
        Forecast volumes and econ results as Parquet files, behind signed links that expire. Files can be previewed here
        and downloaded by anyone holding a link until it expires.
      </p>
      <ExportForm onStarted={onStarted} />
      {polled.isError && (
        <div className="banner error" role="alert">
          {`Could not read the export's progress: ${polled.error instanceof Error ? polled.error.message : String(polled.error)}`}
        </div>
      )}
      {current && <ExportStatusPanel key={current.id} entry={current} />}
      {list.isError && (
        <div className="banner error" role="alert">
          {`Could not list the past exports: ${list.error instanceof Error ? list.error.message : String(list.error)}`}
        </div>
      )}
      <PastExports
        exports={items.map(named)}
        loading={list.isPending}
        current={currentId}
        onShow={(id) => {
          const view = items.find((e) => e.id === id);
          if (view) show(view);
        }}
      >
        <Pager
          skip={props.skip}
          take={props.take}
          total={list.data?.total ?? 0}
          hasNext={list.data?.hasNext ?? false}
          onSkip={props.onSkip}
        />
      </PastExports>
    </ClockProvider>
  );
}
