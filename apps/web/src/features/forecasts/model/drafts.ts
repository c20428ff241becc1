import {
  contiguityIssue,
  type DataFrequency,
  type ForecastKind,
  ForecastParameterInput,
  type ForecastParameterView,
  type Phase,
  type Series,
} from '@econ/contract';
import { inferChains } from './chain';
import { isDate } from './dates';
import { type Issues, noIssues, placeIssue } from './issues';
import { rowsFromView, rowToPayload, type SegmentPayload, type SegmentRow } from './segmentRows';

/** One well, phase and series of a forecast: what a parameter set is addressed by (spec part 4.3). */
export interface Combo {
  well: string;
  phase: Phase;
  series: Series;
}
export const comboKey = (c: Combo): string => `${c.well}/${c.phase}/${c.series}`;

export interface Settings {
  forecastType: ForecastKind;
  basePhase: Phase | undefined;
  dataFrequency: DataFrequency;
}

/** What the API stores for a combination written without these fields (the V1 single route). */
export const DEFAULT_SETTINGS: Settings = { forecastType: 'rate', basePhase: undefined, dataFrequency: 'monthly' };

/**
 * The edits of one combination, kept until they are saved or discarded. `base` is what the server
 * holds (to tell whether anything changed); `server` the errors of the last save that failed.
 */
export interface Draft {
  combo: Combo;
  rows: SegmentRow[];
  settings: Settings;
  base: { payload: string; settings: Settings; stored: boolean };
  server?: Issues | undefined;
}

const payloadText = (rows: readonly SegmentRow[]) => JSON.stringify(rows.map(rowToPayload));

/**
 * A draft that starts from what the server holds. With no segments stored, the view still carries
 * the phase's kind (shared by its series), so a new series starts from it.
 */
export function draftFromView(combo: Combo, view: ForecastParameterView | null): Draft {
  const rows = view ? inferChains(rowsFromView(view.segments)) : [];
  const settings: Settings = view
    ? { forecastType: view.forecastType, basePhase: view.basePhase, dataFrequency: view.dataFrequency }
    : DEFAULT_SETTINGS;
  const stored = view !== null && view.segments.length > 0;
  return { combo, rows, settings, base: { payload: payloadText(rows), settings, stored } };
}

export const sameSettings = (a: Settings, b: Settings): boolean =>
  a.forecastType === b.forecastType &&
  (a.forecastType === 'rate' || a.basePhase === b.basePhase) &&
  a.dataFrequency === b.dataFrequency;

/** Whether the forecast type, base phase or data frequency differ from what is stored (the single PUT cannot change them). */
export const settingsChanged = (d: Draft): boolean => !sameSettings(d.settings, d.base.settings);

/** Whether a draft holds anything the server does not. */
export const isDirty = (d: Draft): boolean => settingsChanged(d) || payloadText(d.rows) !== d.base.payload;

/** The segments of a draft as the single-combination PUT takes them. */
export const draftSegments = (d: Draft): SegmentPayload[] => d.rows.map(rowToPayload);

/** A draft as one record of the bulk PUT (spec part 2.8, V2 input object). */
export function draftRecord(d: Draft) {
  return {
    well: d.combo.well,
    forecastType: d.settings.forecastType,
    phase: d.combo.phase,
    series: d.combo.series,
    segments: draftSegments(d),
    dataFrequency: d.settings.dataFrequency,
    ...(d.settings.forecastType === 'ratio' && d.settings.basePhase ? { basePhase: d.settings.basePhase } : {}),
  };
}

/**
 * Checks a draft with the contract's own schema (ForecastParameterInput: each segment by
 * SegmentInput, the list by SegmentList, the settings) and places every message by its field.
 * The list's contiguity check only runs once every segment is valid, so it is repeated here on
 * the dates alone, to show a gap while another row is still being typed.
 */
export function validateDraft(d: Draft): Issues {
  const issues = noIssues();
  const result = ForecastParameterInput.safeParse(draftRecord(d));
  if (!result.success) for (const i of result.error.issues) placeIssue(issues, d.rows, i.path, i.message);
  if (d.rows.every((r) => isDate(r.startDate) && isDate(r.endDate))) {
    const gap = contiguityIssue(
      d.rows.map((r) => ({ segmentType: r.segmentType, startDate: r.startDate, endDate: r.endDate })),
    );
    if (gap) placeIssue(issues, d.rows, ['segments', gap.index, 'startDate'], gap.message);
  }
  return issues;
}
