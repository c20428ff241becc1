import {
  FIT_SERIES,
  type FitSeriesKey,
  type FitType,
  type FitView,
  PHASES,
  type Phase,
  type RegressionType,
  type SegmentView,
  TypeCurveFitsInput,
  type TypeCurveFitsView,
} from '@econ/contract';
import { type Issues, noIssues, placeIssue } from '../../forecasts/model/issues';
import { declineChoices, rowsFromView, rowToPayload, type SegmentRow } from '../../forecasts/model/segmentRows';

/**
 * The fit editor's state (spec part 2.9, `GET|PUT /{id}/fits`): per phase its settings and, per
 * series, the segment rows of the forecast segment editor. A rate fit's series sit on the fit, a
 * ratio fit's under `ratio`; here both are `series`, and the body puts them where they belong.
 */
export interface PhaseFit {
  fitType: FitType;
  regressionType: RegressionType;
  eurPercentileMatched: boolean;
  /** The base phase of a ratio fit (kept while the fit is a rate fit, so switching back restores it). */
  basePhase: Phase;
  series: Record<FitSeriesKey, SegmentRow[]>;
}
export type FitsDraft = Partial<Record<Phase, PhaseFit>>;

/** The phase settings an error can stand next to. */
export type PhaseField = 'fitType' | 'regressionType' | 'eurPercentileMatched' | 'basePhase';

/** Messages of the whole editor: per phase and series (rows, as the segment table reads them), per phase setting, and the rest. */
export interface FitIssues {
  series: Record<string, Issues>;
  phase: Partial<Record<Phase, Partial<Record<PhaseField, string>>>>;
  general: string[];
}
export const noFitIssues = (): FitIssues => ({ series: {}, phase: {}, general: [] });
export const seriesKey = (phase: Phase, series: FitSeriesKey): string => `${phase}/${series}`;

export function fitIssueCount(i: FitIssues): number {
  let n = i.general.length;
  for (const s of Object.values(i.series)) {
    n += s.general.length + Object.values(s.rows).reduce((m, r) => m + Object.keys(r).length, 0);
  }
  for (const p of Object.values(i.phase)) n += Object.keys(p ?? {}).length;
  return n;
}

const emptySeries = (): Record<FitSeriesKey, SegmentRow[]> => ({ best: [], p10: [], p50: [], p90: [] });

/**
 * Rows from a fit's stored segments. A fit stores only the fields that were sent (one of d or dEff),
 * so a row is entered by the decline that holds a value.
 */
export function rowsFromFitSegments(segments: readonly Omit<SegmentView, 'qStart' | 'qEnd'>[]): SegmentRow[] {
  return rowsFromView(segments as SegmentView[]).map((row) => {
    if (row.values[row.declineBy].trim() !== '') return row;
    const other = declineChoices(row.segmentType).find((f) => f !== row.declineBy && row.values[f].trim() !== '');
    return other ? { ...row, declineBy: other } : row;
  });
}

/** The other phase a new ratio fit of `phase` is most likely based on: a rate fit of the draft, else oil (gas for oil). */
export function defaultBasePhase(phase: Phase, draft: FitsDraft): Phase {
  const others = PHASES.filter((p) => p !== phase);
  return others.find((p) => draft[p]?.fitType === 'rate') ?? others[0]!;
}

function phaseFromView(phase: Phase, view: FitView, draft: FitsDraft): PhaseFit {
  const source = view.fitType === 'ratio' ? view.ratio : view;
  const series = emptySeries();
  for (const key of FIT_SERIES) {
    const s = source?.[key];
    if (s) series[key] = rowsFromFitSegments(s.segments);
  }
  return {
    fitType: view.fitType,
    regressionType: view.regressionType,
    eurPercentileMatched: view.eurPercentileMatched,
    basePhase: view.ratio?.basePhase ?? defaultBasePhase(phase, draft),
    series,
  };
}

/** The editor's state from `GET /{id}/fits`. */
export function fitsDraftFromView(view: TypeCurveFitsView): FitsDraft {
  const draft: FitsDraft = {};
  for (const phase of PHASES) {
    const fit = view[phase];
    if (fit) draft[phase] = phaseFromView(phase, fit, draft);
  }
  return draft;
}

/** A new fit for a phase without one: a rate fit (cum regression, the usual choice) with no segments yet. */
export function newPhaseFit(phase: Phase, draft: FitsDraft): PhaseFit {
  return {
    fitType: 'rate',
    regressionType: 'cum',
    eurPercentileMatched: false,
    basePhase: defaultBasePhase(phase, draft),
    series: emptySeries(),
  };
}

/** Switches a fit between rate and ratio; a ratio fit cannot be EUR-percentile matched (spec part 2.9). */
export function setFitType(fit: PhaseFit, fitType: FitType): PhaseFit {
  return { ...fit, fitType, eurPercentileMatched: fitType === 'ratio' ? false : fit.eurPercentileMatched };
}

/** The series of a fit that hold segments, in the spec's order. */
export const filledSeries = (fit: PhaseFit): FitSeriesKey[] => FIT_SERIES.filter((k) => fit.series[k].length > 0);

/** The segments of one series as `PUT /{id}/fits` takes them: numbered 0, 1, 2… in order. */
export const seriesBody = (rows: readonly SegmentRow[]) => ({
  segments: rows.map((row, segmentIndex) => ({ segmentIndex, ...rowToPayload(row) })),
});

/** One phase as sent: series without segments are left out (a series with none is refused). */
export function phaseBody(fit: PhaseFit): Record<string, unknown> {
  const series: Record<string, unknown> = {};
  for (const key of filledSeries(fit)) series[key] = seriesBody(fit.series[key]);
  const head = {
    fitType: fit.fitType,
    regressionType: fit.regressionType,
    eurPercentileMatched: fit.eurPercentileMatched,
  };
  return fit.fitType === 'ratio' ? { ...head, ratio: { basePhase: fit.basePhase, ...series } } : { ...head, ...series };
}

/** The body of `PUT /{id}/fits`: a full replace, so a phase left out here is deleted. */
export function fitsBody(draft: FitsDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const phase of PHASES) {
    const fit = draft[phase];
    if (fit) body[phase] = phaseBody(fit);
  }
  return body;
}

/** Whether the draft sends something else than `base` (what the server holds). */
export const fitsDirty = (draft: FitsDraft, base: FitsDraft): boolean =>
  JSON.stringify(fitsBody(draft)) !== JSON.stringify(fitsBody(base));

const PHASE_FIELDS: readonly string[] = ['fitType', 'regressionType', 'eurPercentileMatched'];

/**
 * Places one message by its path in the body (`['gas', 'ratio', 'best', 'segments', 0, 'dEff']`,
 * `['oil', 'fitType']`): next to a row's field, a phase setting, or in the general list.
 */
export function placeFitIssue(
  issues: FitIssues,
  draft: FitsDraft,
  path: readonly PropertyKey[],
  message: string,
): void {
  const [phase, ...rest] = path;
  const fit = typeof phase === 'string' ? draft[phase as Phase] : undefined;
  if (!fit) {
    if (!issues.general.includes(message)) issues.general.push(message);
    return;
  }
  const p = phase as Phase;
  const inRatio = rest[0] === 'ratio';
  const tail = inRatio ? rest.slice(1) : rest;
  const [head, ...seriesPath] = tail;
  const setting =
    inRatio && head === 'basePhase' ? 'basePhase' : !inRatio && PHASE_FIELDS.includes(String(head)) ? head : undefined;
  if (setting !== undefined) {
    const forPhase = issues.phase[p] ?? {};
    forPhase[setting as PhaseField] ??= message;
    issues.phase[p] = forPhase;
    return;
  }
  if ((FIT_SERIES as readonly PropertyKey[]).includes(head as PropertyKey)) {
    const key = seriesKey(p, head as FitSeriesKey);
    const target = issues.series[key] ?? noIssues();
    issues.series[key] = target;
    placeIssue(target, fit.series[head as FitSeriesKey], seriesPath, message);
    return;
  }
  const text = `${p}${inRatio ? '.ratio' : ''}${head === undefined ? '' : `.${String(head)}`}: ${message}`;
  if (!issues.general.includes(text)) issues.general.push(text);
}

/** Checks the draft with the contract's own schema (TypeCurveFitsInput), as the API will. */
export function validateFits(draft: FitsDraft): FitIssues {
  const issues = noFitIssues();
  const result = TypeCurveFitsInput.safeParse(fitsBody(draft));
  if (!result.success) for (const i of result.error.issues) placeFitIssue(issues, draft, i.path, i.message);
  return issues;
}

/** `oil.best.segments[0].dEff` → `['oil', 'best', 'segments', 0, 'dEff']`. */
export function detailPath(field: string): PropertyKey[] {
  if (field === '') return [];
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '')
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Places the `details` of a 400 answer to `PUT /{id}/fits` (the message without a leading `field: `). */
export function placeServerFitErrors(
  details: readonly { field: string; message: string }[],
  draft: FitsDraft,
): FitIssues {
  const issues = noFitIssues();
  for (const d of details) {
    const message = d.field && d.message.startsWith(`${d.field}: `) ? d.message.slice(d.field.length + 2) : d.message;
    placeFitIssue(issues, draft, detailPath(d.field), message);
  }
  return issues;
}

/** Client and server messages together; the client's (about what is on screen now) win. */
export function mergeFitIssues(client: FitIssues, server: FitIssues | undefined): FitIssues {
  if (!server) return client;
  const out = noFitIssues();
  for (const key of new Set([...Object.keys(server.series), ...Object.keys(client.series)])) {
    const a = server.series[key];
    const b = client.series[key];
    const rows: Issues['rows'] = { ...a?.rows };
    for (const [k, v] of Object.entries(b?.rows ?? {})) rows[k] = { ...rows[k], ...v };
    out.series[key] = {
      rows,
      settings: { ...a?.settings, ...b?.settings },
      general: [...new Set([...(a?.general ?? []), ...(b?.general ?? [])])],
    };
  }
  for (const p of PHASES) {
    const merged = { ...server.phase[p], ...client.phase[p] };
    if (Object.keys(merged).length) out.phase[p] = merged;
  }
  out.general = [...new Set([...server.general, ...client.general])];
  return out;
}
