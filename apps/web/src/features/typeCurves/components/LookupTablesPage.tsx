import type { LookupTable } from '@econ/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useBanner } from '../../../components/Banner';
import { Pager } from '../../../components/Pager';
import { applyServerErrors } from '../../../lib/formErrors';
import { HttpError } from '../../../lib/http';
import { createLookupTable, lookupTablesKey, lookupTablesQuery } from '../api/typeCurves';
import './typeCurves.css';

/** A project's type-curve lookup tables; engineers create one by name and fill it in its editor. */
export function LookupTablesPage(props: {
  projectId: string;
  search: { skip: number; take: number };
  onSkip: (skip: number) => void;
  canWrite: boolean;
}) {
  const { projectId, search, onSkip, canWrite } = props;
  const { data } = useSuspenseQuery(lookupTablesQuery(projectId, search));
  const { banner, report } = useBanner();
  return (
    <>
      {banner}
      {canWrite ? (
        <CreateLookupTable projectId={projectId} onError={report.fail} />
      ) : (
        <p className="muted">Read only: your role can look at lookup tables but not change them.</p>
      )}
      <table aria-label="Lookup tables">
        <thead>
          <tr>
            <th>Name</th>
            <th>Tags</th>
            <th>Rules</th>
            <th>Case-insensitive</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((t: LookupTable) => (
            <tr key={t.id}>
              <td>
                <Link
                  to="/projects/$projectId/type-curves/lookup-tables/$tableId"
                  params={{ projectId, tableId: t.id }}
                >
                  {t.name}
                </Link>
              </td>
              <td>{t.tags.join(', ')}</td>
              <td>{t.rules.length}</td>
              <td>{t.caseInsensitiveMatching ? 'yes' : 'no'}</td>
              <td>{new Date(t.updatedAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.items.length === 0 && <p className="muted">No lookup tables yet.</p>}
      <Pager skip={search.skip} take={search.take} total={data.total} hasNext={data.hasNext} onSkip={onSkip} />
    </>
  );
}

function CreateLookupTable({ projectId, onError }: { projectId: string; onError: (e: unknown) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    if (!name.trim()) {
      form.setError('name', { type: 'contract', message: 'name must not be empty' });
      return;
    }
    try {
      const created = await createLookupTable(projectId, { name: name.trim() });
      await queryClient.invalidateQueries({ queryKey: lookupTablesKey(projectId) });
      await navigate({
        to: '/projects/$projectId/type-curves/lookup-tables/$tableId',
        params: { projectId, tableId: created.id },
      });
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) {
        form.setError('name', { type: 'server', message: e.message });
        return;
      }
      const rest = applyServerErrors(e, ['name'], form.setError);
      if (rest) onError(rest);
    }
  });
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="lt-new-title">
      <h2 id="lt-new-title">New lookup table</h2>
      <label htmlFor="lt-new-name">Name</label>
      <input
        id="lt-new-name"
        autoComplete="off"
        {...form.register('name')}
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={errors.name ? 'lt-new-name-error' : undefined}
      />
      {errors.name && (
        <div className="field-error" id="lt-new-name-error">
          {errors.name.message}
        </div>
      )}
      <div className="row form-actions">
        <button className="primary" type="submit" disabled={isSubmitting}>
          Create lookup table
        </button>
      </div>
    </form>
  );
}
