import { SCHEDULE_ROWS_MAX } from '@econ/contract';
import { useRef } from 'react';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { DateField, FieldError, fieldId, NumberField, useFieldError } from '../components/fields';
import { nextRow, type ScheduleMode, scheduleMode, switchSchedule } from './flatOrByDate';
import './flatOrByDate.css';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';

type Form = UseFormReturn<FieldValues>;

interface Props {
  form: Form;
  /** The body path of the `{flat} | {byDate}` object, e.g. `pricing.oil`. */
  path: string;
  /** e.g. "Oil" (used in every input's label). */
  label: string;
  /** e.g. `$/BBL`. */
  unit: string;
  /** The rows' amount key: `price` or `cost`. */
  valueKey: string;
  readOnly: boolean;
}

/**
 * An amount that is flat or by date (exactly one of `flat`, `byDate`): a radio pair, then the flat
 * box or the dated rows. Switching keeps what was typed for the other mode, to come back to.
 */
export function FlatOrByDateField({ form, path, label, unit, valueKey, readOnly }: Props) {
  const value = useWatch({ control: form.control, name: path });
  const mode = scheduleMode(value);
  const kept = useRef<Partial<Record<ScheduleMode, unknown>>>({});
  const id = fieldId(path);
  const error = useFieldError(form, path);
  const choose = (to: ScheduleMode) => {
    if (to === mode) return;
    const current = form.getValues(path) as Record<string, unknown> | undefined;
    kept.current[mode] = structuredClone(current?.[mode]);
    const writes = switchSchedule(current, to, valueKey, new Date(), kept.current[to]);
    for (const [k, v] of Object.entries(writes)) form.setValue(`${path}.${k}`, v, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger(path);
  };
  const lower = label.toLowerCase();
  return (
    <fieldset className="fbd" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>
        {label} ({unit})
      </legend>
      <div className="oneof-choices">
        {(['flat', 'byDate'] as const).map((m) => (
          <label key={m} className="choice">
            <input
              type="radio"
              name={`${id}-mode`}
              value={m}
              checked={mode === m}
              disabled={readOnly}
              onChange={() => choose(m)}
            />
            {m === 'flat' ? 'Flat' : 'By date'}
          </label>
        ))}
      </div>
      {mode === 'flat' ? (
        <NumberField
          form={form}
          path={`${path}.flat`}
          label={`${label} flat ${valueKey}`}
          unit={unit}
          readOnly={readOnly}
        />
      ) : (
        <ScheduleRows
          form={form}
          path={`${path}.byDate`}
          label={label}
          lower={lower}
          valueKey={valueKey}
          unit={unit}
          readOnly={readOnly}
        />
      )}
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </fieldset>
  );
}

function ScheduleRows(props: {
  form: Form;
  path: string;
  label: string;
  lower: string;
  valueKey: string;
  unit: string;
  readOnly: boolean;
}) {
  const { form, path, label, lower, valueKey, unit, readOnly } = props;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: path });
  const titleId = `${fieldId(path)}-title`;
  return (
    <>
      <p className="muted fbd-note" id={titleId}>
        Each row’s {valueKey} holds from its date until the next row’s date (the first row’s also before it). Dates must
        strictly increase.
      </p>
      <table className="entries fbd-rows" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">
              {valueKey === 'price' ? 'Price' : 'Cost'} ({unit})
            </th>
            {!readOnly && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {fields.map((f, i) => (
            <tr key={f.id}>
              <td>
                <DateField
                  form={form}
                  path={`${path}.${i}.date`}
                  label={`${label} row ${i + 1} date`}
                  hideLabel
                  readOnly={readOnly}
                />
              </td>
              <td>
                <NumberField
                  form={form}
                  path={`${path}.${i}.${valueKey}`}
                  label={`${label} row ${i + 1} ${valueKey}`}
                  hideLabel
                  readOnly={readOnly}
                />
              </td>
              <RemoveRowCell
                label={`Remove ${lower} row ${i + 1}`}
                onRemove={() => remove(i)}
                disabled={fields.length <= 1}
                readOnly={readOnly}
              />
            </tr>
          ))}
        </tbody>
      </table>
      <FieldError form={form} path={path} />
      <AddRowButton
        rows={fields.length}
        max={SCHEDULE_ROWS_MAX}
        readOnly={readOnly}
        onAdd={() => append(nextRow((form.getValues(path) ?? []) as Record<string, unknown>[], valueKey, new Date()))}
      >
        Add {lower} row
      </AddRowButton>
    </>
  );
}
