import type { ExportView } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { anyRunning, type KnownNames, namesOf, projectsOf } from './listed';

const P = 'a'.repeat(24);
const F = 'b'.repeat(24);
const S = 'c'.repeat(24);
const R = 'd'.repeat(24);
const view = (over: Partial<ExportView> = {}): ExportView => ({
  id: 'e'.repeat(24),
  exportType: 'monthlyForecastVolumeExport',
  fileType: 'parquet',
  projectId: P,
  forecastId: F,
  status: 'complete',
  rowsWritten: 1,
  filesDone: 1,
  files: [],
  fileUrls: [],
  expiresAt: '2026-11-23T12:00:00.000Z',
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
  ...over,
});
const known: KnownNames = {
  projects: new Map([[P, 'Permian Basin Demo']]),
  forecasts: new Map([[F, 'Demo deterministic forecast']]),
  scenarios: new Map([[S, 'Base case']]),
};
const none: KnownNames = { projects: new Map(), forecasts: new Map(), scenarios: new Map() };

describe('namesOf', () => {
  it('names the project and the forecast of a forecast export', () => {
    expect(namesOf(view(), known)).toEqual({
      projectName: 'Permian Basin Demo',
      sourceName: 'Demo deterministic forecast',
    });
  });

  it('names the scenario and the run of an econ export', () => {
    const econ = view({ exportType: 'econMonthlyExport', forecastId: undefined, scenarioId: S, econRunId: R });
    expect(namesOf(econ, known)).toEqual({ projectName: 'Permian Basin Demo', sourceName: `Base case · run ${R}` });
  });

  it('shows an unknown id shortened, with what it is', () => {
    expect(namesOf(view(), none)).toEqual({ projectName: 'Project aaaaaaaa…', sourceName: 'Forecast bbbbbbbb…' });
    const econ = view({ forecastId: undefined, scenarioId: S, econRunId: R });
    expect(namesOf(econ, none).sourceName).toBe(`Scenario cccccccc… · run ${R}`);
  });
});

describe('projectsOf / anyRunning', () => {
  it('lists each project once, in order', () => {
    const Q = 'f'.repeat(24);
    expect(projectsOf([view(), view({ projectId: Q }), view()])).toEqual([P, Q]);
  });

  it('is true while one export runs', () => {
    expect(anyRunning([view(), view({ status: 'failed' })])).toBe(false);
    expect(anyRunning([view(), view({ status: 'running' })])).toBe(true);
  });
});
