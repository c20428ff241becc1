import { describe, expect, it } from 'vitest';
import { createBody, createIssues, headerPatch, patchIssues, toggleExcluded, typeCurveFormPath } from './typeCurveForm';

const F = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const W1 = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const W2 = 'bbbbbbbbbbbbbbbbbbbbbbb2';

describe('createBody', () => {
  it('assigns the forecast wells only with a forecast and when asked', () => {
    const values = { name: 'TC', forecast: F, forecastSeries: 'best' as const, assignWells: true };
    expect(createBody(values, [W1, W2])).toEqual({ name: 'TC', forecastSeries: 'best', forecast: F, wells: [W1, W2] });
    expect(createBody({ ...values, assignWells: false }, [W1])).toEqual({
      name: 'TC',
      forecastSeries: 'best',
      forecast: F,
    });
    expect(createBody({ ...values, forecast: '' }, [W1])).toEqual({ name: 'TC', forecastSeries: 'best' });
  });

  it('is checked by the contract: an empty name and a percentile without a forecast', () => {
    expect(createIssues(createBody({ name: ' ', forecast: '', forecastSeries: 'P50', assignWells: true }, []))).toEqual(
      {
        name: 'name must not be empty',
        forecastSeries: 'forecastSeries P50 needs a probabilistic forecast: send forecast',
      },
    );
  });
});

describe('headerPatch', () => {
  const stored = { name: 'TC', forecast: F, forecastSeries: 'best' as const };
  it('sends only what changed', () => {
    expect(headerPatch({ name: 'TC', forecast: F, forecastSeries: 'best' }, stored)).toEqual({});
    expect(headerPatch({ name: 'TC 2', forecast: F, forecastSeries: 'P90' }, stored)).toEqual({
      name: 'TC 2',
      forecastSeries: 'P90',
    });
    expect(patchIssues({ name: '' })).toEqual({ name: 'name must not be empty' });
  });
});

describe('toggleExcluded', () => {
  it('adds and removes a well, keeping the order of wells', () => {
    expect(toggleExcluded([W1, W2], [W2], W1, true)).toEqual([W1, W2]);
    expect(toggleExcluded([W1, W2], [W1, W2], W1, false)).toEqual([W2]);
  });
});

describe('typeCurveFormPath', () => {
  it('places an API path on its top-level field, the wells on the forecast they come from', () => {
    expect(typeCurveFormPath('name')).toBe('name');
    expect(typeCurveFormPath('forecastSeries')).toBe('forecastSeries');
    expect(typeCurveFormPath('wells[2]')).toBe('forecast');
    expect(typeCurveFormPath('excludedWells[0]')).toBe('forecast');
    expect(typeCurveFormPath('normalization.oil')).toBe('normalization');
  });
});
