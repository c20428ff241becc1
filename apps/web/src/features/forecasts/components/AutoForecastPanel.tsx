import { DEFAULT_FORECAST_SETTINGS, type ForecastSettings, PHASES } from '@econ/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { STATUS_TEXT } from '../../scenarios/model/runs';
import {
  configurationsKey,
  configurationsQuery,
  forecastRunQuery,
  forecastRunsKey,
  forecastRunsQuery,
  saveConfiguration,
  startForecastRun,
} from '../api/forecastRuns';
import { type ForecastRef, parametersKey } from '../api/parameters';
import {
  type AutoForecastForm,
  FIELD_LABELS,
  type FormField,
  formFromSettings,
  isRunSettled,
  MODEL_LABELS,
  MODELS,
  runInputFromForm,
  runProgressText,
  runServerErrors,
} from '../model/autoForecast';
import { RunStatus, RunWells } from './AutoForecastResults';

/**
 * "Auto-forecast" on the forecast page: fit the best series of every well (or a selection) to its
 * production history as a run on the server, with its progress, then what it did to each well
 * (click a row to open the well in the editor).
 */
export function AutoForecastPanel(props: {
  forecast: ForecastRef;
  wells: readonly { id: string; wellName: string }[];
  readOnly: boolean;
  onOpenWell: (wellId: string) => void;
}) {
  const { forecast, wells, readOnly, onOpenWell } = props;
  const queryClient = useQueryClient();
  const configurations = useQuery(configurationsQuery);
  const runs = useQuery(forecastRunsQuery(forecast));
  const [form, setForm] = useState<AutoForecastForm>(() => formFromSettings(DEFAULT_FORECAST_SETTINGS));
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [shown, setShown] = useState<string | undefined>();
  const [configName, setConfigName] = useState('');
  const [saved, setSaved] = useState<string | undefined>();
  const latest = runs.data?.items[0];
  const runId = shown ?? latest?.id;
  const run = useQuery({ ...forecastRunQuery(forecast, runId ?? ''), enabled: runId !== undefined });
  const current = run.data ?? latest;

  // When the run completes, the editor's stored segments are stale.
  const settled = current ? isRunSettled(current.status) : true;
  useEffect(() => {
    if (current?.status === 'complete') void queryClient.invalidateQueries({ queryKey: parametersKey(forecast) });
  }, [current?.status, queryClient, forecast]);
  // Open while a run is going (also one found on arriving); the user closes it, never the page.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!settled) setOpen(true);
  }, [settled]);

  const start = useMutation({
    mutationFn: async () => {
      const checked = runInputFromForm(form);
      if (!checked.ok) {
        setErrors(checked.errors);
        return undefined;
      }
      setErrors({});
      try {
        return await startForecastRun(forecast, checked.input);
      } catch (e) {
        // The API's field errors go next to their fields, like every form's (decision 057).
        const placed = runServerErrors(e);
        setErrors(placed.errors);
        if (placed.rest) throw placed.rest;
        return undefined;
      }
    },
    onSuccess: async (r) => {
      if (!r) return;
      queryClient.setQueryData(forecastRunQuery(forecast, r.id).queryKey, r);
      setShown(r.id);
      await queryClient.invalidateQueries({ queryKey: forecastRunsKey(forecast), exact: true });
    },
  });
  const save = useMutation({
    mutationFn: async () => {
      const checked = runInputFromForm({ ...form, wells: 'all' });
      if (!checked.ok) {
        setErrors(checked.errors);
        throw new Error('Fix the settings first');
      }
      try {
        return await saveConfiguration(configName.trim(), checked.input.settings);
      } catch (e) {
        const placed = runServerErrors(e);
        setErrors(placed.errors);
        throw placed.rest ?? new Error('Not saved: the service refused the marked fields.');
      }
    },
    onSuccess: async (id) => {
      setSaved(`Saved as "${configName.trim()}"`);
      setForm((f) => ({ ...f, configurationId: id }));
      await queryClient.invalidateQueries({ queryKey: configurationsKey });
    },
  });

  const set = <K extends keyof AutoForecastForm>(key: K, value: AutoForecastForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const fieldError = (f: FormField) =>
    errors[f] ? (
      <div className="field-error" id={`auto-${f}-error`}>
        {errors[f]}
      </div>
    ) : null;
  const invalid = (f: FormField) =>
    errors[f] ? { 'aria-invalid': true as const, 'aria-describedby': `auto-${f}-error` } : {};

  return (
    <details className="panel auto-forecast" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h2>Auto-forecast</h2>
        {current && (
          <span className="muted">
            {' '}
            last run: {STATUS_TEXT[current.status].toLowerCase()} · {runProgressText(current.progress)}
          </span>
        )}
      </summary>
      {!readOnly && (
        <form
          aria-label="Auto-forecast settings"
          className="auto-form"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <div className="auto-grid">
            <div>
              <label htmlFor="auto-config">Saved settings</label>
              <select
                id="auto-config"
                value={form.configurationId}
                onChange={(e) => {
                  const id = e.target.value;
                  const c = configurations.data?.find((x) => x.id === id);
                  setForm((f) => ({
                    ...formFromSettings(c ? (c.settings as ForecastSettings) : DEFAULT_FORECAST_SETTINGS, id),
                    wells: f.wells,
                    selected: f.selected,
                  }));
                }}
              >
                <option value="">Defaults</option>
                {configurations.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <fieldset {...invalid('phases')}>
              <legend>{FIELD_LABELS.phases}</legend>
              {PHASES.map((p) => (
                <label key={p} className="choice-inline">
                  <input
                    type="checkbox"
                    checked={form.phases[p]}
                    onChange={(e) => set('phases', { ...form.phases, [p]: e.target.checked })}
                  />{' '}
                  {p}
                </label>
              ))}
              {(['gas', 'water'] as const).map((p) => (
                <label key={`${p}-ratio`} className="choice-inline">
                  <input
                    type="checkbox"
                    checked={form.ratios[p]}
                    disabled={!form.phases[p]}
                    onChange={(e) => set('ratios', { ...form.ratios, [p]: e.target.checked })}
                  />{' '}
                  {p === 'gas' ? 'gas as GOR (ratio over oil)' : 'water as WOR (ratio over oil)'}
                </label>
              ))}
              {fieldError('phases')}
            </fieldset>
            <div>
              <label htmlFor="auto-model">Model</label>
              <select id="auto-model" value={form.model} onChange={(e) => set('model', e.target.value as never)}>
                {MODELS.map((m) => (
                  <option key={m} value={m}>
                    {MODEL_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="auto-start">Start</label>
              <select id="auto-start" value={form.start} onChange={(e) => set('start', e.target.value as never)}>
                <option value="peak">Peak rate</option>
                <option value="first">First production</option>
              </select>
            </div>
            <div>
              <label htmlFor="auto-regression">Regression on</label>
              <select
                id="auto-regression"
                value={form.regressionType}
                onChange={(e) => set('regressionType', e.target.value as never)}
              >
                <option value="rate">Rate (log)</option>
                <option value="cum">Cumulative volume</option>
              </select>
            </div>
            <div>
              <label htmlFor="auto-bMin">{FIELD_LABELS.bMin}</label>
              <input
                id="auto-bMin"
                inputMode="decimal"
                value={form.bMin}
                onChange={(e) => set('bMin', e.target.value)}
                {...invalid('bMin')}
              />
              {fieldError('bMin')}
            </div>
            <div>
              <label htmlFor="auto-bMax">{FIELD_LABELS.bMax}</label>
              <input
                id="auto-bMax"
                inputMode="decimal"
                value={form.bMax}
                onChange={(e) => set('bMax', e.target.value)}
                {...invalid('bMax')}
              />
              {fieldError('bMax')}
            </div>
            {form.model === 'arps_modified' && (
              <div>
                <label htmlFor="auto-terminal">{FIELD_LABELS.terminalPercent} (%/yr)</label>
                <input
                  id="auto-terminal"
                  inputMode="decimal"
                  value={form.terminalPercent}
                  onChange={(e) => set('terminalPercent', e.target.value)}
                  {...invalid('terminalPercent')}
                />
                {fieldError('terminalPercent')}
              </div>
            )}
            <div>
              <label htmlFor="auto-years">Forecast years</label>
              <input
                id="auto-years"
                inputMode="numeric"
                value={form.years}
                onChange={(e) => set('years', e.target.value)}
                {...invalid('years')}
              />
              {fieldError('years')}
            </div>
          </div>
          <div className="row">
            <label className="choice-inline">
              <input type="checkbox" checked={form.overwrite} onChange={(e) => set('overwrite', e.target.checked)} />{' '}
              Replace segments already saved
            </label>
            <label className="choice-inline">
              <input
                type="radio"
                name="auto-wells"
                checked={form.wells === 'all'}
                onChange={() => set('wells', 'all')}
              />{' '}
              All {wells.length} wells
            </label>
            <label className="choice-inline">
              <input
                type="radio"
                name="auto-wells"
                checked={form.wells === 'selected'}
                onChange={() => set('wells', 'selected')}
              />{' '}
              Selected wells
            </label>
          </div>
          {form.wells === 'selected' && (
            <div>
              <label htmlFor="auto-selected">Wells to fit (Ctrl or Shift to pick several)</label>
              <select
                id="auto-selected"
                multiple
                size={Math.min(8, wells.length)}
                value={form.selected}
                onChange={(e) =>
                  set(
                    'selected',
                    [...e.target.selectedOptions].map((o) => o.value),
                  )
                }
                {...invalid('selected')}
              >
                {wells.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.wellName}
                  </option>
                ))}
              </select>
              {fieldError('selected')}
            </div>
          )}
          <div className="row">
            <button className="primary" type="submit" disabled={start.isPending || (!!current && !settled)}>
              {start.isPending ? 'Starting…' : 'Fit to history'}
            </button>
            <label htmlFor="auto-save-name">Save these settings as</label>
            <input
              id="auto-save-name"
              value={configName}
              onChange={(e) => setConfigName(e.target.value)}
              placeholder="name"
            />
            <button type="button" disabled={!configName.trim() || save.isPending} onClick={() => save.mutate()}>
              Save settings
            </button>
            {saved && <span role="status">{saved}</span>}
          </div>
          <ErrorBanner error={start.error ?? save.error} />
        </form>
      )}
      {current && <RunStatus run={current} />}
      {current && current.progress.wellsDone > 0 && (
        <RunWells forecast={forecast} run={current} onOpenWell={onOpenWell} />
      )}
    </details>
  );
}
