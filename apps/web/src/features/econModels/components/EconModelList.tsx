import type { EconModelKind } from '@econ/contract';
import { useState } from 'react';
import type { Report } from '../../../components/Banner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SortHeader } from '../../../components/Pager';
import {
  deleteEconModel,
  type EconModelDocument,
  type EconModelScope,
  useInvalidateEconModels,
} from '../api/econModels';
import { ModelLink } from './scopeLinks';

/** A page of a scope's models of one kind: each opens its form; engineers may copy or delete. */
export function EconModelList(props: {
  scope: EconModelScope;
  kind: EconModelKind;
  models: readonly EconModelDocument[];
  sort: string;
  onSort: (sort: string) => void;
  canWrite: boolean;
  report: Report;
}) {
  const { scope, kind, models, sort, onSort, canWrite, report } = props;
  const invalidate = useInvalidateEconModels(scope, kind);
  const [deleting, setDeleting] = useState<EconModelDocument | undefined>();
  const [busy, setBusy] = useState(false);
  const remove = async (m: EconModelDocument) => {
    setBusy(true);
    report.clear();
    try {
      await deleteEconModel(scope, kind, m.id);
      report.ok(`Deleted ${m.name}.`);
    } catch (e) {
      report.fail(e);
    } finally {
      setBusy(false);
      setDeleting(undefined);
      await invalidate();
    }
  };
  return (
    <>
      <table aria-label="Models">
        <thead>
          <tr>
            <SortHeader field="name" label="Name" sort={sort} onSort={onSort} />
            <th>Tags</th>
            <SortHeader field="createdAt" label="Created" sort={sort} onSort={onSort} />
            <SortHeader field="updatedAt" label="Updated" sort={sort} onSort={onSort} />
            {canWrite && <th>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.id}>
              <td>
                <ModelLink scope={scope} kind={kind} modelId={m.id}>
                  {m.name}
                </ModelLink>
                {m.probabilistic && <span className="badge"> probabilistic · read-only</span>}
              </td>
              <td>{m.tags.join(', ')}</td>
              <td>{new Date(m.createdAt).toLocaleString()}</td>
              <td>{new Date(m.updatedAt).toLocaleString()}</td>
              {canWrite && (
                <td>
                  <div className="row">
                    <ModelLink
                      className="button"
                      scope={scope}
                      kind={kind}
                      modelId="new"
                      copy={m.id}
                      aria-label={`Copy ${m.name}`}
                    >
                      Copy
                    </ModelLink>
                    {!m.probabilistic && (
                      <button
                        type="button"
                        className="danger"
                        aria-label={`Delete ${m.name}`}
                        onClick={() => setDeleting(m)}
                      >
                        Delete…
                      </button>
                    )}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        The model “{deleting?.name}” is deleted for good.
      </ConfirmDialog>
    </>
  );
}
