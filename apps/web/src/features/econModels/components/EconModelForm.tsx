import { ECON_MODEL_SPECS, type EconModelKind, type EconModelResult } from '@econ/contract';
import { useEffect, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useBanner } from '../../../components/Banner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { applyServerErrors, bannerLines } from '../../../lib/formErrors';
import {
  deleteEconModel,
  type EconModelDocument,
  type EconModelScope,
  useInvalidateEconModels,
  writeEconModel,
} from '../api/econModels';
import { KIND_FORMS } from '../kinds';
import { titleInSentence } from '../model/kind';
import { econModelLabels } from '../model/labels';
import { clearNotice, peekNotice, setNotice } from '../model/notice';
import { placeRecordErrors } from '../model/serverErrors';
import { econModelResolver, validateBody } from '../model/validate';
import { type ErrorSlots, ErrorSlotsProvider } from './errorSlots';
import { CheckboxField, TextField } from './fields';
import { ModelLink, useModelNavigate } from './scopeLinks';
import { TagsField } from './TagsField';

/** Whether a write failed only because its `copiedFrom` names a model that no longer exists. */
const sourceGone = (r: EconModelResult): boolean =>
  r.status === 'Error' && (r.errors ?? []).length > 0 && (r.errors ?? []).every((e) => e.field === 'copiedFrom');

/** What the page edits: a new model, a stored one, or a copy of a stored one. */
export type EconModelTarget =
  | { mode: 'create' }
  | { mode: 'edit'; doc: EconModelDocument }
  | { mode: 'copy'; source: EconModelDocument };

export interface EconModelFormProps {
  /** A project's models or the company's. */
  scope: EconModelScope;
  kind: EconModelKind;
  target: EconModelTarget;
  defaultValues: Record<string, unknown>;
  /** Support users read only: inputs disabled, no save, copy or delete. */
  canWrite: boolean;
}

/**
 * The page of one econ model: the envelope (name, tags, unique), the kind's form, and save, copy and
 * delete. Every rule of the contract runs before the request (`econModelResolver`); the service's
 * objections to the record land next to their fields, the rest in the banner.
 */
export function EconModelForm(props: EconModelFormProps) {
  return <ErrorSlotsProvider>{(slots) => <FormBody {...props} slots={slots} />}</ErrorSlotsProvider>;
}

function FormBody({ scope, kind, target, defaultValues, canWrite, slots }: EconModelFormProps & { slots: ErrorSlots }) {
  const spec = ECON_MODEL_SPECS[kind];
  const KindForm = KIND_FORMS[kind];
  const nav = useModelNavigate(scope, kind);
  const invalidate = useInvalidateEconModels(scope, kind);
  const stored = target.mode === 'edit' ? target.doc : undefined;
  const [notice] = useState(() => peekNotice(stored?.id));
  useEffect(() => clearNotice(stored?.id), [stored?.id]);
  const { banner, report } = useBanner(notice ? { ok: notice } : {});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Messages name fields by the labels of the fields on the page (decision 057).
  const [labels] = useState(() => econModelLabels(slots.label));
  const form = useForm<FieldValues>({
    resolver: econModelResolver(spec.functions, labels),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const probabilistic = stored?.probabilistic === true;
  const readOnly = !canWrite || probabilistic;

  const toModel = (id: string) => nav.toModel(id, { replace: true });

  const onInvalid = () => {
    const result = validateBody(spec.functions, form.getValues());
    const hidden = result.ok ? [] : result.issues.filter((i) => !slots.has(i.path));
    report.fail(
      new Error(
        hidden.length === 0
          ? 'The model is not valid yet: the problems are marked next to their fields.'
          : `The model is not valid yet: ${bannerLines(
              hidden.map((i) => ({ field: i.path, message: i.message })),
              labels,
            ).join('; ')}`,
      ),
    );
  };

  const submit = form.handleSubmit(async (body) => {
    report.clear();
    const copiedFrom = target.mode === 'copy' ? target.source.id : (stored?.copiedFrom ?? undefined);
    const payload = copiedFrom ? { ...body, copiedFrom } : body;
    const renamed = stored !== undefined && body.name !== stored.name;
    try {
      // PUT upserts by name, so a renamed model is created under its new name (a taken name is a
      // 409 there, never an overwrite of another model) and the old one deleted.
      const method = stored && !renamed ? 'PUT' : 'POST';
      let result = await writeEconModel(scope, kind, method, payload);
      // PUT keeps an unchanged copiedFrom even when its source is gone, but a rename is a POST, which
      // refuses such a copiedFrom: the model is then saved without it rather than not at all.
      if (target.mode === 'edit' && copiedFrom && sourceGone(result)) {
        result = await writeEconModel(scope, kind, method, body);
      }
      if (result.status === 'Error') {
        const { placed, unplaced } = placeRecordErrors(result.errors ?? [], slots.has, labels);
        for (const p of placed) form.setError(p.path, { type: 'server', message: p.message });
        report.fail(
          new Error(
            unplaced.length > 0
              ? `Not saved: ${unplaced.join('; ')}`
              : 'Not saved: the service refused the marked fields.',
          ),
        );
        return;
      }
      if (renamed && stored) await deleteEconModel(scope, kind, stored.id);
      await invalidate();
      form.reset(form.getValues());
      if (result.id && result.id !== stored?.id) {
        setNotice(
          result.id,
          renamed ? `Saved as ${result.name ?? body.name}.` : `Created ${result.name ?? body.name}.`,
        );
        await toModel(result.id);
        return;
      }
      report.ok(`Saved ${result.name ?? body.name}.`);
    } catch (e) {
      const rest = applyServerErrors(e, slots.has, form.setError, { labels });
      if (rest) report.fail(rest);
      else report.fail(new Error('Not saved: the service refused the marked fields.'));
    }
  }, onInvalid);

  const remove = async () => {
    if (!stored) return;
    setDeleting(true);
    try {
      await deleteEconModel(scope, kind, stored.id);
      setConfirmDelete(false);
      await invalidate();
      await nav.toList({ deleted: stored.name });
    } catch (e) {
      setConfirmDelete(false);
      report.fail(e);
    } finally {
      setDeleting(false);
    }
  };

  const title = titleInSentence(spec.title);
  return (
    <form onSubmit={submit} noValidate aria-label={`${spec.title} model`}>
      {probabilistic && (
        <div className="banner warn" role="note">
          This is a probabilistic CAPEX model. The service keeps probabilistic models read-only: they are imported with
          their distributions, not edited here. Copy it to get a standard CAPEX model you can change.
        </div>
      )}
      {!canWrite && !probabilistic && (
        <div className="banner warn" role="note">
          Your role can read econ models but not change them.
        </div>
      )}
      {banner}
      <fieldset className="plain" disabled={readOnly}>
        <section className="panel" aria-labelledby="model-envelope">
          <h2 id="model-envelope">Model</h2>
          <div className="grid-fields">
            <TextField form={form} path="name" label="Name" readOnly={readOnly} />
            <TagsField form={form} readOnly={readOnly} />
          </div>
          <CheckboxField form={form} path="unique" label="Unique" readOnly={readOnly} />
          {stored && (
            <p className="muted">
              Created {new Date(stored.createdAt).toLocaleString()} · updated{' '}
              {new Date(stored.updatedAt).toLocaleString()}
              {stored.copiedFrom && (
                <>
                  {' · copied from '}
                  <ModelLink scope={scope} kind={kind} modelId={stored.copiedFrom}>
                    {stored.copiedFrom}
                  </ModelLink>
                </>
              )}
            </p>
          )}
        </section>
        <KindForm form={form} readOnly={readOnly} stored={stored} />
      </fieldset>
      <div className="row form-actions">
        {!readOnly && (
          <button className="primary" type="submit" disabled={form.formState.isSubmitting}>
            {target.mode === 'edit' ? 'Save' : `Create ${title} model`}
          </button>
        )}
        {canWrite && stored && (
          <button type="button" onClick={() => nav.toModel('new', { copy: stored.id })}>
            Copy…
          </button>
        )}
        {canWrite && stored && !probabilistic && (
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
            Delete…
          </button>
        )}
        {!readOnly && form.formState.isDirty && <span className="muted">unsaved changes</span>}
      </div>
      {stored && (
        <ConfirmDialog
          open={confirmDelete}
          title={`Delete ${stored.name}?`}
          confirmLabel="Delete"
          busy={deleting}
          onConfirm={remove}
          onCancel={() => setConfirmDelete(false)}
        >
          The {title} model “{stored.name}” is deleted for good.
        </ConfirmDialog>
      )}
    </form>
  );
}
