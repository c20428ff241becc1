import { RISK_ROWS_MAX } from '@econ/contract';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';
import { CheckboxField, DateField, FieldError, fieldId, NumberField } from '../components/fields';
import type { KindFormProps } from './kindForm';
import { RISK_PERIOD_LABELS, type RiskPeriod, riskPeriodOf, riskRow } from './riskingRows';

type Form = UseFormReturn<FieldValues>;

const PHASES = [
  { key: 'oil', label: 'Oil' },
  { key: 'gas', label: 'Gas' },
  { key: 'ngl', label: 'NGL' },
  { key: 'dripCondensate', label: 'Drip condensate' },
  { key: 'water', label: 'Water' },
] as const;

/**
 * Riskings: per phase, no risk (100 %) or rows of a multiplier in percent over a period — the whole
 * well life, from dates, or months counted from the FPD or the as-of date.
 */
export function RiskingForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="rk-title">
      <h2 id="rk-title">Risking</h2>
      <p className="muted">
        Each month’s gross well-head volume is multiplied by its row’s percent (100 % outside the rows), before loss,
        shrinkage and interests.
      </p>
      <CheckboxField
        form={form}
        path="risking.riskProd"
        label="Also risk the actual production"
        readOnly={readOnly}
        hint="The forecast is always risked."
      />
      <CheckboxField
        form={form}
        path="risking.riskNglDripCondViaGasRisk"
        label="NGL and drip condensate follow the risked gas"
        readOnly={readOnly}
      />
      {PHASES.map((p) => (
        <PhaseRisk key={p.key} form={form} path={`risking.${p.key}`} label={p.label} readOnly={readOnly} />
      ))}
    </section>
  );
}

function PhaseRisk(props: { form: Form; path: string; label: string; readOnly: boolean }) {
  const { form, path, label, readOnly } = props;
  const value = useWatch({ control: form.control, name: path }) as { rows?: Record<string, unknown>[] } | undefined;
  const period = riskPeriodOf(value?.rows?.[0]);
  const id = fieldId(path);
  const choose = (to: RiskPeriod | 'none') => {
    form.setValue(path, to === 'none' ? undefined : { rows: [riskRow(to, 0)] }, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger('risking');
  };
  return (
    <fieldset className="oneof-group">
      <legend>{label}</legend>
      <label htmlFor={`${id}-period`}>{label} risk period</label>
      <select
        id={`${id}-period`}
        value={period ?? 'none'}
        disabled={readOnly}
        onChange={(e) => choose(e.target.value as RiskPeriod | 'none')}
      >
        <option value="none">No risk (100 %)</option>
        {(Object.keys(RISK_PERIOD_LABELS) as RiskPeriod[]).map((k) => (
          <option key={k} value={k}>
            {RISK_PERIOD_LABELS[k]}
          </option>
        ))}
      </select>
      {period && <RiskRows form={form} path={`${path}.rows`} label={label} period={period} readOnly={readOnly} />}
      <FieldError form={form} path={`${path}.rows`} />
    </fieldset>
  );
}

function RiskRows(props: { form: Form; path: string; label: string; period: RiskPeriod; readOnly: boolean }) {
  const { form, path, label, period, readOnly } = props;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: path });
  const offset = period === 'offsetToFpd' || period === 'offsetToAsOf';
  return (
    <table className="entries">
      <thead>
        <tr>
          {period === 'dates' && <th scope="col">From</th>}
          {offset && <th scope="col">From month</th>}
          {offset && <th scope="col">To month</th>}
          <th scope="col">Multiplier (%)</th>
          {!readOnly && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {fields.map((f, i) => (
          <tr key={f.id}>
            {period === 'dates' && (
              <td>
                <DateField
                  form={form}
                  path={`${path}.${i}.dates`}
                  label={`${label} row ${i + 1} date`}
                  hideLabel
                  readOnly={readOnly}
                />
              </td>
            )}
            {offset &&
              (['start', 'end'] as const).map((k) => (
                <td key={k}>
                  <NumberField
                    form={form}
                    path={`${path}.${i}.${period}.${k}`}
                    label={`${label} row ${i + 1} ${k === 'start' ? 'from' : 'to'} month`}
                    hideLabel
                    readOnly={readOnly}
                  />
                </td>
              ))}
            <td>
              <NumberField
                form={form}
                path={`${path}.${i}.multiplier`}
                label={`${label} row ${i + 1} multiplier`}
                hideLabel
                readOnly={readOnly}
              />
            </td>
            <RemoveRowCell
              label={`Remove ${label.toLowerCase()} row ${i + 1}`}
              onRemove={() => remove(i)}
              readOnly={readOnly}
              disabled={fields.length === 1}
            />
          </tr>
        ))}
      </tbody>
      {period !== 'entireWellLife' && (
        <tfoot>
          <tr>
            <td colSpan={4}>
              <AddRowButton
                rows={fields.length}
                max={RISK_ROWS_MAX}
                readOnly={readOnly}
                onAdd={() => append(riskRow(period, fields.length, form.getValues(path) as Record<string, unknown>[]))}
              >
                Add {label.toLowerCase()} row
              </AddRowButton>
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
