import { FORECAST_SERIES, type Forecast, type TypeCurve } from '@econ/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useBanner } from '../../../components/Banner';
import { Pager, SortHeader } from '../../../components/Pager';
import { applyServerErrors, labelled } from '../../../lib/formErrors';
import { createTypeCurve, type TypeCurveListParams, typeCurvesKey, typeCurvesQuery } from '../api/typeCurves';
import {
  createBody,
  createIssues,
  TYPE_CURVE_LABELS,
  type TypeCurveFormValues,
  typeCurveFormPath,
} from '../model/typeCurveForm';
import './typeCurves.css';

/** A project's type curves: paged and sorted by the API; engineers create one (name, forecast, series). */
export function TypeCurvesPage(props: {
  projectId: string;
  forecasts: readonly Forecast[];
  search: TypeCurveListParams;
  onSearch: (next: TypeCurveListParams) => void;
  canWrite: boolean;
}) {
  const { projectId, forecasts, search, onSearch, canWrite } = props;
  const { data } = useSuspenseQuery(typeCurvesQuery(projectId, search));
  const { banner, report } = useBanner();
  const forecastName = (id: string | undefined) => forecasts.find((f) => f.id === id)?.name ?? id ?? '—';
  const sortBy = (sort: string) => onSearch({ ...search, sort, skip: 0 });
  return (
    <>
      {banner}
      <p>
        <Link to="/projects/$projectId/type-curves/migrate" params={{ projectId }}>
          Migrate a V1 type curve
        </Link>{' '}
        <span className="muted">(paste V1 JSON, preview the V2 calls{canWrite ? ', run them' : ''})</span>
      </p>
      {canWrite ? (
        <CreateTypeCurve projectId={projectId} forecasts={forecasts} onError={report.fail} />
      ) : (
        <p className="muted">Read only: your role can look at type curves but not change them.</p>
      )}
      <table aria-label="Type curves">
        <thead>
          <tr>
            <SortHeader field="name" label="Name" sort={search.sort} onSort={sortBy} />
            <th>Forecast</th>
            <th>Series</th>
            <th>Wells</th>
            <SortHeader field="createdAt" label="Created" sort={search.sort} onSort={sortBy} />
            <SortHeader field="updatedAt" label="Updated" sort={search.sort} onSort={sortBy} />
          </tr>
        </thead>
        <tbody>
          {data.items.map((tc: TypeCurve) => (
            <tr key={tc.id}>
              <td>
                <Link to="/projects/$projectId/type-curves/$typeCurveId" params={{ projectId, typeCurveId: tc.id }}>
                  {tc.name}
                </Link>
              </td>
              <td>{forecastName(tc.forecast)}</td>
              <td>{tc.forecastSeries ?? '—'}</td>
              <td>
                {tc.wells?.length ?? 0}
                {tc.excludedWells?.length ? ` (${tc.excludedWells.length} excluded)` : ''}
              </td>
              <td>{new Date(tc.createdAt).toLocaleString()}</td>
              <td>{new Date(tc.updatedAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.items.length === 0 && <p className="muted">No type curves yet.</p>}
      <Pager
        skip={search.skip}
        take={search.take}
        total={data.total}
        hasNext={data.hasNext}
        onSkip={(skip) => onSearch({ ...search, skip })}
      />
    </>
  );
}

/** The create form: the contract checks it first; the API's 400 and 409 land next to the fields. */
function CreateTypeCurve(props: { projectId: string; forecasts: readonly Forecast[]; onError: (e: unknown) => void }) {
  const { projectId, forecasts, onError } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<TypeCurveFormValues>({
    defaultValues: { name: '', forecast: forecasts[0]?.id ?? '', forecastSeries: 'best', assignWells: true },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const body = createBody(values, forecasts.find((f) => f.id === values.forecast)?.wells);
    const issues = createIssues(body);
    const fields = Object.keys(issues);
    if (fields.length) {
      for (const f of fields) {
        const target = f === 'wells' || f === 'excludedWells' ? 'forecast' : f;
        form.setError(target as keyof TypeCurveFormValues, {
          type: 'contract',
          message: labelled(issues[f] ?? '', target, TYPE_CURVE_LABELS),
        });
      }
      return;
    }
    try {
      const created = await createTypeCurve(projectId, body);
      await queryClient.invalidateQueries({ queryKey: typeCurvesKey(projectId) });
      await navigate({
        to: '/projects/$projectId/type-curves/$typeCurveId',
        params: { projectId, typeCurveId: created.id },
      });
    } catch (e) {
      // A taken name (409) stands on the name; the wells are the forecast's, so theirs stand there.
      const rest = applyServerErrors(e, ['name', 'forecast', 'forecastSeries'], form.setError, {
        labels: TYPE_CURVE_LABELS,
        formPath: typeCurveFormPath,
        statusFields: { 409: 'name' },
      });
      if (rest) onError(rest);
    }
  });
  const err = (f: keyof TypeCurveFormValues) =>
    errors[f] ? (
      <div className="field-error" id={`tc-new-${f}-error`}>
        {errors[f]?.message}
      </div>
    ) : null;
  const invalid = (f: keyof TypeCurveFormValues) =>
    errors[f] ? { 'aria-invalid': true as const, 'aria-describedby': `tc-new-${f}-error` } : {};
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="tc-new-title">
      <h2 id="tc-new-title">New type curve</h2>
      <div className="tc-create">
        <div>
          <label htmlFor="tc-new-name">Name</label>
          <input id="tc-new-name" autoComplete="off" {...form.register('name')} {...invalid('name')} />
          {err('name')}
        </div>
        <div>
          <label htmlFor="tc-new-forecast">Forecast</label>
          <select id="tc-new-forecast" {...form.register('forecast')} {...invalid('forecast')}>
            <option value="">No forecast</option>
            {forecasts.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          {err('forecast')}
          <label className="choice">
            <input type="checkbox" {...form.register('assignWells')} />
            Assign all wells of the forecast
          </label>
        </div>
        <div>
          <label htmlFor="tc-new-series">Forecast series</label>
          <select id="tc-new-series" {...form.register('forecastSeries')} {...invalid('forecastSeries')}>
            {FORECAST_SERIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {err('forecastSeries')}
        </div>
      </div>
      <div className="row form-actions">
        <button className="primary" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create type curve'}
        </button>
      </div>
    </form>
  );
}
