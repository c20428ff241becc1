import {
  FIT_SERIES,
  FIT_TYPES,
  type FitSeriesKey,
  type FitType,
  PHASES,
  type Phase,
  REGRESSION_TYPES,
  type RegressionType,
  type SegmentField,
} from '@econ/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Report } from '../../../components/Banner';
import { HttpError } from '../../../lib/http';
import { RateChart } from '../../forecasts/components/RateChart';
import type { RowHandlers } from '../../forecasts/components/SegmentRowEditor';
import { SegmentTable } from '../../forecasts/components/SegmentTable';
import { ratioUnit, volumeUnit } from '../../forecasts/model/chartData';
import { drawableSegments } from '../../forecasts/model/computed';
import { withoutIssue } from '../../forecasts/model/issues';
import * as edit from '../../forecasts/model/rowEdits';
import type { RowField, SegmentRow } from '../../forecasts/model/segmentRows';
import { fitsQuery, putFits, typeCurvesKey } from '../api/typeCurves';
import {
  type FitIssues,
  type FitsDraft,
  fitIssueCount,
  fitsBody,
  fitsDirty,
  fitsDraftFromView,
  mergeFitIssues,
  newPhaseFit,
  type PhaseField,
  type PhaseFit,
  placeServerFitErrors,
  seriesKey,
  setFitType,
  validateFits,
} from '../model/fitDraft';
import { FitChart } from './FitChart';

const PHASE_NAME: Record<Phase, string> = { oil: 'Oil', gas: 'Gas', water: 'Water' };
const firstOfThisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

interface State {
  /** What the server holds (to tell whether anything changed). */
  base: FitsDraft;
  draft: FitsDraft;
  /** The errors of the last save that failed. */
  server?: FitIssues | undefined;
}

/**
 * The fit editor (`GET|PUT /{id}/fits`): per phase a rate or ratio fit with its regression type
 * and EUR matching, and per series (best, p10, p50, p90) the segments, edited with the forecast
 * segment editor's table and drawn with its chart as they are typed; the fit chart below draws
 * every series of the phase at once, with the member wells on demand. Save is a full replace of
 * every phase; the contract checks the body first, the API's 400 details land on the same rows.
 */
export function FitEditor(props: { projectId: string; typeCurveId: string; readOnly: boolean; report: Report }) {
  const { projectId, typeCurveId, readOnly, report } = props;
  const queryClient = useQueryClient();
  const { data: stored } = useSuspenseQuery(fitsQuery(projectId, typeCurveId));
  const [state, setState] = useState<State>(() => ({
    base: fitsDraftFromView(stored),
    draft: fitsDraftFromView(stored),
  }));
  const [phase, setPhase] = useState<Phase>(() => PHASES.find((p) => stored[p]) ?? 'oil');
  const [series, setSeries] = useState<FitSeriesKey>('best');
  const [saving, setSaving] = useState(false);
  const { draft } = state;
  const fit = draft[phase];
  const key = seriesKey(phase, series);
  const rows = fit?.series[series] ?? [];

  const change = (fn: (d: FitsDraft) => FitsDraft, drop?: (s: FitIssues) => FitIssues) =>
    setState((s) => ({ ...s, draft: fn(s.draft), server: s.server && drop ? drop(s.server) : s.server }));
  const changeFit = (fn: (f: PhaseFit) => PhaseFit, field?: PhaseField) =>
    change(
      (d) => (d[phase] ? { ...d, [phase]: fn(d[phase]) } : d),
      field ? (s) => ({ ...s, phase: { ...s.phase, [phase]: { ...s.phase[phase], [field]: undefined } } }) : undefined,
    );
  const changeRows = (fn: (r: SegmentRow[]) => SegmentRow[], index?: number, field?: RowField) =>
    change(
      (d) => {
        const f = d[phase];
        return f ? { ...d, [phase]: { ...f, series: { ...f.series, [series]: fn(f.series[series]) } } } : d;
      },
      (s) => {
        const rowKey = index === undefined ? undefined : rows[index]?.key;
        const forSeries = s.series[key];
        if (!forSeries || !field || !rowKey) return s;
        const next = withoutIssue(forSeries, rowKey, field);
        return next ? { ...s, series: { ...s.series, [key]: next } } : s;
      },
    );
  const handlers: RowHandlers = {
    onType: (i, t) => changeRows((r) => edit.setType(r, i, t), i, 'segmentType'),
    onDate: (i, f, v) => changeRows((r) => edit.setDate(r, i, f, v), i, f),
    onValue: (i, f: SegmentField, v) => changeRows((r) => edit.setValue(r, i, f, v), i, f),
    onDeclineBy: (i, by) => changeRows((r) => edit.setDeclineBy(r, i, by), i, by),
    onSplit: (i) => changeRows((r) => edit.splitRow(r, i)),
    onRemove: (i) => changeRows((r) => edit.removeRow(r, i)),
  };

  const client = useMemo(() => validateFits(draft), [draft]);
  const issues = mergeFitIssues(client, state.server);
  const dirty = fitsDirty(draft, state.base);

  // The chart follows the typing a moment behind.
  const deferred = useDeferredValue(draft);
  const segments = useMemo(() => drawableSegments(deferred[phase]?.series[series] ?? []), [deferred, phase, series]);
  const baseFit = fit?.fitType === 'ratio' ? deferred[fit.basePhase] : undefined;
  const baseSegments = useMemo(
    () => (baseFit?.fitType === 'rate' ? drawableSegments(baseFit.series[series]) : undefined),
    [baseFit, series],
  );
  const rateUnit = fit?.fitType === 'ratio' ? ratioUnit(phase, fit.basePhase) : `${volumeUnit(phase)}/D`;

  const save = async () => {
    report.clear();
    setSaving(true);
    try {
      const saved = await putFits(projectId, typeCurveId, fitsBody(draft));
      queryClient.setQueryData(fitsQuery(projectId, typeCurveId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: [...typeCurvesKey(projectId), typeCurveId, 'volumes'] });
      setState({ base: fitsDraftFromView(saved), draft: fitsDraftFromView(saved) });
      report.ok(`Saved the fits (${PHASES.filter((p) => saved[p]).join(', ') || 'none'}).`);
    } catch (e) {
      if (e instanceof HttpError && e.status === 400 && e.details.length) {
        const server = placeServerFitErrors(e.details, draft);
        setState((s) => ({ ...s, server }));
        const n = fitIssueCount(server);
        report.fail(
          new Error(
            server.general.length
              ? `Not saved: ${server.general.join('; ')}`
              : `Not saved: the server found ${n} problem${n === 1 ? '' : 's'}, shown next to the fields.`,
          ),
        );
      } else report.fail(e);
    } finally {
      setSaving(false);
    }
  };

  const phaseIssue = (f: PhaseField) => issues.phase[phase]?.[f];
  const seriesIssues = issues.series[key];
  const problemsElsewhere = FIT_SERIES.filter(
    (s) => s !== series && issues.series[seriesKey(phase, s)] && countSeries(issues, phase, s) > 0,
  );
  return (
    <section className="panel" aria-labelledby="tc-fits-title">
      <div className="row spread">
        <h2 id="tc-fits-title">Fits</h2>
        {dirty && <span className="badge warn">unsaved changes</span>}
      </div>
      <fieldset className="tc-tabs">
        <legend className="sr-only">Phase</legend>
        {PHASES.map((p) => (
          <button key={p} type="button" aria-pressed={p === phase} onClick={() => setPhase(p)}>
            {PHASE_NAME[p]} · {draft[p] ? draft[p].fitType : 'no fit'}
            {Object.keys(issues.phase[p] ?? {}).length + FIT_SERIES.reduce((n, s) => n + countSeries(issues, p, s), 0) >
              0 && ' ⚠'}
          </button>
        ))}
      </fieldset>
      {issues.general.map((g) => (
        <div className="banner error" role="alert" key={g}>
          {g}
        </div>
      ))}
      {!fit ? (
        <>
          <p className="muted">{PHASE_NAME[phase]} has no fit.</p>
          {!readOnly && (
            <button type="button" onClick={() => change((d) => ({ ...d, [phase]: newPhaseFit(phase, d) }))}>
              Add {phase} fit
            </button>
          )}
        </>
      ) : (
        <>
          <div className="tc-phase-settings">
            <Select
              id="fit-type"
              label="Fit type"
              value={fit.fitType}
              options={FIT_TYPES}
              disabled={readOnly}
              error={phaseIssue('fitType')}
              onChange={(v) => changeFit((f) => setFitType(f, v as FitType), 'fitType')}
            />
            {fit.fitType === 'ratio' && (
              <Select
                id="fit-base-phase"
                label="Base phase"
                value={fit.basePhase}
                options={PHASES.filter((p) => p !== phase)}
                disabled={readOnly}
                error={phaseIssue('basePhase')}
                onChange={(v) => changeFit((f) => ({ ...f, basePhase: v as Phase }), 'basePhase')}
              />
            )}
            <Select
              id="fit-regression"
              label="Regression type"
              value={fit.regressionType}
              options={REGRESSION_TYPES}
              disabled={readOnly}
              error={phaseIssue('regressionType')}
              onChange={(v) => changeFit((f) => ({ ...f, regressionType: v as RegressionType }), 'regressionType')}
            />
            <div className="field">
              <label className="choice">
                <input
                  type="checkbox"
                  checked={fit.eurPercentileMatched}
                  disabled={readOnly || fit.fitType === 'ratio'}
                  onChange={(e) =>
                    changeFit((f) => ({ ...f, eurPercentileMatched: e.target.checked }), 'eurPercentileMatched')
                  }
                />
                EUR percentile matched
              </label>
              {phaseIssue('eurPercentileMatched') && (
                <div className="field-error">{phaseIssue('eurPercentileMatched')}</div>
              )}
            </div>
            {!readOnly && (
              <>
                <span className="spacer" />
                <button type="button" className="danger" onClick={() => change((d) => ({ ...d, [phase]: undefined }))}>
                  Remove {phase} fit
                </button>
              </>
            )}
          </div>
          <fieldset className="tc-tabs">
            <legend className="sr-only">Series</legend>
            {FIT_SERIES.map((s) => (
              <button key={s} type="button" aria-pressed={s === series} onClick={() => setSeries(s)}>
                {s} ({fit.series[s].length}){countSeries(issues, phase, s) > 0 && ' ⚠'}
              </button>
            ))}
          </fieldset>
          {problemsElsewhere.length > 0 && (
            <p className="field-error">
              Other series of {phase} have marked problems: {problemsElsewhere.join(', ')}.
            </p>
          )}
          <div className="tc-fit-grid">
            <div>
              {seriesIssues?.general.map((g) => (
                <div className="banner error" role="alert" key={g}>
                  {g}
                </div>
              ))}
              {rows.length > 0 ? (
                <SegmentTable
                  rows={rows}
                  issues={seriesIssues?.rows ?? {}}
                  rateUnit={rateUnit}
                  readOnly={readOnly}
                  handlers={handlers}
                />
              ) : (
                <p className="muted">
                  No {series} segments{fit.fitType === 'ratio' ? ` in the ${phase}/${fit.basePhase} ratio` : ''}.
                </p>
              )}
              {rows.some((r) => r.segmentType === 'linear' && r.declineBy === 'slope') && (
                <p className="muted">
                  A linear segment reads back only the sign of its slope (spec part 2.9): enter its dEff or the slope
                  value before saving.
                </p>
              )}
              {!readOnly && (
                <div className="row editor-actions">
                  <button type="button" onClick={() => changeRows((r) => edit.addRow(r, firstOfThisMonth()))}>
                    Add segment
                  </button>
                </div>
              )}
            </div>
            <section aria-label="Volumes chart">
              <h3>
                {PHASE_NAME[phase]} {series}: {fit.fitType === 'ratio' ? `ratio to ${fit.basePhase}` : 'rate'} vs time
              </h3>
              <RateChart
                emptyText={
                  rows.length ? 'The chart draws once the segments are valid.' : 'Add a segment to see its curve.'
                }
                segments={segments}
                stale={false}
                phase={phase}
                settings={{
                  forecastType: fit.fitType,
                  basePhase: fit.fitType === 'ratio' ? fit.basePhase : undefined,
                  dataFrequency: 'daily',
                }}
                base={baseSegments}
              />
            </section>
          </div>
          {deferred[phase] && (
            <FitChart projectId={projectId} typeCurveId={typeCurveId} phase={phase} fit={deferred[phase]} />
          )}
        </>
      )}
      {!readOnly && (
        <div className="row editor-actions">
          <span className="spacer" />
          {dirty && (
            <button type="button" onClick={() => setState((s) => ({ base: s.base, draft: fitsDraftFromView(stored) }))}>
              Discard changes
            </button>
          )}
          <button type="button" className="primary" disabled={!dirty || saving} onClick={save}>
            {saving ? 'Saving…' : 'Save fits'}
          </button>
        </div>
      )}
    </section>
  );
}

function countSeries(issues: FitIssues, phase: Phase, series: FitSeriesKey): number {
  const s = issues.series[seriesKey(phase, series)];
  if (!s) return 0;
  return s.general.length + Object.values(s.rows).reduce((n, r) => n + Object.keys(r).length, 0);
}

function Select(props: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  disabled: boolean;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const { id, label, value, options, disabled, error, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
