import { type FitModel, type FitOptions, toDayIndex } from '@econ/decline';
import { z } from 'zod';
import { isDate } from './dates';

/**
 * The "Fit to history" options as typed: text, so a half-typed number stays on screen. Declines
 * are typed in percent per year (what engineers say) and sent as the decimal the API stores.
 * A new option of the fitter is a field here, its label, its default and a line in `FitForm`.
 */
export interface FitFormValues {
  model: FitModel;
  /** Where the fit starts: the peak (default), the first producing point, or `startDate`. */
  start: 'peak' | 'first' | 'date';
  /** YYYY-MM-DD, picked on the chart or typed (start `date`). */
  startDate: string;
  bMin: string;
  bMax: string;
  dEffMinPct: string;
  dEffMaxPct: string;
  /** arps_modified: the terminal effective decline, percent per year. */
  terminalPct: string;
  /** A fixed start rate per day; empty: fitted. */
  qStart: string;
  /** Least squares on log rate, or on the cumulative volume. */
  regression: 'rate' | 'cum';
  /** Rate regression: weights recent data, a point this many days before the last counting half; empty: none. */
  halfLifeDays: string;
}
export type FitField = Exclude<keyof FitFormValues, 'model' | 'start' | 'regression'>;

export const FIT_MODELS: readonly { model: FitModel; label: string }[] = [
  { model: 'arps', label: 'Arps' },
  { model: 'arps_modified', label: 'Modified Arps (terminal decline)' },
  { model: 'exp_dec', label: 'Exponential' },
  { model: 'linear', label: 'Linear' },
  { model: 'flat', label: 'Flat' },
];

/** The fitter's defaults: b 0.01–2 (issue 18), effective decline 0–99 %/yr, terminal 8 %/yr. */
export const DEFAULT_FIT_FORM: FitFormValues = {
  model: 'arps',
  start: 'peak',
  startDate: '',
  bMin: '0.01',
  bMax: '2',
  dEffMinPct: '0',
  dEffMaxPct: '99',
  terminalPct: '8',
  qStart: '',
  regression: 'rate',
  halfLifeDays: '',
};

/** Each field's label: the inputs show it and every error message starts with it. */
export const FIT_FIELD_LABEL: Record<FitField, string> = {
  startDate: 'Start date',
  bMin: 'Minimum b',
  bMax: 'Maximum b',
  dEffMinPct: 'Minimum decline',
  dEffMaxPct: 'Maximum decline',
  terminalPct: 'Terminal decline',
  qStart: 'Fixed qStart',
  halfLifeDays: 'Recent-data half-life',
};

/** The fields a model reads (the others are neither checked nor sent). */
export function fitFieldsOf(model: FitModel): FitField[] {
  if (model === 'flat' || model === 'linear') return ['qStart', 'halfLifeDays'];
  const declines: FitField[] = ['dEffMinPct', 'dEffMaxPct', 'qStart', 'halfLifeDays'];
  if (model === 'exp_dec') return declines;
  if (model === 'arps') return ['bMin', 'bMax', ...declines];
  return ['bMin', 'bMax', ...declines, 'terminalPct'];
}

/** A percent as the decimal the API stores: 8 → 0.08 (rounded off float noise). */
export const percentToDecimal = (pct: number): number => Number((pct / 100).toPrecision(12));

/** What the form gives the fitter: every option but the end day and the excluded points, known by the editor. */
export type FormOptions = Omit<FitOptions, 'endDay' | 'exclude'>;

/**
 * The form checked and turned into the fitter's options. Each message names the field by its
 * label, says the rule and the value typed. Only the fields the model reads are checked.
 */
export const FitForm = z
  .object({
    model: z.enum(['exp_dec', 'arps', 'arps_modified', 'flat', 'linear']),
    start: z.enum(['peak', 'first', 'date']),
    startDate: z.string(),
    bMin: z.string(),
    bMax: z.string(),
    dEffMinPct: z.string(),
    dEffMaxPct: z.string(),
    terminalPct: z.string(),
    qStart: z.string(),
    regression: z.enum(['rate', 'cum']),
    halfLifeDays: z.string(),
  })
  .transform((v, ctx): FormOptions => {
    const fields = fitFieldsOf(v.model);
    const fail = (field: FitField, rule: string) => {
      ctx.addIssue({ code: 'custom', path: [field], message: `${FIT_FIELD_LABEL[field]} ${rule}` });
    };
    /** The field's number when it is typed, in [min, max] (or below max when `openMax`); else an issue. */
    const number = (field: FitField, min: number, max: number, openMax = false): number | undefined => {
      if (!fields.includes(field)) return undefined;
      const text = v[field].trim();
      const n = Number(text);
      if (text === '' || !Number.isFinite(n)) {
        fail(field, text === '' ? 'is required' : `must be a number (typed "${text}")`);
        return undefined;
      }
      if (n < min || (openMax ? n >= max : n > max)) {
        fail(field, `must be ${openMax ? `from ${min} to below ${max}` : `between ${min} and ${max}`} (typed ${n})`);
        return undefined;
      }
      return n;
    };
    const out: FormOptions = { model: v.model, regression: v.regression };
    if (v.halfLifeDays.trim() !== '') {
      const h = Number(v.halfLifeDays.trim());
      if (v.regression === 'cum') fail('halfLifeDays', 'applies to rate regression only (leave it empty for cum)');
      else if (!Number.isInteger(h) || h < 1)
        fail('halfLifeDays', `must be a whole number of days, 1 or more (typed "${v.halfLifeDays.trim()}")`);
      else out.recentWeight = { halfLifeDays: h };
    }
    if (v.start === 'date') {
      if (!isDate(v.startDate))
        fail(
          'startDate',
          v.startDate
            ? `must be a date YYYY-MM-DD (typed "${v.startDate}")`
            : 'is required: click the chart or type it',
        );
      else out.start = toDayIndex(v.startDate);
    } else out.start = v.start;
    const bMin = number('bMin', 0, 10);
    const bMax = number('bMax', 0, 10);
    if (bMin !== undefined && bMax !== undefined) {
      if (bMin > bMax) fail('bMin', `must not be above the maximum b (${bMin} > ${bMax})`);
      else out.bRange = [bMin, bMax];
    }
    const dMin = number('dEffMinPct', 0, 100, true);
    const dMax = number('dEffMaxPct', 0, 100, true);
    if (dMin !== undefined && dMax !== undefined) {
      if (dMin > dMax) fail('dEffMinPct', `must not be above the maximum decline (${dMin} > ${dMax} %/yr)`);
      else out.dEffRange = [percentToDecimal(dMin), percentToDecimal(dMax)];
    }
    const terminal = number('terminalPct', 0, 100, true);
    if (terminal !== undefined) {
      if (terminal === 0) fail('terminalPct', 'must be above 0 %/yr');
      else out.terminalDEff = percentToDecimal(terminal);
    }
    if (fields.includes('qStart') && v.qStart.trim() !== '') {
      const q = number('qStart', 0, 1e9);
      if (q === 0) fail('qStart', 'must be above 0 (leave it empty to fit it)');
      else if (q !== undefined) out.qStart = q;
    }
    return out;
  });

/** The fitter's options but the end day (the editor's forecast end, `fitToHistory`). */
export type FitRequest = Omit<FitOptions, 'endDay'>;

/** The form's outcome: the fitter's options, or one message per field that is wrong. */
export type FitFormResult =
  | { ok: true; options: FitRequest }
  | { ok: false; errors: Partial<Record<FitField, string>> };

/** Checks the form and adds the points the person left out (clicked off the chart). */
export function fitOptionsFrom(values: FitFormValues, known: { exclude: readonly number[] }): FitFormResult {
  const parsed = FitForm.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<FitField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FitField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, options: { ...parsed.data, exclude: known.exclude } };
}
