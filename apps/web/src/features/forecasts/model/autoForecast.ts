import {
  DEFAULT_TERMINAL_DEFF,
  FIT_MODELS,
  type FitModelName,
  type ForecastRun,
  type ForecastRunInput,
  type ForecastSettings,
  ForecastSettingsOverride,
  PHASES,
  type Phase,
  type PhaseFitResult,
} from '@econ/contract';
import { type FieldComplaint, leftForBanner, placeDetails } from '../../../lib/formErrors';
import { HttpError } from '../../../lib/http';
import { parseNumberInput } from '../../../lib/numberInput';

/*
 * The auto-forecast panel's form and texts (pure): what the engineer types (percent per year,
 * text fields) to the run's settings, validated by the contract, with errors under the fields' labels.
 */

/** Whether the console stops polling a run (the same rule as econ runs). */
export { isSettled as isRunSettled } from '../../scenarios/model/runs';

export const MODEL_LABELS: Record<FitModelName, string> = {
  arps_modified: 'Modified Arps',
  arps: 'Arps',
  exp_dec: 'Exponential',
  flat: 'Flat',
  linear: 'Linear',
};
export const MODELS = FIT_MODELS;

/** The form as typed: numbers as text, declines in percent per year. */
export interface AutoForecastForm {
  configurationId: string;
  phases: Record<Phase, boolean>;
  /** Gas and water fitted as ratios over oil (GOR, WOR) rather than as their own declines. */
  ratios: { gas: boolean; water: boolean };
  model: FitModelName;
  start: 'peak' | 'first';
  regressionType: 'rate' | 'cum';
  bMin: string;
  bMax: string;
  terminalPercent: string;
  years: string;
  overwrite: boolean;
  percentiles: boolean;
  wells: 'all' | 'selected';
  selected: string[];
}

export type FormField = 'phases' | 'bMin' | 'bMax' | 'terminalPercent' | 'years' | 'selected';

export const FIELD_LABELS: Record<FormField, string> = {
  phases: 'Phases',
  bMin: 'Lowest b',
  bMax: 'Highest b',
  terminalPercent: 'Terminal decline',
  years: 'Years after the last history point',
  selected: 'Wells',
};

/** The form showing settings (a configuration's, or the defaults): the first phase's model and constraints. */
export function formFromSettings(settings: ForecastSettings, configurationId = ''): AutoForecastForm {
  // The model and constraints shown are the first rate phase's (a ratio's model is its trend).
  const first =
    PHASES.map((p) => settings.phases[p]).find((s) => s !== undefined && s.forecastType !== 'ratio') ??
    PHASES.map((p) => settings.phases[p]).find((s) => s !== undefined);
  return {
    configurationId,
    phases: { oil: !!settings.phases.oil, gas: !!settings.phases.gas, water: !!settings.phases.water },
    ratios: {
      gas: settings.phases.gas?.forecastType === 'ratio',
      water: settings.phases.water?.forecastType === 'ratio',
    },
    model: first?.model ?? 'arps_modified',
    start: first?.start === 'first' ? 'first' : 'peak',
    regressionType: first?.regressionType ?? 'rate',
    bMin: String(first?.bMin ?? 0.01),
    bMax: String(first?.bMax ?? 2),
    terminalPercent: String(round((first?.terminalDEff ?? DEFAULT_TERMINAL_DEFF) * 100)),
    years: String(settings.years),
    overwrite: settings.overwrite,
    percentiles: settings.percentiles,
    wells: 'all',
    selected: [],
  };
}

const round = (x: number) => Math.round(x * 1e9) / 1e9;

const FIELD_OF: Record<string, FormField> = {
  bMin: 'bMin',
  bMax: 'bMax',
  terminalDEff: 'terminalPercent',
  years: 'years',
  phases: 'phases',
};

/**
 * Where an API path of a run's body lands on the form: a phase's constraint on its field
 * (`settings.phases.oil.bMin` → `bMin`, `…terminalDEff` → `terminalPercent`), the wells on the
 * well picker; '' (the banner) for the rest.
 */
export function runFormPath(apiPath: string): FormField | '' {
  if (/^wells\b/.test(apiPath)) return 'selected';
  const keys = apiPath
    .split(/[.[\]]/)
    .filter(Boolean)
    .reverse();
  const key = keys.find((k) => k in FIELD_OF);
  return key ? (FIELD_OF[key] ?? '') : '';
}

/**
 * An error of starting a run or saving a configuration, placed like every form's (decision 057):
 * the field errors by form field, worded with the labels, and what is left for the banner.
 */
export function runServerErrors(error: unknown): { errors: Partial<Record<FormField, string>>; rest: unknown } {
  if (!(error instanceof HttpError) || error.details.length === 0) return { errors: {}, rest: error };
  const errors: Partial<Record<FormField, string>> = {};
  const left = placeRunErrors(error.details, errors);
  return { errors, rest: leftForBanner(error, left, FIELD_LABELS) };
}

export type Checked = { ok: true; input: ForecastRunInput } | { ok: false; errors: Partial<Record<FormField, string>> };

/**
 * The run's body from the form: each chosen phase gets the model and constraints; a configuration
 * (if chosen) is named and the form's settings are sent over it. Errors name the field's label.
 */
export function runInputFromForm(form: AutoForecastForm): Checked {
  const errors: Partial<Record<FormField, string>> = {};
  const number = (field: FormField, text: string) => {
    const n = parseNumberInput(text);
    if (Number.isNaN(n)) errors[field] = `${FIELD_LABELS[field]} must be a number (got "${text}")`;
    return n;
  };
  const bMin = number('bMin', form.bMin);
  const bMax = number('bMax', form.bMax);
  const terminal = number('terminalPercent', form.terminalPercent);
  const years = number('years', form.years);
  if (form.wells === 'selected' && form.selected.length === 0)
    errors.selected = 'Pick at least one well, or fit all wells';
  const phase = {
    model: form.model,
    start: form.start,
    regressionType: form.regressionType,
    bMin,
    bMax,
    terminalDEff: round(terminal / 100),
  };
  const settings = {
    phases: Object.fromEntries(
      PHASES.filter((p) => form.phases[p]).map((p) => [
        p,
        p !== 'oil' && form.ratios[p] ? { forecastType: 'ratio', basePhase: 'oil', start: form.start } : phase,
      ]),
    ),
    overwrite: form.overwrite,
    percentiles: form.percentiles,
    years,
  };
  if (Object.keys(errors).length === 0) {
    const parsed = ForecastSettingsOverride.safeParse(settings);
    if (!parsed.success) {
      // The contract's issues the way the API's are placed; those of no field stand on the phases.
      const issues = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      placeRunErrors(issues, errors, 'phases');
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      ...(form.configurationId ? { configurationId: form.configurationId } : {}),
      settings: settings as ForecastRunInput['settings'],
      ...(form.wells === 'selected' ? { wells: form.selected } : {}),
    },
  };
}

/**
 * Places complaints about a run's body on the form's fields (`errors`, the first per field), worded
 * with the labels (decision 057); returns the others. The API states the terminal decline as a
 * fraction and names the b bounds by key; the form shows percent per year and "lowest b".
 */
function placeRunErrors<D extends FieldComplaint>(
  details: readonly D[],
  errors: Partial<Record<FormField, string>>,
  fallback: FormField | '' = '',
): D[] {
  const worded = details.map((d) => ({
    ...d,
    message: d.message
      .replace(/\bterminalDEff must be at least 0\.001\b/, 'terminalPercent must be at least 0.1 %/yr')
      .replace(/\bterminalDEff must be at most 0\.99\b/, 'terminalPercent must be at most 99 %/yr')
      .replace(/(\s|\()bMin\b/g, '$1lowest b')
      .replace(/(\s|\()bMax\b/g, '$1highest b'),
  }));
  return placeDetails(
    worded,
    (path) => path in FIELD_LABELS,
    (path, message) => {
      errors[path as FormField] ??= message;
    },
    FIELD_LABELS,
    (apiPath) => runFormPath(apiPath) || fallback,
  );
}

const integer = new Intl.NumberFormat('en-US');
const volume = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `120 of 500 wells done · 100 fitted · 15 skipped · 5 failed`. */
export function runProgressText(p: ForecastRun['progress']): string {
  const parts = [`${integer.format(p.wellsDone)} of ${integer.format(p.wellsTotal)} wells done`];
  if (p.wellsFitted) parts.push(`${integer.format(p.wellsFitted)} fitted`);
  if (p.wellsSkipped) parts.push(`${integer.format(p.wellsSkipped)} skipped`);
  if (p.wellsFailed) parts.push(`${integer.format(p.wellsFailed)} failed`);
  return parts.join(' · ');
}

const UNIT: Record<Phase, string> = { oil: 'BBL', gas: 'MCF', water: 'BBL' };

/** One phase's cell: the fit (model, R², EUR with its unit, points left out) or why there is none. */
export function phaseText(r: PhaseFitResult | undefined, phase: Phase): string {
  if (!r) return '—';
  if (r.status !== 'fitted') return `${r.status}: ${r.reason ?? 'no reason given'}`;
  const parts = [MODEL_LABELS[r.segmentType as FitModelName] ?? r.segmentType ?? 'fitted'];
  if (r.r2 !== undefined) parts.push(`R² ${r.r2.toFixed(2)}`);
  if (r.eur !== undefined) parts.push(`EUR ${volume.format(r.eur)} ${UNIT[phase]}`);
  if (r.pointsExcluded) parts.push(`${r.pointsExcluded} point${r.pointsExcluded === 1 ? '' : 's'} left out`);
  return parts.join(' · ');
}
