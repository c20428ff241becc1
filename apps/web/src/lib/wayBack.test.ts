import { describe, expect, it } from 'vitest';
import { wayBack } from './wayBack';

const P = '/projects/p1';

describe('wayBack', () => {
  it('sends a missing project back to the projects', () => {
    expect(wayBack(P).to).toBe('/projects');
    expect(wayBack(`${P}/forecasts/f9`, true).to).toBe('/projects');
    expect(wayBack('/nowhere').to).toBe('/projects');
  });

  it("sends a project's missing forecast, scenario or well back to the project", () => {
    for (const page of ['forecasts/f9', 'scenarios/s9', 'wells/w9', 'productions/import'])
      expect(wayBack(`${P}/${page}`)).toEqual({ to: P, label: 'the project', projectId: 'p1' });
  });

  it('sends a missing type curve or lookup table back to its list', () => {
    expect(wayBack(`${P}/type-curves/t9`).to).toBe(`${P}/type-curves`);
    expect(wayBack(`${P}/type-curves/lookup-tables/l9`).to).toBe(`${P}/type-curves/lookup-tables`);
    expect(wayBack(`${P}/type-curves`).to).toBe(P);
  });

  it("sends a missing econ model back to its kind's list, an unknown kind further up", () => {
    expect(wayBack(`${P}/econ-models/depreciation/m9`)).toMatchObject({
      to: `${P}/econ-models/depreciation`,
      label: 'the depreciation models',
    });
    expect(wayBack(`${P}/econ-models/nonsense/m9`).to).toBe(P);
    expect(wayBack('/econ-models/date-settings/m9')).toEqual({
      to: '/econ-models/date-settings',
      label: "the company's date settings models",
    });
    expect(wayBack('/econ-models/nonsense').to).toBe('/econ-models');
  });
});
