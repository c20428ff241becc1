import { toDayIndex } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIT_FORM, type FitFormValues, fitFieldsOf, fitOptionsFrom, percentToDecimal } from './fitForm';

const known = { exclude: [44_000] };
const form = (patch: Partial<FitFormValues>) => ({ ...DEFAULT_FIT_FORM, ...patch });
const errorsOf = (patch: Partial<FitFormValues>) => {
  const r = fitOptionsFrom(form(patch), known);
  return r.ok ? {} : r.errors;
};

describe('fitOptionsFrom', () => {
  it('gives the fitter its defaults: Arps from the peak, b 0.01–2, decline 0–0.99, the end and the exclusions', () => {
    expect(fitOptionsFrom(DEFAULT_FIT_FORM, known)).toEqual({
      ok: true,
      options: {
        model: 'arps',
        regression: 'rate',
        start: 'peak',
        bRange: [0.01, 2],
        dEffRange: [0, 0.99],
        exclude: [44_000],
      },
    });
  });

  it('regression on cumulative volume, and recent weights for rate regression only', () => {
    const cum = fitOptionsFrom(form({ regression: 'cum' }), known);
    expect(cum.ok && cum.options.regression).toBe('cum');
    const weighted = fitOptionsFrom(form({ halfLifeDays: '365' }), known);
    expect(weighted.ok && weighted.options.recentWeight).toEqual({ halfLifeDays: 365 });
    expect(errorsOf({ regression: 'cum', halfLifeDays: '365' })).toEqual({
      halfLifeDays: 'Recent-data half-life applies to rate regression only (leave it empty for cum)',
    });
    expect(errorsOf({ halfLifeDays: '0.5' })).toEqual({
      halfLifeDays: 'Recent-data half-life must be a whole number of days, 1 or more (typed "0.5")',
    });
  });

  it('sends declines typed in percent per year as the decimal the API stores', () => {
    const r = fitOptionsFrom(
      form({ model: 'arps_modified', dEffMinPct: '10', dEffMaxPct: '85', terminalPct: '7' }),
      known,
    );
    expect(r.ok && r.options).toMatchObject({ dEffRange: [0.1, 0.85], terminalDEff: 0.07 });
    expect(percentToDecimal(7)).toBe(0.07);
  });

  it('starts on a picked date as its day index, and needs that date', () => {
    const r = fitOptionsFrom(form({ start: 'date', startDate: '2021-03-01' }), known);
    expect(r.ok && r.options.start).toBe(toDayIndex('2021-03-01'));
    expect(errorsOf({ start: 'date', startDate: '' })).toEqual({
      startDate: 'Start date is required: click the chart or type it',
    });
    expect(errorsOf({ start: 'date', startDate: '2021-02-30' }).startDate).toMatch(/^Start date must be a date/);
    expect(fitOptionsFrom(form({ start: 'first', startDate: 'nonsense' }), known)).toMatchObject({
      ok: true,
      options: { start: 'first' },
    });
  });

  it('fixes qStart only when typed, and refuses 0', () => {
    const r = fitOptionsFrom(form({ qStart: '640' }), known);
    expect(r.ok && r.options.qStart).toBe(640);
    expect(errorsOf({ qStart: '0' })).toEqual({ qStart: 'Fixed qStart must be above 0 (leave it empty to fit it)' });
  });

  it('names the field by its label, the rule and the value typed', () => {
    expect(errorsOf({ bMin: 'abc' })).toEqual({ bMin: 'Minimum b must be a number (typed "abc")' });
    expect(errorsOf({ bMax: '' })).toEqual({ bMax: 'Maximum b is required' });
    expect(errorsOf({ bMax: '12' })).toEqual({ bMax: 'Maximum b must be between 0 and 10 (typed 12)' });
    expect(errorsOf({ bMin: '1.5', bMax: '1' })).toEqual({
      bMin: 'Minimum b must not be above the maximum b (1.5 > 1)',
    });
    expect(errorsOf({ dEffMaxPct: '100' })).toEqual({
      dEffMaxPct: 'Maximum decline must be from 0 to below 100 (typed 100)',
    });
    expect(errorsOf({ dEffMinPct: '60', dEffMaxPct: '40' })).toEqual({
      dEffMinPct: 'Minimum decline must not be above the maximum decline (60 > 40 %/yr)',
    });
    expect(errorsOf({ model: 'arps_modified', terminalPct: '0' })).toEqual({
      terminalPct: 'Terminal decline must be above 0 %/yr',
    });
  });

  it('checks only the fields the model reads', () => {
    expect(fitFieldsOf('flat')).toEqual(['qStart', 'halfLifeDays']);
    expect(fitFieldsOf('exp_dec')).not.toContain('bMin');
    expect(fitFieldsOf('arps')).not.toContain('terminalPct');
    expect(fitFieldsOf('arps_modified')).toContain('terminalPct');
    const exp = fitOptionsFrom(form({ model: 'exp_dec', bMin: 'abc', terminalPct: '' }), known);
    expect(exp).toEqual({
      ok: true,
      options: { model: 'exp_dec', regression: 'rate', start: 'peak', dEffRange: [0, 0.99], exclude: [44_000] },
    });
    expect(fitOptionsFrom(form({ model: 'flat', dEffMaxPct: 'x' }), known).ok).toBe(true);
  });
});
