import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, type ExportFormValues, toRequestBody } from './request';

const P = '6523f1a2b4c5d6e7f8091a2b';
const F = '6523f1a2b4c5d6e7f8091a2c';
const S = '6523f1a2b4c5d6e7f8091a2d';
const R = '6523f1a2b4c5d6e7f8091a2e';
const form = (over: Partial<ExportFormValues>): ExportFormValues => ({ ...DEFAULT_FORM, ...over });

describe('toRequestBody', () => {
  it('a forecast export sends only exportType, fileType parquet, projectId, forecastId and the hours', () => {
    const r = toRequestBody(form({ projectId: P, forecastId: F, scenarioId: S, econRunId: R }));
    expect(r).toEqual({
      ok: true,
      body: {
        exportType: 'monthlyForecastVolumeExport',
        fileType: 'parquet',
        projectId: P,
        forecastId: F,
        expirationHours: 24,
      },
    });
  });
  it('daily volumes the same way', () => {
    const r = toRequestBody(
      form({ exportType: 'dailyForecastVolumeExport', projectId: P, forecastId: F, expirationHours: '1' }),
    );
    expect(r.ok && r.body).toEqual({
      exportType: 'dailyForecastVolumeExport',
      fileType: 'parquet',
      projectId: P,
      forecastId: F,
      expirationHours: 1,
    });
  });
  it('an econ export sends the scenario and the run, never the forecast', () => {
    const r = toRequestBody(
      form({
        exportType: 'econMonthlyExport',
        projectId: P,
        forecastId: F,
        scenarioId: S,
        econRunId: R,
        expirationHours: '168',
      }),
    );
    expect(r.ok && r.body).toEqual({
      exportType: 'econMonthlyExport',
      fileType: 'parquet',
      projectId: P,
      scenarioId: S,
      econRunId: R,
      expirationHours: 168,
    });
  });
  it('an econ run workbook sends the scenario and the run with fileType xlsx', () => {
    const r = toRequestBody(
      form({ exportType: 'econWorkbookExport', projectId: P, forecastId: F, scenarioId: S, econRunId: R }),
    );
    expect(r.ok && r.body).toEqual({
      exportType: 'econWorkbookExport',
      fileType: 'xlsx',
      projectId: P,
      scenarioId: S,
      econRunId: R,
      expirationHours: 24,
    });
  });
  it('an empty lifetime takes the default of 24 hours', () => {
    const r = toRequestBody(form({ projectId: P, forecastId: F, expirationHours: '' }));
    expect(r.ok && r.body.expirationHours).toBe(24);
  });
  it('a missing project or forecast is named on its field', () => {
    const r = toRequestBody(form({}));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.projectId).toMatch(/^Project is required/);
    expect(r.errors.forecastId).toMatch(/^Forecast is required/);
  });
  it('an econ export without scenario and run names both', () => {
    const r = toRequestBody(form({ exportType: 'econMonthlyExport', projectId: P }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.scenarioId).toMatch(/^Scenario is required/);
    expect(r.errors.econRunId).toMatch(/^Econ run is required/);
    expect(r.errors.forecastId).toBeUndefined();
  });
  it.each(['0', '169', '1.5', '-1', 'abc'])('lifetime %s is refused with the allowed range', (hours) => {
    const r = toRequestBody(form({ projectId: P, forecastId: F, expirationHours: hours }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.expirationHours).toBe('Link lifetime must be an integer from 1 to 168 (hours; 168 = 7 days)');
  });
  it.each(['1', '168', ' 48 '])('lifetime %s (a bound, or typed with spaces) is accepted', (hours) => {
    expect(toRequestBody(form({ projectId: P, forecastId: F, expirationHours: hours })).ok).toBe(true);
  });
});
