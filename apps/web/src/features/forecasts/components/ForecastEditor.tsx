import type { SegmentField } from '@econ/contract';
import type { Segment, SegmentInput } from '@econ/decline';
import { fromDayIndex, toDayIndex } from '@econ/decline';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useBanner } from '../../../components/Banner';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { lastPoint, lastRatioPoint } from '../../../components/productionChart/model/history';
import { historyQuery } from '../../../lib/productionHistory';
import { phaseOutputsQuery, wellOutputsQuery } from '../api/outputs';
import { type ForecastRef, parametersQuery } from '../api/parameters';
import { useSaveDrafts } from '../api/saveDrafts';
import { projectTypeCurvesQuery, typeCurveFitsQuery } from '../api/typeCurves';
import { applyChains, setChained } from '../model/chain';
import { type Resolution, ratioUnit, volumeUnit } from '../model/chartData';
import { companions, wellsWithSegments } from '../model/companions';
import { drawableSegments } from '../model/computed';
import { draftsOf, dropDrafts, putDraft, useDrafts } from '../model/draftStore';
import {
  type Combo,
  comboKey,
  type Draft,
  draftFromView,
  isDirty,
  type Settings,
  settingsChanged,
  validateDraft,
} from '../model/drafts';
import { rowsWithFit } from '../model/fitPreview';
import { startFromPoint } from '../model/historyStart';
import { issueCount, type SettingsField, withoutIssue } from '../model/issues';
import { formatValue } from '../model/numbers';
import * as edit from '../model/rowEdits';
import type { RecordResult } from '../model/saveResults';
import { type RowField, rowsFromView, type SegmentRow } from '../model/segmentRows';
import { applicableTypeCurve, typeCurveAtWell } from '../model/typeCurveLine';
import { AriesLinesButton } from './AriesLinesButton';
import { CombinationPicker, type WellOption } from './CombinationPicker';
import { DraftsPanel } from './DraftsPanel';
import { FitPanel } from './FitPanel';
import { useLeaveGuard } from './LeaveGuard';
import { RateChart } from './RateChart';
import type { RowHandlers } from './SegmentRowEditor';
import { SegmentTable } from './SegmentTable';
import { SettingsControls } from './SettingsControls';
import { FIT_COLOR, useHistoryFit } from './useHistoryFit';
import './forecastEditor.css';

const firstOfThisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

/**
 * The segment editor of one forecast: pick a well, phase and series; edit its segments and
 * settings with inline validation from the contract; see the rate-vs-time chart and the EUR as you
 * type; save one combination or every draft at once. Read-only for support users.
 */
export function ForecastEditor(props: {
  forecast: ForecastRef;
  wells: readonly WellOption[];
  combo: Combo;
  readOnly: boolean;
  onCombo: (patch: Partial<Combo>) => void;
}) {
  const { forecast: f, wells, combo, readOnly, onCombo } = props;
  const { data: stored } = useSuspenseQuery(parametersQuery(f, combo));
  const drafts = useDrafts(f.forecastId);
  const { banner, report } = useBanner();
  const { one, all } = useSaveDrafts(f);
  const [results, setResults] = useState<{ records: RecordResult[]; general: string[] }>();
  const key = comboKey(combo);
  const well = wells.find((w) => w.id === combo.well);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the combination is its three fields
  const initial = useMemo(() => draftFromView(combo, stored), [stored, combo.well, combo.phase, combo.series]);
  const draft = drafts.get(key) ?? initial;
  const [resolution, setResolution] = useState<Resolution>('daily');
  const history = useQuery(historyQuery(f.projectId, combo.well, resolution));
  // A ratio forecast starts from the history's ratio (phase over base phase), a rate forecast from the rate.
  const basePhase = draft.settings.forecastType === 'ratio' ? draft.settings.basePhase : undefined;
  const last = !history.data
    ? undefined
    : basePhase
      ? lastRatioPoint(history.data, combo.phase, basePhase)
      : lastPoint(history.data, combo.phase);
  // The segment "Start from last history point" sets: the last one a person worked in (first by default).
  const [selected, setSelected] = useState<{ key: string; index: number }>({ key, index: 0 });
  const target = selected.key === key ? Math.min(selected.index, Math.max(0, draft.rows.length - 1)) : 0;

  const handlers = useMemo(() => {
    const change = (fn: (d: Draft) => Draft) =>
      putDraft(f.forecastId, key, fn(draftsOf(f.forecastId).get(key) ?? initial));
    const rows = (fn: (r: SegmentRow[]) => SegmentRow[], index?: number, field?: RowField) =>
      change((d) => {
        const rowKey = index === undefined ? undefined : d.rows[index]?.key;
        const server = field && rowKey ? withoutIssue(d.server, rowKey, field) : d.server;
        // Chained segments follow the end rate of the one before them (model/chain.ts).
        return { ...d, rows: applyChains(d.rows, fn(d.rows)), server };
      });
    const rowHandlers: RowHandlers = {
      onType: (i, t) => rows((r) => edit.setType(r, i, t), i, 'segmentType'),
      onDate: (i, field, v) => rows((r) => edit.setDate(r, i, field, v), i, field),
      onValue: (i, field: SegmentField, v) => rows((r) => edit.setValue(r, i, field, v), i, field),
      onDeclineBy: (i, by) => rows((r) => edit.setDeclineBy(r, i, by), i, by),
      onSplit: (i) => rows((r) => edit.splitRow(r, i)),
      onRemove: (i) => rows((r) => edit.removeRow(r, i)),
      onChained: (i, on) => rows((r) => setChained(r, i, on), i, 'qStart'),
    };
    return {
      rows: rowHandlers,
      add: (start: string) => rows((r) => edit.addRow(r, start)),
      startAt: (index: number, point: { date: string; rate: number }) =>
        rows((r) => startFromPoint(r, index, point), index, 'startDate'),
      takeFit: (segment: SegmentInput) => rows((r) => rowsWithFit(r, segment)),
      settings: (patch: Partial<Settings>, field: SettingsField) =>
        change((d) => ({
          ...d,
          settings: { ...d.settings, ...patch },
          server: withoutIssue(d.server, undefined, field),
        })),
    };
  }, [f.forecastId, key, initial]);

  const client = useMemo(() => validateDraft(draft), [draft]);
  const server = draft.server;
  const rowIssues = useMemo(() => {
    const out: typeof client.rows = {};
    for (const row of draft.rows) {
      const merged = { ...server?.rows[row.key], ...client.rows[row.key] };
      if (Object.keys(merged).length) out[row.key] = merged;
    }
    return out;
  }, [draft.rows, client, server]);
  const dirty = isDirty(draft);
  const general = [...new Set([...(draft.rows.length || dirty ? client.general : []), ...(server?.general ?? [])])];

  // The chart follows the typing a moment behind, and keeps the last valid curve while a field is being fixed.
  const deferredRows = useDeferredValue(draft.rows);
  const segments = useMemo(() => drawableSegments(deferredRows), [deferredRows]);
  const [lastGood, setLastGood] = useState<{ key: string; segments: Segment[] }>();
  if (segments && lastGood?.segments !== segments) setLastGood({ key, segments });
  const drawn = segments ?? (lastGood?.key === key ? lastGood.segments : undefined);
  const base = useBaseSegments(f, combo, draft.settings, drafts);
  // The picker marks the wells with segments for the phase and series.
  const phaseOutputs = useQuery(phaseOutputsQuery(f, combo.phase));
  const marked = useMemo(
    () => (phaseOutputs.data ? wellsWithSegments(phaseOutputs.data, combo.phase, combo.series, drafts) : undefined),
    [phaseOutputs.data, combo.phase, combo.series, drafts],
  );
  // The type curve the well is in, drawn from the well's first production (else its first history day).
  const curves = useQuery(projectTypeCurvesQuery(f.projectId));
  const applies = curves.data ? applicableTypeCurve(curves.data, combo.well, f.forecastId) : undefined;
  const fits = useQuery({ ...typeCurveFitsQuery(f.projectId, applies?.id ?? ''), enabled: applies !== undefined });
  const anchorDay = well?.firstProdDate ? toDayIndex(well.firstProdDate) : history.data?.days[0];
  const typeCurve = useMemo(() => {
    if (!applies || !fits.data || anchorDay === undefined || draft.settings.forecastType !== 'rate') return undefined;
    const line = typeCurveAtWell(fits.data, combo.phase, combo.series, anchorDay);
    return line && { label: `Type curve ${applies.name} (${line.series})`, segments: line.segments };
  }, [applies, fits.data, anchorDay, combo.phase, combo.series, draft.settings.forecastType]);
  // The well's other phases and the phase's other series, drawn with the edited one.
  const outputs = useQuery(wellOutputsQuery(f, combo.well));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the combination is its three fields
  const beside = useMemo(
    () => (outputs.data ? companions(outputs.data, combo, drafts) : undefined),
    [outputs.data, combo.well, combo.phase, combo.series, drafts],
  );
  // "Fit to history" (rate forecasts: a ratio's units are not the history's).
  const [fitOpen, setFitOpen] = useState(false);
  const fitting = fitOpen && !readOnly && draft.settings.forecastType === 'rate';
  const fit = useHistoryFit({
    comboKey: key,
    phase: combo.phase,
    history: history.data,
    rows: draft.rows,
    current: drawn,
    open: fitting,
  });

  const label = (c: Combo) => `${wells.find((w) => w.id === c.well)?.wellName ?? c.well} · ${c.phase} · ${c.series}`;
  const guard = useLeaveGuard({ forecastId: f.forecastId, combo, label });
  // A failed save's banner belongs to the combination it was about: another one clears it.
  const [bannerKey, setBannerKey] = useState(key);
  if (bannerKey !== key) {
    setBannerKey(key);
    report.clear();
  }
  const dirtyDrafts = [...drafts.values()].filter(isDirty);
  const rateUnit =
    draft.settings.forecastType === 'ratio' && draft.settings.basePhase
      ? ratioUnit(combo.phase, draft.settings.basePhase)
      : `${volumeUnit(combo.phase)}/D`;

  const save = async () => {
    report.clear();
    try {
      const r = await one.mutateAsync(draft);
      if (r.ok) report.ok(`Saved ${r.segmentsCount ?? draft.rows.length} segments of ${label(combo)}`);
      else {
        const n = r.issues ? issueCount(r.issues) : 0;
        report.fail(
          new Error(
            n
              ? `Not saved: the server found ${n} problem${n > 1 ? 's' : ''}, shown next to the fields.`
              : `Not saved: ${r.message}`,
          ),
        );
      }
    } catch (e) {
      report.fail(e);
    }
  };
  const saveAll = async () => {
    report.clear();
    setResults(undefined);
    try {
      setResults(await all.mutateAsync(dirtyDrafts));
    } catch (e) {
      report.fail(e);
    }
  };

  return (
    <>
      <div className="panel">
        <CombinationPicker wells={wells} combo={combo} onChange={onCombo} withSegments={marked} />
        {combo.well && <AriesLinesButton forecast={f} well={combo.well} series={combo.series} />}
      </div>
      {banner}
      {guard.dialog}
      <div className="forecast-grid">
        <section className="panel" aria-labelledby="combo-title">
          <div className="row spread">
            <h2 id="combo-title">{label(combo)}</h2>
            {dirty ? (
              <span className="badge warn">unsaved changes</span>
            ) : (
              !initial.base.stored && <span className="badge">nothing stored yet</span>
            )}
          </div>
          {readOnly && <p className="muted">Read only: your role can look at forecasts but not change them.</p>}
          <SettingsControls
            settings={draft.settings}
            phase={combo.phase}
            issues={{ ...server?.settings, ...client.settings }}
            readOnly={readOnly}
            onChange={handlers.settings}
          />
          {general.map((g) => (
            <div className="banner error" role="alert" key={g}>
              {g}
            </div>
          ))}
          {draft.rows.length > 0 ? (
            <SegmentTable
              onSelect={(index) => setSelected({ key, index })}
              rows={draft.rows}
              issues={rowIssues}
              rateUnit={rateUnit}
              readOnly={readOnly}
              handlers={handlers.rows}
              declinesInPercent
            />
          ) : (
            <p className="muted">No segments are stored for this well, phase and series.</p>
          )}
          {!readOnly && (
            <div className="row editor-actions">
              <button type="button" onClick={() => handlers.add(well?.firstProdDate ?? firstOfThisMonth())}>
                Add segment
              </button>
              <button
                type="button"
                disabled={!last}
                title={
                  last
                    ? `Segment ${draft.rows.length ? target + 1 : 1} starts on ${fromDayIndex(last.day)} at the rate of that ${resolution === 'daily' ? 'day' : 'month'}`
                    : `No ${resolution} ${basePhase ? `${combo.phase} and ${basePhase}` : combo.phase} history to start from`
                }
                onClick={() => last && handlers.startAt(target, { date: fromDayIndex(last.day), rate: last.rate })}
              >
                Start from last history point
              </button>
              {last && (
                <span className="muted">
                  segment {draft.rows.length ? target + 1 : 1} from {fromDayIndex(last.day)} at {formatValue(last.rate)}{' '}
                  {rateUnit}
                </span>
              )}
              <button
                type="button"
                aria-pressed={fitting}
                disabled={draft.settings.forecastType !== 'rate'}
                title={
                  draft.settings.forecastType === 'rate'
                    ? `Fit a decline to the ${resolution} ${combo.phase} history on the chart`
                    : 'Fitting works on rate forecasts (a ratio is not in the history’s units)'
                }
                onClick={() => setFitOpen(!fitting)}
              >
                Fit to history
              </button>
              <span className="spacer" />
              {dirty && (
                <button
                  type="button"
                  onClick={() => {
                    dropDrafts(f.forecastId, [key]);
                    report.clear();
                  }}
                >
                  Discard changes
                </button>
              )}
              <button type="button" className="primary" disabled={!dirty || one.isPending} onClick={save}>
                {one.isPending ? 'Saving…' : 'Save'}
              </button>
            </div>
          )}
          {!readOnly && dirty && (issueCount(client) > 0 || settingsChanged(draft)) && (
            <p className="muted">
              {issueCount(client) > 0 && 'Some fields are marked; the server decides when you save. '}
              {settingsChanged(draft) && 'Forecast type, base phase or data frequency changed: saved as a bulk write.'}
            </p>
          )}
        </section>
        <section className="panel chart-panel" aria-labelledby="chart-title">
          <h2 id="chart-title">Rate vs time</h2>
          <RateChart
            emptyText={
              draft.rows.length
                ? 'The chart draws once the segments are valid.'
                : 'Add a segment to see its rate against time.'
            }
            base={base}
            segments={drawn}
            stale={!segments && drawn !== undefined}
            phase={combo.phase}
            settings={draft.settings}
            history={history.data}
            fit={fitting && fit.preview ? { segments: fit.preview.segments, color: FIT_COLOR } : undefined}
            markers={fit.markers}
            pick={fit.pick}
            zoomToHistory={fitting && fit.zoom}
            companions={beside}
            typeCurve={typeCurve}
            onlyThisPhase={fitting}
            resolution={resolution}
            onResolution={setResolution}
            note={
              draft.settings.forecastType === 'ratio'
                ? 'History is drawn with rate forecasts (a ratio is in other units).'
                : history.isPending
                  ? `Loading the ${resolution} history…`
                  : undefined
            }
          />
          <ErrorBanner error={history.error} />
          {fitting && (
            <FitPanel
              fit={fit}
              rateUnit={rateUnit}
              volumeUnit={volumeUnit(combo.phase)}
              empty={
                history.isPending
                  ? `Loading the ${resolution} history…`
                  : fit.points.length === 0
                    ? `No ${resolution} ${combo.phase} history to fit${resolution === 'daily' ? ': try Monthly' : ''}.`
                    : undefined
              }
              onClose={() => setFitOpen(false)}
              onUse={() => {
                if (!fit.result?.ok) return;
                handlers.takeFit(fit.result.segment);
                setFitOpen(false);
                report.ok(
                  `The fitted ${fit.result.segment.segmentType} segment from ${fit.result.segment.startDate} is in the draft: review it, then Save.`,
                );
              }}
            />
          )}
        </section>
      </div>
      {!readOnly && (
        <DraftsPanel
          drafts={dirtyDrafts}
          current={combo}
          label={label}
          saving={all.isPending}
          results={results}
          onOpen={(c) => {
            // Opening another draft loses nothing: both stay in the list.
            guard.skipNext();
            onCombo(c);
          }}
          onSaveAll={saveAll}
        />
      )}
    </>
  );
}

/**
 * A ratio forecast's base phase (same well and series), for its EUR: the unsaved draft of that
 * combination when there is one, else what the server holds; undefined when neither is valid.
 */
function useBaseSegments(f: ForecastRef, combo: Combo, settings: Settings, drafts: ReadonlyMap<string, Draft>) {
  const baseCombo = { ...combo, phase: settings.basePhase ?? combo.phase };
  const wanted = settings.forecastType === 'ratio' && settings.basePhase !== undefined;
  const { data: stored } = useQuery({ ...parametersQuery(f, baseCombo), enabled: wanted });
  const baseDraft = wanted ? drafts.get(comboKey(baseCombo)) : undefined;
  return useMemo(() => {
    if (!wanted) return undefined;
    if (baseDraft) return drawableSegments(baseDraft.rows);
    return stored?.segments.length ? drawableSegments(rowsFromView(stored.segments)) : undefined;
  }, [wanted, baseDraft, stored]);
}
