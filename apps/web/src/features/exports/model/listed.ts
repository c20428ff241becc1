import type { ExportView } from '@econ/contract';

/** The names the console shows beside an export (the API answers ids only). */
export interface ExportNames {
  projectName: string;
  sourceName: string;
}

/** An export as the page lists it: the API's view and the names of what it was made from. */
export type ListedExport = ExportView & ExportNames;

/** Names by id, from the lists the page already holds (projects, forecasts and scenarios). */
export interface KnownNames {
  projects: ReadonlyMap<string, string>;
  forecasts: ReadonlyMap<string, string>;
  scenarios: ReadonlyMap<string, string>;
}

const short = (id: string) => `${id.slice(0, 8)}…`;

/**
 * The names of an export: the project's, and its forecast's (or its scenario's and run's) from the
 * known lists; an id that is not (or not yet) known shows shortened, with what it is.
 */
export function namesOf(e: ExportView, known: KnownNames): ExportNames {
  const projectName = known.projects.get(e.projectId) ?? `Project ${short(e.projectId)}`;
  if (e.forecastId) {
    return { projectName, sourceName: known.forecasts.get(e.forecastId) ?? `Forecast ${short(e.forecastId)}` };
  }
  const scenario = e.scenarioId ? (known.scenarios.get(e.scenarioId) ?? `Scenario ${short(e.scenarioId)}`) : '';
  const run = e.econRunId ? `run ${e.econRunId}` : '';
  return { projectName, sourceName: [scenario, run].filter(Boolean).join(' · ') };
}

/** The distinct projects of a page of exports, in order of first appearance (to fetch their names). */
export const projectsOf = (list: readonly ExportView[]): string[] => [...new Set(list.map((e) => e.projectId))];

/** Whether any export of the list still runs (the list is polled while one does). */
export const anyRunning = (list: readonly ExportView[]): boolean => list.some((e) => e.status === 'running');
