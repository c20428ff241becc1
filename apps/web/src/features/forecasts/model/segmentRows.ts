import { SEGMENT_FIELDS, type SegmentField, type SegmentType, type SegmentView } from '@econ/contract';

/**
 * The segment table's rows: what a person types, as text, so a half-typed number stays on screen.
 * A row keeps a value for every field (switching its type back and forth loses nothing); which of
 * them it sends depends on its type (SEGMENT_FIELDS) and on `rateOf`, the one decline it is entered
 * by (arps, exp and arps_modified: `d` or `dEff`; linear: `slope` or `dEff`).
 */
export interface SegmentRow {
  /** Stable identity for React keys and for errors that must follow a row when rows move. */
  key: string;
  segmentType: SegmentType;
  startDate: string;
  endDate: string;
  values: Record<SegmentField, string>;
  /** The decline the row is entered by. */
  declineBy: DeclineField;
  /** The row starts at the rate the row before it ends at, and follows it (model/chain.ts). */
  chained?: boolean;
}

export type DeclineField = 'd' | 'dEff' | 'slope';
/** A field of a row an error can stand next to; `row` for what belongs to the whole row. */
export type RowField = 'segmentType' | 'startDate' | 'endDate' | SegmentField | 'row';

/** What a row sends: its type, dates and its fields as numbers (text that is no number is sent as is). */
export type SegmentPayload = {
  segmentType: SegmentType;
  startDate: string;
  endDate: string;
} & Partial<Record<SegmentField, number | string>>;

/** A row's values before anything is typed. */
export const EMPTY_VALUES: Record<SegmentField, string> = {
  qStart: '',
  b: '',
  d: '',
  dEff: '',
  slope: '',
  realizedDEffSw: '',
};

let counter = 0;
/** A new row key (unique within the page's life). */
export const newRowKey = (): string => `r${++counter}`;

/** The declines a type can be entered by: one of these is shown, never two. */
export function declineChoices(type: SegmentType): readonly DeclineField[] {
  if (type === 'linear') return ['slope', 'dEff'];
  const fields: readonly string[] = SEGMENT_FIELDS[type];
  return fields.includes('d') ? ['d', 'dEff'] : [];
}

/**
 * The inputs a row shows, in order: its type's fields (SEGMENT_FIELDS) with only the decline it is
 * entered by.
 */
export function visibleFields(row: Pick<SegmentRow, 'segmentType' | 'declineBy'>): SegmentField[] {
  const choices = declineChoices(row.segmentType);
  const by = choices.includes(row.declineBy) ? row.declineBy : choices[0];
  const fields: readonly SegmentField[] = SEGMENT_FIELDS[row.segmentType];
  // The rate, then its decline, then the shape (b, the switch): the order they are read in.
  const rest = fields.filter((f) => f !== 'qStart' && !choices.includes(f as DeclineField));
  return [...fields.filter((f) => f === 'qStart'), ...(by ? [by] : []), ...rest];
}

/**
 * The decline a row of this type is entered by: the current choice when the type takes it and it
 * holds a value, else the type's usual one (linear: slope; the others: dEff).
 */
export function declineFor(
  type: SegmentType,
  current: DeclineField,
  values?: Record<SegmentField, string>,
): DeclineField {
  const choices = declineChoices(type);
  const usual: DeclineField = type === 'linear' ? 'slope' : 'dEff';
  if (choices.includes(current) && (current === usual || values?.[current]?.trim())) return current;
  return choices.length ? usual : current;
}

const parseNumber = (text: string): number | string => {
  const t = text.trim();
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : t;
};

/** The segment a row sends (only its visible fields; empty fields are left out). */
export function rowToPayload(row: SegmentRow): SegmentPayload {
  const out: SegmentPayload = { segmentType: row.segmentType, startDate: row.startDate, endDate: row.endDate };
  for (const field of visibleFields(row)) {
    const text = row.values[field];
    if (text.trim() !== '') out[field] = parseNumber(text);
  }
  return out;
}

/** Numbers as an input shows them: up to 10 significant digits, so float noise does not show. */
export const numberText = (v: number | undefined): string => (v === undefined ? '' : String(Number(v.toPrecision(10))));

/**
 * Rows from stored segments. The view carries both declines (one of them computed); the row is
 * entered by the one with the shorter text, which is the one a person typed in nearly every case.
 */
export function rowsFromView(segments: readonly SegmentView[]): SegmentRow[] {
  return segments.map((s) => {
    const values: Record<SegmentField, string> = {
      qStart: s.segmentType === 'empty' ? '' : numberText(s.qStart),
      b: numberText(s.b),
      d: numberText(s.d),
      dEff: numberText(s.dEff),
      slope: numberText(s.slope),
      realizedDEffSw: numberText(s.realizedDEffSw),
    };
    let declineBy: DeclineField = 'dEff';
    if (s.segmentType === 'linear') declineBy = 'slope';
    else if (values.d !== '' && values.d.length < values.dEff.length) declineBy = 'd';
    return {
      key: newRowKey(),
      segmentType: s.segmentType,
      startDate: s.startDate,
      endDate: s.endDate,
      values,
      declineBy,
    };
  });
}
