import type { ForecastParameterError } from '@econ/contract';
import { type RowField, type SegmentRow, visibleFields } from './segmentRows';

export type SettingsField = 'forecastType' | 'basePhase' | 'dataFrequency';
const SETTINGS: readonly string[] = ['forecastType', 'basePhase', 'dataFrequency'];

/** Messages placed where a person reads them: next to a row's field, a setting, or above the table. */
export interface Issues {
  /** By row key (not index: rows move), then by field; `row` for the row as a whole. */
  rows: Record<string, Partial<Record<RowField, string>>>;
  settings: Partial<Record<SettingsField, string>>;
  general: string[];
}

export const noIssues = (): Issues => ({ rows: {}, settings: {}, general: [] });

export const issueCount = (i: Issues): number =>
  Object.values(i.rows).reduce((n, r) => n + Object.keys(r).length, 0) +
  Object.keys(i.settings).length +
  i.general.length;

/** The input a message about `field` stands next to in `row`: the row's decline when it names the other one. */
function fieldInRow(row: SegmentRow, field: unknown): RowField {
  if (field === 'segmentType' || field === 'startDate' || field === 'endDate') return field;
  const shown: readonly string[] = visibleFields(row);
  if (typeof field === 'string' && shown.includes(field)) return field as RowField;
  // "d or dEff is required" names d; a row entered by dEff (or slope) shows it there.
  if ((field === 'd' || field === 'dEff' || field === 'slope') && shown.includes(row.declineBy)) return row.declineBy;
  return 'row';
}

/**
 * Places one message by its path within a record (`['segments', 2, 'dEff']`, `['basePhase']`).
 * The first message for a place stays; later ones for the same place are dropped.
 */
export function placeIssue(
  issues: Issues,
  rows: readonly SegmentRow[],
  path: readonly PropertyKey[],
  message: string,
): void {
  const [head, index, field] = path;
  if (head === 'segments' && typeof index === 'number') {
    const row = rows[index];
    if (row) {
      const place = fieldInRow(row, field);
      const forRow = issues.rows[row.key] ?? {};
      forRow[place] ??= message;
      issues.rows[row.key] = forRow;
      return;
    }
    issues.general.push(`Segment ${index + 1}: ${message}`);
    return;
  }
  if (typeof head === 'string' && SETTINGS.includes(head)) {
    issues.settings[head as SettingsField] ??= message;
    return;
  }
  if (!issues.general.includes(message)) issues.general.push(message);
}

/**
 * The path of a server error's `field`: the single-combination route names `[2].dEff` (an index
 * into its body), the bulk route `segments[2].dEff` (within the record); `basePhase` stays itself.
 */
export function errorPath(field: string): PropertyKey[] {
  const m = /^(segments)?\[(\d+)\](?:\.(\w+))?/.exec(field);
  if (m) return ['segments', Number(m[2]), ...(m[3] ? [m[3]] : [])];
  return field === '' ? [] : field.split('.');
}

/**
 * Places the errors a server answered for one record. `recordIndexIsSegment` is true for the
 * single-combination route, whose `recordIndex` is the segment's index (used when `field` has none).
 */
export function placeServerErrors(
  errors: readonly ForecastParameterError[],
  rows: readonly SegmentRow[],
  recordIndexIsSegment: boolean,
  general: readonly string[] = [],
): Issues {
  const issues = noIssues();
  for (const e of errors) {
    let path = errorPath(e.field);
    if (path[0] !== 'segments' && recordIndexIsSegment && isSegmentField(path[0])) {
      path = ['segments', e.recordIndex, ...path];
    }
    // Some servers lead the message with the field it names ("segments[0].dEff: …"); it stands next to that field.
    const message = e.message.startsWith(`${e.field}: `) ? e.message.slice(e.field.length + 2) : e.message;
    placeIssue(issues, rows, path, message);
  }
  for (const g of general) if (!issues.general.includes(g)) issues.general.push(g);
  return issues;
}

const isSegmentField = (f: PropertyKey | undefined): boolean =>
  typeof f === 'string' &&
  ['segmentType', 'startDate', 'endDate', 'qStart', 'd', 'dEff', 'b', 'slope', 'realizedDEffSw'].includes(f);

/** Drops the server's message for one place, once a person has changed what it was about. */
export function withoutIssue(issues: Issues | undefined, rowKey: string | undefined, field: RowField | SettingsField) {
  if (!issues) return issues;
  if (rowKey === undefined) {
    const { [field as SettingsField]: _, ...settings } = issues.settings;
    return { ...issues, settings };
  }
  const forRow = issues.rows[rowKey];
  if (!forRow) return issues;
  const { [field as RowField]: _drop, row: _row, ...rest } = forRow;
  return { ...issues, rows: { ...issues.rows, [rowKey]: rest } };
}
