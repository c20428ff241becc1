import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './auditTarget';

const P = '66a1b2c3d4e5f60718293a4b';
const M = '66b1b2c3d4e5f60718293a4b';
const S = '66c1b2c3d4e5f60718293a4b';
const F = '66d1b2c3d4e5f60718293a4b';
const names = new Map([[P, 'Permian Basin Demo']]);
const d = (method: string, path: string) => describeAuditEntry(method, path, names);

describe('describeAuditEntry', () => {
  it('projects: create, rename, delete', () => {
    expect(d('POST', '/api/v1/projects')).toEqual({ action: 'Create', target: 'Project' });
    expect(d('PATCH', `/api/v1/projects/${P}`)).toEqual({ action: 'Update', target: 'Project “Permian Basin Demo”' });
    expect(describeAuditEntry('DELETE', `/api/v1/projects/${P}`)).toEqual({
      action: 'Delete',
      target: 'Project 66a1b2c3…',
    });
  });

  it('wells and company wells of a project', () => {
    expect(d('POST', `/api/v1/projects/${P}/wells`)).toEqual({
      action: 'Create',
      target: 'Well in project “Permian Basin Demo”',
    });
    expect(d('DELETE', `/api/v1/projects/${P}/company-wells/${F}`).target).toBe(
      'Company well 66d1b2c3… in project “Permian Basin Demo”',
    );
    expect(d('PATCH', `/api/v1/wells/${F}`)).toEqual({ action: 'Update', target: 'Well 66d1b2c3…' });
  });

  it('econ models: the kind is part of the noun', () => {
    expect(d('DELETE', `/api/v1/projects/${P}/econ-models/pricing/${M}`)).toEqual({
      action: 'Delete',
      target: 'Pricing model 66b1b2c3… in project “Permian Basin Demo”',
    });
    expect(d('POST', `/api/v1/projects/${P}/econ-models/production-taxes`)).toEqual({
      action: 'Create',
      target: 'Production taxes model in project “Permian Basin Demo”',
    });
    expect(d('PUT', `/api/v1/projects/${P}/econ-models/capex/${M}`).target).toMatch(/^CAPEX model 66b1b2c3…/);
  });

  it('forecasts: segments, a run, outputs, volumes', () => {
    expect(d('PUT', `/api/v1/projects/${P}/forecasts/${F}/parameters`)).toEqual({
      action: 'Save',
      target: 'Forecast segments in forecast 66d1b2c3… in project “Permian Basin Demo”',
    });
    expect(d('POST', `/api/v1/projects/${P}/forecasts/${F}/run`)).toEqual({
      action: 'Run',
      target: 'Forecast 66d1b2c3… in project “Permian Basin Demo”',
    });
    expect(d('DELETE', `/api/v1/projects/${P}/forecasts/outputs/${M}`).target).toBe(
      'Forecast output 66b1b2c3… in project “Permian Basin Demo”',
    );
  });

  it('scenarios: assignments, econ runs, combos, lookup tables', () => {
    expect(d('PUT', `/api/v1/projects/${P}/scenarios/${S}/assignments/econ-models`)).toEqual({
      action: 'Save',
      target: 'Assignments of econ models in scenario 66c1b2c3… in project “Permian Basin Demo”',
    });
    expect(d('POST', `/api/v1/projects/${P}/scenarios/${S}/econ-runs`)).toEqual({
      action: 'Create',
      target: 'Econ run in scenario 66c1b2c3… in project “Permian Basin Demo”',
    });
    expect(d('PUT', `/api/v1/projects/${P}/scenarios/${S}/combos`).target).toBe(
      'Combos in scenario 66c1b2c3… in project “Permian Basin Demo”',
    );
    expect(d('DELETE', `/api/v1/projects/${P}/scenarios/lookup-tables/${M}`).target).toBe(
      'Lookup table 66b1b2c3… in project “Permian Basin Demo”',
    );
  });

  it('type curves: fits by resolution', () => {
    expect(d('PUT', `/api/v1/projects/${P}/type-curves/${M}/fits/monthly`)).toEqual({
      action: 'Save',
      target: 'Fits (monthly) in type curve 66b1b2c3… in project “Permian Basin Demo”',
    });
  });

  it('exports: v1 and the v2 jobs', () => {
    expect(d('POST', '/api/v1/exports')).toEqual({ action: 'Create', target: 'Export' });
    expect(d('POST', '/api/v2/exports/forecast-volumes')).toEqual({
      action: 'Create',
      target: 'Forecast volumes export',
    });
  });

  it('company records: tags, ownership qualifiers, productions', () => {
    expect(d('POST', '/api/v1/tags')).toEqual({ action: 'Create', target: 'Tag' });
    expect(d('DELETE', `/api/v1/ownership-qualifiers/${M}`).target).toBe('Ownership qualifier 66b1b2c3…');
    expect(d('POST', `/api/v1/projects/${P}/monthly-productions`).target).toBe(
      'Monthly production in project “Permian Basin Demo”',
    );
  });

  it('the console: credentials, users, preferences, sign-in and sign-out', () => {
    const vault = new Map([[M, 'Reporting job']]);
    expect(describeAuditEntry('POST', '/bff/credentials', vault)).toEqual({
      action: 'Create',
      target: 'API credential',
    });
    expect(describeAuditEntry('POST', '/bff/credentials/upload', vault)).toEqual({
      action: 'Upload',
      target: 'API credential',
    });
    expect(describeAuditEntry('POST', `/bff/credentials/${M}/activate`, vault)).toEqual({
      action: 'Activate',
      target: 'API credential “Reporting job”',
    });
    expect(describeAuditEntry('POST', `/bff/credentials/${M}/revoke`)).toEqual({
      action: 'Revoke',
      target: 'API credential 66b1b2c3…',
    });
    expect(describeAuditEntry('DELETE', `/bff/users/${S}`, new Map([[S, 'eve']]))).toEqual({
      action: 'Delete',
      target: 'Console user “eve”',
    });
    expect(d('PUT', '/bff/preferences/wells.columns')).toEqual({
      action: 'Save',
      target: 'Preference “wells.columns”',
    });
    expect(d('POST', '/bff/session')).toEqual({ action: 'Sign in', target: 'console session' });
    expect(d('DELETE', '/bff/session')).toEqual({ action: 'Sign out', target: 'console session' });
  });

  it('an unknown path keeps its words; a bare path stays as recorded', () => {
    expect(d('POST', '/api/v1/things-to-do').target).toBe('Things to do');
    expect(d('POST', '/')).toEqual({ action: 'Create', target: '/' });
  });
});
