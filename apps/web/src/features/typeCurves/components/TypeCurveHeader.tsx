import { FORECAST_SERIES, type Forecast, type TypeCurve } from '@econ/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Report } from '../../../components/Banner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { applyServerErrors, labelled } from '../../../lib/formErrors';
import { deleteTypeCurve, patchTypeCurve, typeCurvesKey } from '../api/typeCurves';
import {
  headerPatch,
  patchIssues,
  TYPE_CURVE_LABELS,
  type TypeCurveFormValues,
  typeCurveFormPath,
} from '../model/typeCurveForm';

type HeaderValues = Pick<TypeCurveFormValues, 'name' | 'forecast' | 'forecastSeries'>;
const valuesOf = (tc: TypeCurve): HeaderValues => ({
  name: tc.name,
  forecast: tc.forecast ?? '',
  forecastSeries: tc.forecastSeries ?? 'best',
});

/**
 * The type curve's own fields: rename, forecast and series (PATCH, a merge: only what changed is
 * sent; a taken name is the API's 409, shown on the name), and delete.
 */
export function TypeCurveHeader(props: {
  projectId: string;
  typeCurve: TypeCurve;
  forecasts: readonly Forecast[];
  readOnly: boolean;
  report: Report;
}) {
  const { projectId, typeCurve: tc, forecasts, readOnly, report } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<HeaderValues>({ defaultValues: valuesOf(tc) });
  const { errors, isSubmitting, isDirty } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored type curve changes
  useEffect(() => form.reset(valuesOf(tc)), [tc.updatedAt]);

  const submit = form.handleSubmit(async (values) => {
    report.clear();
    const body = headerPatch(values, tc);
    if (Object.keys(body).length === 0) return;
    const issues = patchIssues(body);
    if (Object.keys(issues).length) {
      for (const [f, message] of Object.entries(issues)) {
        const target = f in values ? f : 'forecast';
        form.setError(target as keyof HeaderValues, {
          type: 'contract',
          message: labelled(message ?? '', target, TYPE_CURVE_LABELS),
        });
      }
      return;
    }
    try {
      const saved = await patchTypeCurve(projectId, tc.id, body);
      queryClient.setQueryData([...typeCurvesKey(projectId), tc.id], saved);
      await queryClient.invalidateQueries({ queryKey: typeCurvesKey(projectId) });
      report.ok(`Saved ${saved.name}.`);
    } catch (e) {
      // A taken name (409) stands on the name; the wells are the forecast's, so theirs stand there.
      const rest = applyServerErrors(e, ['name', 'forecast', 'forecastSeries'], form.setError, {
        labels: TYPE_CURVE_LABELS,
        formPath: typeCurveFormPath,
        statusFields: { 409: 'name' },
      });
      if (rest) report.fail(rest);
    }
  });

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteTypeCurve(projectId, tc.id);
      await queryClient.invalidateQueries({ queryKey: typeCurvesKey(projectId) });
      await navigate({ to: '/projects/$projectId/type-curves', params: { projectId }, search: {} as never });
    } catch (e) {
      report.fail(e);
      setConfirm(false);
    } finally {
      setDeleting(false);
    }
  };

  const err = (f: keyof HeaderValues) =>
    errors[f] ? (
      <div className="field-error" id={`tc-${f}-error`}>
        {errors[f]?.message}
      </div>
    ) : null;
  const invalid = (f: keyof HeaderValues) =>
    errors[f] ? { 'aria-invalid': true as const, 'aria-describedby': `tc-${f}-error` } : {};
  return (
    <form className="panel" onSubmit={submit} noValidate aria-label="Type curve">
      <fieldset className="plain" disabled={readOnly}>
        <div className="tc-header">
          <div>
            <label htmlFor="tc-name">Name</label>
            <input id="tc-name" autoComplete="off" {...form.register('name')} {...invalid('name')} />
            {err('name')}
          </div>
          <div>
            <label htmlFor="tc-forecast">Forecast</label>
            <select id="tc-forecast" {...form.register('forecast')} {...invalid('forecast')}>
              {!tc.forecast && <option value="">No forecast</option>}
              {forecasts.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
            {err('forecast')}
          </div>
          <div>
            <label htmlFor="tc-series">Forecast series</label>
            <select id="tc-series" {...form.register('forecastSeries')} {...invalid('forecastSeries')}>
              {FORECAST_SERIES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            {err('forecastSeries')}
          </div>
          {!readOnly && (
            <div className="row form-actions">
              <button className="primary" type="submit" disabled={!isDirty || isSubmitting}>
                {isSubmitting ? 'Saving…' : 'Save'}
              </button>
              <button type="button" className="danger" onClick={() => setConfirm(true)}>
                Delete…
              </button>
            </div>
          )}
        </div>
      </fieldset>
      <p className="muted">
        Created {new Date(tc.createdAt).toLocaleString()} · updated {new Date(tc.updatedAt).toLocaleString()}
      </p>
      <ConfirmDialog
        open={confirm}
        title={`Delete ${tc.name}?`}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirm(false)}
      >
        The type curve “{tc.name}”, its fits and its normalization are deleted for good; lookup-table rules that use it
        are unlinked.
      </ConfirmDialog>
    </form>
  );
}
