import { DEFAULT_FORECAST_SETTINGS, ForecastSettings } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import {
  formFromSettings,
  phaseText,
  runFormPath,
  runInputFromForm,
  runProgressText,
  runServerErrors,
} from './autoForecast';

const defaults = () => formFromSettings(DEFAULT_FORECAST_SETTINGS);

describe('auto-forecast form', () => {
  it('shows the defaults: three phases, modified Arps from the peak, b 0.01–2, 8 %/yr terminal, 50 years', () => {
    expect(defaults()).toMatchObject({
      phases: { oil: true, gas: true, water: true },
      model: 'arps_modified',
      start: 'peak',
      bMin: '0.01',
      bMax: '2',
      terminalPercent: '8',
      years: '50',
      overwrite: false,
      percentiles: false,
      regressionType: 'rate',
      wells: 'all',
    });
  });

  it('sends the terminal decline as the decimal the API stores, and only the chosen phases', () => {
    const checked = runInputFromForm({
      ...defaults(),
      phases: { oil: true, gas: false, water: true },
      terminalPercent: '8',
      regressionType: 'cum',
      percentiles: true,
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.input.wells).toBeUndefined();
    expect(checked.input.configurationId).toBeUndefined();
    expect(Object.keys(checked.input.settings!.phases!)).toEqual(['oil', 'water']);
    expect(checked.input.settings!.phases!.oil).toMatchObject({
      terminalDEff: 0.08,
      bMin: 0.01,
      bMax: 2,
      regressionType: 'cum',
    });
    expect(checked.input.settings!.percentiles).toBe(true);
    // What the form sends is what the API accepts.
    expect(ForecastSettings.safeParse(checked.input.settings).success).toBe(true);
  });

  it('gas and water as ratios over oil when asked (GOR, WOR), with oil as their rate base', () => {
    const checked = runInputFromForm({ ...defaults(), ratios: { gas: true, water: false } });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.input.settings!.phases!.gas).toEqual({ forecastType: 'ratio', basePhase: 'oil', start: 'peak' });
    expect(checked.input.settings!.phases!.water).toMatchObject({ model: 'arps_modified' });
    // Oil left out: the API refuses nothing here (oil may be stored as a rate), and the form shows it back.
    const settings = ForecastSettings.parse(checked.input.settings);
    expect(formFromSettings(settings).ratios).toEqual({ gas: true, water: false });
    expect(formFromSettings(settings).model).toBe('arps_modified');
  });

  it('names a configuration and a selection of wells when chosen', () => {
    const checked = runInputFromForm({
      ...defaults(),
      configurationId: 'c1',
      wells: 'selected',
      selected: ['w1', 'w2'],
    });
    expect(checked).toMatchObject({ ok: true, input: { configurationId: 'c1', wells: ['w1', 'w2'] } });
  });

  it('errors under the fields’ labels: not a number, b range inverted, no phase, no well picked, terminal out of range', () => {
    expect(runInputFromForm({ ...defaults(), bMax: 'two' })).toEqual({
      ok: false,
      errors: { bMax: 'Highest b must be a number (got "two")' },
    });
    const inverted = runInputFromForm({ ...defaults(), bMin: '1.5', bMax: '1' });
    expect(inverted).toMatchObject({
      ok: false,
      errors: { bMin: expect.stringMatching(/^Lowest b \(1\.5\) must not exceed highest b/) },
    });
    expect(runInputFromForm({ ...defaults(), phases: { oil: false, gas: false, water: false } })).toMatchObject({
      ok: false,
      errors: { phases: expect.stringContaining('at least one phase') },
    });
    expect(runInputFromForm({ ...defaults(), wells: 'selected' })).toMatchObject({
      ok: false,
      errors: { selected: 'Pick at least one well, or fit all wells' },
    });
    expect(runInputFromForm({ ...defaults(), terminalPercent: '0' })).toMatchObject({
      ok: false,
      errors: { terminalPercent: 'Terminal decline must be at least 0.1 %/yr' },
    });
  });

  it('reads numbers as an en-US user types them (the shared rule: separators group by three)', () => {
    expect(runInputFromForm({ ...defaults(), years: ' 30 ' })).toMatchObject({
      ok: true,
      input: { settings: { years: 30 } },
    });
    const grouped = runInputFromForm({ ...defaults(), years: '1,000' });
    expect(grouped.ok).toBe(false);
    expect(grouped.ok ? '' : grouped.errors.years).toMatch(/^Years after the last history point must be at most/);
    expect(runInputFromForm({ ...defaults(), bMax: ' 1.5 ' })).toMatchObject({ ok: true });
    expect(runInputFromForm({ ...defaults(), years: '1,00' })).toEqual({
      ok: false,
      errors: { years: 'Years after the last history point must be a number (got "1,00")' },
    });
    expect(runInputFromForm({ ...defaults(), years: '' })).toMatchObject({
      ok: false,
      errors: { years: expect.any(String) },
    });
  });

  it('places the API’s field errors on the form’s fields, worded with their labels', () => {
    expect(runFormPath('settings.phases.gas.bMin')).toBe('bMin');
    expect(runFormPath('settings.phases.oil.terminalDEff')).toBe('terminalPercent');
    expect(runFormPath('settings.years')).toBe('years');
    expect(runFormPath('wells[3]')).toBe('selected');
    expect(runFormPath('configurationId')).toBe('');
    const error = new HttpError(400, 'ValidationError', 'invalid', [
      { field: 'settings.phases.oil.bMax', rule: 'max', message: 'bMax must be at most 10' },
      { field: 'settings.phases.oil.terminalDEff', rule: 'max', message: 'terminalDEff must be at most 0.99' },
      { field: 'wells[0]', rule: 'exists', message: 'wells[0]: no such well in the forecast' },
      { field: 'configurationId', rule: 'exists', message: 'configurationId: no such configuration' },
    ]);
    const { errors, rest } = runServerErrors(error);
    expect(errors).toEqual({
      bMax: 'Highest b must be at most 10',
      terminalPercent: 'Terminal decline must be at most 99 %/yr',
      selected: 'Wells: no such well in the forecast',
    });
    expect(rest).toBeInstanceOf(HttpError);
    expect((rest as HttpError).message).toBe('Configuration id: no such configuration');
  });

  it('leaves an error that is not about fields to the banner as it is', () => {
    const error = new HttpError(503, 'Unavailable', 'try again', []);
    expect(runServerErrors(error)).toEqual({ errors: {}, rest: error });
  });

  it('loads a configuration’s settings into the form', () => {
    const settings = ForecastSettings.parse({
      phases: { gas: { model: 'exp_dec', start: 'first', bMax: 1.2 } },
      years: 30,
      overwrite: true,
    });
    expect(formFromSettings(settings, 'c9')).toMatchObject({
      configurationId: 'c9',
      phases: { oil: false, gas: true, water: false },
      model: 'exp_dec',
      start: 'first',
      bMax: '1.2',
      years: '30',
      overwrite: true,
    });
  });
});

describe('auto-forecast texts', () => {
  it('progress counts only what happened', () => {
    expect(
      runProgressText({ wellsTotal: 500, wellsDone: 120, wellsFitted: 100, wellsSkipped: 0, wellsFailed: 20 }),
    ).toBe('120 of 500 wells done · 100 fitted · 20 failed');
  });

  it('a phase: the fit with R² and EUR in its unit, or why there is none', () => {
    expect(
      phaseText(
        { status: 'fitted', segmentType: 'arps_modified', r2: 0.9712, eur: 123456.7, pointsExcluded: 2 },
        'gas',
      ),
    ).toBe('Modified Arps · R² 0.97 · EUR 123,457 MCF · 2 points left out');
    expect(phaseText({ status: 'fitted', segmentType: 'exp_dec', pointsExcluded: 1 }, 'oil')).toBe(
      'Exponential · 1 point left out',
    );
    expect(phaseText({ status: 'skipped', reason: 'no gas history (monthly)' }, 'gas')).toBe(
      'skipped: no gas history (monthly)',
    );
    expect(phaseText(undefined, 'oil')).toBe('—');
  });
});
