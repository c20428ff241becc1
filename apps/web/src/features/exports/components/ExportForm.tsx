import { EXPIRATION_HOURS_MAX, EXPIRATION_HOURS_MIN, type ExportView } from '@econ/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { forecastsQuery } from '../../forecasts/api/forecasts';
import { econRunsQuery, exportProjectsQuery, scenariosQuery, startExport } from '../api/exports';
import { placeExportError } from '../model/errors';
import { DEFAULT_FORM, type ExportFormField, type ExportFormValues, toRequestBody } from '../model/request';
import { EXPORT_TYPE_OPTIONS, sourceOf } from '../model/state';

type FieldErrors = Partial<Record<ExportFormField, string>>;

/** Names shown in the list of past exports (the API answers ids only). */
export interface ExportNames {
  projectName: string;
  sourceName: string;
}

/**
 * The export form: type, project, then the forecast (or the scenario and its econ run), and the link
 * lifetime. Checked with the contract's schema before sending; the API's 400 details go next to
 * their fields, its 404/409 messages above the button.
 */
export function ExportForm(props: { onStarted: (view: ExportView, names: ExportNames) => void }) {
  const [values, setValues] = useState<ExportFormValues>(DEFAULT_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<unknown>();
  const source = sourceOf(values.exportType);

  const projects = useQuery(exportProjectsQuery);
  const forecasts = useQuery({
    ...forecastsQuery(values.projectId),
    enabled: !!values.projectId && source === 'forecast',
  });
  const scenarios = useQuery({
    ...scenariosQuery(values.projectId),
    enabled: !!values.projectId && source === 'econRun',
  });
  const runs = useQuery({
    ...econRunsQuery(values.projectId, values.scenarioId),
    enabled: !!values.projectId && !!values.scenarioId && source === 'econRun',
  });

  const set = (patch: Partial<ExportFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as ExportFormField[]) delete next[k];
      return next;
    });
    setFormError(undefined);
  };

  const names = (): ExportNames => {
    const projectName = projects.data?.items.find((p) => p.id === values.projectId)?.name ?? values.projectId;
    if (source === 'forecast') {
      return {
        projectName,
        sourceName: forecasts.data?.items.find((f) => f.id === values.forecastId)?.name ?? values.forecastId,
      };
    }
    const scenario = scenarios.data?.items.find((s) => s.id === values.scenarioId)?.name ?? values.scenarioId;
    return { projectName, sourceName: `${scenario} · run ${values.econRunId}` };
  };

  const start = useMutation({
    mutationFn: startExport,
    onSuccess: (view) => props.onStarted(view, names()),
    onError: (error) => {
      const placed = placeExportError(error);
      setErrors(placed.fields);
      setFormError(placed.banner);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const built = toRequestBody(values);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    setFormError(undefined);
    start.mutate(built.body);
  };

  return (
    <form className="panel" aria-labelledby="export-form-title" onSubmit={submit} noValidate>
      <h2 id="export-form-title">New export</h2>
      <div className="grid-fields">
        <Field id="export-type" label="Export type" error={errors.exportType}>
          <select
            id="export-type"
            value={values.exportType}
            onChange={(e) => set({ exportType: e.target.value as ExportFormValues['exportType'] })}
          >
            {EXPORT_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="export-project" label="Project" error={errors.projectId}>
          <select
            id="export-project"
            value={values.projectId}
            aria-invalid={!!errors.projectId}
            onChange={(e) => set({ projectId: e.target.value, forecastId: '', scenarioId: '', econRunId: '' })}
          >
            <option value="">{projects.isLoading ? 'Loading…' : 'Choose a project'}</option>
            {projects.data?.items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        {source === 'forecast' ? (
          <Field id="export-forecast" label="Forecast" error={errors.forecastId}>
            <select
              id="export-forecast"
              value={values.forecastId}
              disabled={!values.projectId}
              aria-invalid={!!errors.forecastId}
              onChange={(e) => set({ forecastId: e.target.value })}
            >
              <option value="">{values.projectId ? 'Choose a forecast' : 'Choose a project first'}</option>
              {forecasts.data?.items.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <>
            <Field id="export-scenario" label="Scenario" error={errors.scenarioId}>
              <select
                id="export-scenario"
                value={values.scenarioId}
                disabled={!values.projectId}
                aria-invalid={!!errors.scenarioId}
                onChange={(e) => set({ scenarioId: e.target.value, econRunId: '' })}
              >
                <option value="">{values.projectId ? 'Choose a scenario' : 'Choose a project first'}</option>
                {scenarios.data?.items.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="export-run" label="Econ run" error={errors.econRunId}>
              <select
                id="export-run"
                value={values.econRunId}
                disabled={!values.scenarioId}
                aria-invalid={!!errors.econRunId}
                onChange={(e) => set({ econRunId: e.target.value })}
              >
                <option value="">
                  {!values.scenarioId
                    ? 'Choose a scenario first'
                    : runs.data?.items.length === 0
                      ? 'No runs yet'
                      : 'Choose a run'}
                </option>
                {runs.data?.items.map((r) => (
                  <option key={r.id} value={r.id}>
                    {`${r.runDate.slice(0, 16).replace('T', ' ')} UTC · ${r.status}`}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        <Field
          id="export-hours"
          label="Link lifetime (hours)"
          error={errors.expirationHours}
          hint={`${EXPIRATION_HOURS_MIN} to ${EXPIRATION_HOURS_MAX} hours (7 days); 24 if left empty`}
        >
          <input
            id="export-hours"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={values.expirationHours}
            aria-invalid={!!errors.expirationHours}
            aria-describedby={errors.expirationHours ? 'export-hours-error' : undefined}
            onChange={(e) => set({ expirationHours: e.target.value })}
          />
        </Field>
      </div>
      <ErrorBanner error={formError} />
      <div className="row export-actions">
        <button type="submit" className="primary" disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Export'}
        </button>
      </div>
    </form>
  );
}

function Field(props: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && <div className="hint">{props.hint}</div>}
      {props.error && (
        <div className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}
