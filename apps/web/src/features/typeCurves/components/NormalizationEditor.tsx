import {
  NORMALIZATION_FIT_TYPES,
  NORMALIZATION_PHASES,
  NORMALIZATION_SEGMENTS_MAX,
  NORMALIZATION_TARGETS_MAX,
  NORMALIZATION_Y_AXES,
  type NormalizationPhase,
} from '@econ/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FieldValues, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Report } from '../../../components/Banner';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';
import { applyServerErrors, placeContractIssues } from '../../../lib/formErrors';
import { type ErrorSlots, ErrorSlotsProvider } from '../../econModels/components/errorSlots';
import { FieldError, NumberField, SelectField, TextField } from '../../econModels/components/fields';
import { normalizationQuery, putNormalization } from '../api/typeCurves';
import {
  DEFAULT_X_AXIS,
  factorsOf,
  type NormValues,
  normalizationBody,
  normFormPath,
  normValuesFromView,
  validateNormalization,
} from '../model/normalizationForm';
import { HeaderSelectField } from './HeaderSelectField';

type AnyForm = UseFormReturn<FieldValues>;

/**
 * The normalization editor (`GET|PUT /{id}/normalization`, a whole-document replace of the three
 * phases): per phase the axes (the x axis and the targets picked from the numeric well headers), up to 3 targets, up to 5 segments per factor with their fit type and
 * coefficients, a custom basis and a link to another phase. The contract checks the form before
 * the request; the API's 400 details land on the same fields.
 */
export function NormalizationEditor(props: {
  projectId: string;
  typeCurveId: string;
  readOnly: boolean;
  report: Report;
}) {
  return <ErrorSlotsProvider>{(slots) => <Body {...props} slots={slots} />}</ErrorSlotsProvider>;
}

function Body(props: { projectId: string; typeCurveId: string; readOnly: boolean; report: Report; slots: ErrorSlots }) {
  const { projectId, typeCurveId, readOnly, report, slots } = props;
  const queryClient = useQueryClient();
  const { data: stored } = useSuspenseQuery(normalizationQuery(projectId, typeCurveId));
  const form = useForm<NormValues>({ defaultValues: normValuesFromView(stored) });
  const anyForm = form as unknown as AnyForm;
  const { isDirty, isSubmitting } = form.formState;

  // Messages name fields by the labels shown on the page (decision 057).
  const place = (issues: readonly { path: string; message: string }[]) =>
    placeContractIssues(issues, slots.has, form.setError, slots.label);

  const submit = form.handleSubmit(async (values) => {
    report.clear();
    form.clearErrors();
    const issues = validateNormalization(values);
    if (issues.length) {
      const hidden = place(issues);
      report.fail(
        new Error(
          `The normalization is not valid yet${hidden.length ? `: ${hidden.join('; ')}` : ': the problems are marked next to their fields.'}`,
        ),
      );
      return;
    }
    try {
      const saved = await putNormalization(projectId, typeCurveId, normalizationBody(values));
      queryClient.setQueryData(normalizationQuery(projectId, typeCurveId).queryKey, saved);
      form.reset(normValuesFromView(saved));
      report.ok('Saved the normalization.');
    } catch (e) {
      const rest = applyServerErrors(e, slots.has, form.setError, {
        labels: slots.label,
        formPath: normFormPath,
      });
      report.fail(rest ?? new Error('Not saved: the service refused the marked fields.'));
    }
  });

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="tc-norm-title">
      <div className="row spread">
        <h2 id="tc-norm-title">Normalization</h2>
        {isDirty && <span className="badge warn">unsaved changes</span>}
      </div>
      <fieldset className="plain" disabled={readOnly}>
        {NORMALIZATION_PHASES.map((phase) => (
          <PhaseSection key={phase} form={anyForm} phase={phase} readOnly={readOnly} composite={stored?.[phase]} />
        ))}
      </fieldset>
      {!readOnly && (
        <div className="row form-actions">
          {isDirty && (
            <button type="button" onClick={() => form.reset(normValuesFromView(stored))}>
              Discard changes
            </button>
          )}
          <button className="primary" type="submit" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save normalization'}
          </button>
        </div>
      )}
    </form>
  );
}

function PhaseSection(props: {
  form: AnyForm;
  phase: NormalizationPhase;
  readOnly: boolean;
  composite: { xAxis: string; customBasisKey?: string | undefined } | undefined;
}) {
  const { form, phase, readOnly, composite } = props;
  const yAxis = useWatch({ control: form.control, name: `${phase}.yAxis` }) as NormValues['oil']['yAxis'];
  const linkedTo = useWatch({ control: form.control, name: `${phase}.linkedTo` }) as string;
  const used = factorsOf(yAxis ?? 'eur');
  return (
    <fieldset className="tc-norm-phase" aria-label={`${phase} normalization`}>
      <legend>
        {phase}
        {linkedTo ? ` (uses the multipliers of ${linkedTo})` : ''}
      </legend>
      <div className="tc-norm-grid">
        <HeaderSelectField form={form} path={`${phase}.xAxis`} label="x axis (header)" readOnly={readOnly} allowEmpty />
        <SelectField
          form={form}
          path={`${phase}.yAxis`}
          label="y axis"
          readOnly={readOnly}
          options={NORMALIZATION_Y_AXES}
        />
        <TextField
          form={form}
          path={`${phase}.customBasisKey`}
          label="Custom basis"
          readOnly={readOnly}
          hint={composite?.customBasisKey ? `read x axis: ${composite.xAxis}` : 'optional'}
        />
        <SelectField
          form={form}
          path={`${phase}.linkedTo`}
          label="Linked to"
          readOnly={readOnly}
          options={[
            { value: '', label: 'not linked' },
            ...NORMALIZATION_PHASES.filter((p) => p !== phase).map((p) => ({ value: p, label: p })),
          ]}
        />
      </div>
      <Targets form={form} phase={phase} readOnly={readOnly} />
      {(['eur', 'peak'] as const).map((factor) => (
        <Segments
          key={factor}
          form={form}
          phase={phase}
          factor={factor}
          used={used.includes(factor)}
          readOnly={readOnly}
        />
      ))}
    </fieldset>
  );
}

function Targets({ form, phase, readOnly }: { form: AnyForm; phase: NormalizationPhase; readOnly: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `${phase}.targets` });
  return (
    <div>
      <h3>
        Targets ({fields.length} of {NORMALIZATION_TARGETS_MAX})
      </h3>
      <FieldError form={form} path={`${phase}.targets`} />
      {fields.length > 0 && (
        <table className="tc-entries" aria-label={`${phase} targets`}>
          <thead>
            <tr>
              <th>Header</th>
              <th>Value</th>
              {!readOnly && <th />}
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <tr key={f.id}>
                <td>
                  <HeaderSelectField
                    form={form}
                    path={`${phase}.targets.${i}.key`}
                    label={`${phase} target ${i + 1} header`}
                    hideLabel
                    readOnly={readOnly}
                  />
                </td>
                <td>
                  <NumberField
                    form={form}
                    path={`${phase}.targets.${i}.value`}
                    label={`${phase} target ${i + 1} value`}
                    hideLabel
                    readOnly={readOnly}
                  />
                </td>
                <RemoveRowCell
                  label={`Remove ${phase} target ${i + 1}`}
                  onRemove={() => remove(i)}
                  readOnly={readOnly}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddRowButton
        rows={fields.length}
        max={NORMALIZATION_TARGETS_MAX}
        readOnly={readOnly}
        onAdd={() =>
          // A target is usually the x axis' value for the curve: start with that header.
          append({ key: (form.getValues(`${phase}.xAxis`) as string) || DEFAULT_X_AXIS, value: Number.NaN })
        }
      >
        Add {phase} target
      </AddRowButton>
    </div>
  );
}

function Segments(props: {
  form: AnyForm;
  phase: NormalizationPhase;
  factor: 'eur' | 'peak';
  used: boolean;
  readOnly: boolean;
}) {
  const { form, phase, factor, used, readOnly } = props;
  const name = `${phase}.${factor}.segments`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const label = `${phase} ${factor}`;
  return (
    <div>
      <h3>
        {factor === 'eur' ? 'EUR' : 'Peak'} segments ({fields.length} of {NORMALIZATION_SEGMENTS_MAX})
        {!used && <span className="muted"> · not applied with this y axis</span>}
      </h3>
      <FieldError form={form} path={name} />
      {fields.length > 0 && (
        <table className="tc-entries" aria-label={`${label} segments`}>
          <thead>
            <tr>
              <th>x start</th>
              <th>Fit type</th>
              <th>a</th>
              <th>b</th>
              {!readOnly && <th />}
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <tr key={f.id}>
                <td>
                  <NumberField
                    form={form}
                    path={`${name}.${i}.xStart`}
                    label={`${label} segment ${i + 1} x start`}
                    hideLabel
                    readOnly={readOnly}
                  />
                </td>
                <td>
                  <SelectField
                    form={form}
                    path={`${name}.${i}.fitType`}
                    label={`${label} segment ${i + 1} fit type`}
                    hideLabel
                    readOnly={readOnly}
                    options={NORMALIZATION_FIT_TYPES}
                  />
                </td>
                <td>
                  <NumberField
                    form={form}
                    path={`${name}.${i}.aValue`}
                    label={`${label} segment ${i + 1} a`}
                    hideLabel
                    readOnly={readOnly}
                    emptyAs={undefined}
                  />
                </td>
                <td>
                  <NumberField
                    form={form}
                    path={`${name}.${i}.bValue`}
                    label={`${label} segment ${i + 1} b`}
                    hideLabel
                    readOnly={readOnly}
                    emptyAs={undefined}
                  />
                </td>
                <RemoveRowCell
                  label={`Remove ${label} segment ${i + 1}`}
                  onRemove={() => remove(i)}
                  readOnly={readOnly}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddRowButton
        rows={fields.length}
        max={NORMALIZATION_SEGMENTS_MAX}
        readOnly={readOnly}
        onAdd={() => {
          const current = (form.getValues(name) as { xStart: number }[] | undefined) ?? [];
          const last = current[current.length - 1]?.xStart;
          append({
            xStart: Number.isFinite(last) ? (last as number) + 1000 : 0,
            fitType: 'linear',
            aValue: undefined,
            bValue: undefined,
          });
        }}
      >
        Add {label} segment
      </AddRowButton>
    </div>
  );
}
