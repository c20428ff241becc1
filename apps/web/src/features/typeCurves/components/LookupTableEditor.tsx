import type { LookupTable, TypeCurve } from '@econ/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { type FieldValues, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useBanner } from '../../../components/Banner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { applyServerErrors, placeContractIssues } from '../../../lib/formErrors';
import { type ErrorSlots, ErrorSlotsProvider } from '../../econModels/components/errorSlots';
import {
  CheckboxField,
  DateField,
  FieldError,
  NumberField,
  SelectField,
  TextField,
} from '../../econModels/components/fields';
import { TagsField } from '../../econModels/components/TagsField';
import { deleteLookupTable, lookupTablesKey, putLookupTable } from '../api/typeCurves';
import {
  emptyRule,
  type LookupTableValues,
  lookupFormPath,
  lookupTableBody,
  lookupValuesFromTable,
  validateLookupTable,
} from '../model/lookupTableForm';
import { RuleFilterEditor } from './RuleFilterEditor';
import './typeCurves.css';
import './lookupTables.css';

type AnyForm = UseFormReturn<FieldValues>;

/**
 * A lookup table (`PUT /{id}`, a whole replace; rename allowed): name, case-insensitive matching,
 * tags and the rules, each naming a type curve of the project and filtering the wells with
 * conditions on their headers. Read-only for support users.
 */
export function LookupTableEditor(props: {
  projectId: string;
  table: LookupTable;
  typeCurves: readonly TypeCurve[];
  readOnly: boolean;
}) {
  return <ErrorSlotsProvider>{(slots) => <Body {...props} slots={slots} />}</ErrorSlotsProvider>;
}

function Body(props: {
  projectId: string;
  table: LookupTable;
  typeCurves: readonly TypeCurve[];
  readOnly: boolean;
  slots: ErrorSlots;
}) {
  const { projectId, table, typeCurves, readOnly, slots } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { banner, report } = useBanner();
  const [confirm, setConfirm] = useState(false);
  const form = useForm<LookupTableValues>({ defaultValues: lookupValuesFromTable(table) });
  const anyForm = form as unknown as AnyForm;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rules' });
  const { isDirty, isSubmitting } = form.formState;

  // Messages name fields by the labels shown on the page (decision 057).
  const place = (issues: readonly { path: string; message: string }[]) =>
    placeContractIssues(issues, slots.has, form.setError, slots.label);

  const submit = form.handleSubmit(async (values) => {
    report.clear();
    form.clearErrors();
    const issues = validateLookupTable(values);
    if (issues.length) {
      const hidden = place(issues);
      report.fail(
        new Error(
          hidden.length
            ? `Not valid yet: ${hidden.join('; ')}`
            : 'Not valid yet: the problems are marked next to their fields.',
        ),
      );
      return;
    }
    try {
      const saved = await putLookupTable(projectId, table.id, { id: table.id, ...lookupTableBody(values) });
      queryClient.setQueryData([...lookupTablesKey(projectId), table.id], saved);
      await queryClient.invalidateQueries({ queryKey: lookupTablesKey(projectId) });
      form.reset(lookupValuesFromTable(saved));
      report.ok(`Saved ${saved.name}.`);
    } catch (e) {
      const rest = applyServerErrors(e, slots.has, form.setError, {
        labels: slots.label,
        formPath: lookupFormPath,
        statusFields: { 409: 'name' },
      });
      report.fail(rest ?? new Error('Not saved: the service refused the marked fields.'));
    }
  });

  const remove_ = async () => {
    try {
      await deleteLookupTable(projectId, table.id);
      await queryClient.invalidateQueries({ queryKey: lookupTablesKey(projectId) });
      await navigate({
        to: '/projects/$projectId/type-curves/lookup-tables',
        params: { projectId },
        search: {} as never,
      });
    } catch (e) {
      setConfirm(false);
      report.fail(e);
    }
  };

  const curveOptions = [
    { value: '', label: '— choose a type curve —' },
    ...typeCurves.map((tc) => ({ value: tc.id, label: tc.name })),
  ];
  return (
    <form onSubmit={submit} noValidate aria-label="Lookup table">
      {readOnly && (
        <div className="banner warn" role="note">
          Read only: your role can inspect lookup tables but not change them.
        </div>
      )}
      {banner}
      <fieldset className="plain" disabled={readOnly}>
        <section className="panel" aria-labelledby="lt-title">
          <h2 id="lt-title">Table</h2>
          <div className="grid-fields">
            <TextField form={anyForm} path="name" label="Name" readOnly={readOnly} />
            <TagsField form={anyForm} readOnly={readOnly} />
          </div>
          <CheckboxField
            form={anyForm}
            path="caseInsensitiveMatching"
            label="Case-insensitive matching"
            readOnly={readOnly}
          />
        </section>
        <section className="panel" aria-labelledby="lt-rules-title">
          <h2 id="lt-rules-title">Rules ({fields.length})</h2>
          <FieldError form={anyForm} path="rules" />
          {fields.length === 0 ? (
            <p className="muted">No rules yet.</p>
          ) : (
            <ol className="tc-rules">
              {fields.map((f, i) => (
                <RuleCard
                  key={f.id}
                  form={anyForm}
                  index={i}
                  readOnly={readOnly}
                  curveOptions={curveOptions}
                  onRemove={() => remove(i)}
                />
              ))}
            </ol>
          )}
          {!readOnly && (
            <button type="button" className="add-row" onClick={() => append(emptyRule(typeCurves[0]?.id ?? ''))}>
              Add rule
            </button>
          )}
        </section>
      </fieldset>
      {!readOnly && (
        <div className="row form-actions">
          <button className="primary" type="submit" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save lookup table'}
          </button>
          <button type="button" className="danger" onClick={() => setConfirm(true)}>
            Delete…
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        title={`Delete ${table.name}?`}
        confirmLabel="Delete"
        onConfirm={remove_}
        onCancel={() => setConfirm(false)}
      >
        The lookup table “{table.name}” and its rules are deleted for good.
      </ConfirmDialog>
    </form>
  );
}

/** One rule: the type curve, the filter's conditions, series and FPD, risk factors and normalization. */
function RuleCard(props: {
  form: AnyForm;
  index: number;
  readOnly: boolean;
  curveOptions: { value: string; label: string }[];
  onRemove: () => void;
}) {
  const { form, index: i, readOnly, curveOptions, onRemove } = props;
  const n = i + 1;
  const p = (f: string) => `rules.${i}.${f}`;
  const source = useWatch({ control: form.control, name: p('normalizationSource') }) as string;
  return (
    <li className="tc-rule" aria-label={`Rule ${n}`}>
      <div className="row spread">
        <h3>Rule {n}</h3>
        {!readOnly && (
          <button type="button" className="danger" aria-label={`Remove rule ${n}`} onClick={onRemove}>
            Remove
          </button>
        )}
      </div>
      <div className="tc-rule-grid">
        <SelectField
          form={form}
          path={p('typeCurve')}
          label={`Rule ${n} type curve`}
          readOnly={readOnly}
          options={curveOptions}
        />
        <TextField form={form} path={p('applySeries')} label={`Rule ${n} apply series`} readOnly={readOnly} />
        <TextField form={form} path={p('fpdSource')} label={`Rule ${n} FPD source`} readOnly={readOnly} />
        <DateField form={form} path={p('fixedDate')} label={`Rule ${n} fixed date`} readOnly={readOnly} />
        {(['Oil', 'Gas', 'Water'] as const).map((ph) => (
          <NumberField
            key={ph}
            form={form}
            path={p(`riskFactorPeak${ph}`)}
            label={`Rule ${n} risk factor peak ${ph.toLowerCase()}`}
            readOnly={readOnly}
            emptyAs={undefined}
          />
        ))}
        <SelectField
          form={form}
          path={p('normalizationSource')}
          label={`Rule ${n} normalization`}
          readOnly={readOnly}
          options={[
            { value: '', label: 'none' },
            { value: 'own', label: 'own' },
            { value: 'shared', label: 'shared preset' },
          ]}
        />
        {source === 'shared' && (
          <TextField form={form} path={p('preset')} label={`Rule ${n} preset`} readOnly={readOnly} />
        )}
      </div>
      <RuleFilterEditor form={form} rule={i} readOnly={readOnly} />
    </li>
  );
}
