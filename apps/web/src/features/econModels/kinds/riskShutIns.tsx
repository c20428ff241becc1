import { ROWS_MAX, SHUT_IN_REPEATS, SHUT_IN_SCALE_ENDS } from '@econ/contract';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddRowButton } from '../../../components/RowButtons';
import { CheckboxField, DateField, FieldError, fieldId, NumberField, SelectField } from '../components/fields';
import {
  newRiskShutInRow,
  RISK_SHUT_IN_PERIOD_LABELS,
  type RiskShutInPeriod,
  riskShutInPeriodOf,
  withRiskShutInPeriod,
  withScaleEnd,
} from './riskShutInRows';

type Form = UseFormReturn<FieldValues>;

const SHUT_IN = 'shutIn';
const ROWS = `${SHUT_IN}.rows`;
const PHASE_OPTIONS = [
  { value: 'all', label: 'All phases' },
  { value: 'oil', label: 'Oil' },
  { value: 'gas', label: 'Gas (and NGL, drip condensate)' },
  { value: 'water', label: 'Water' },
];
const REPEAT_LABELS: Record<(typeof SHUT_IN_REPEATS)[number], string> = {
  no_repeat: 'Once',
  monthly: 'Every month',
  yearly: 'Every year',
};
const SCALE_END_LABELS: Record<(typeof SHUT_IN_SCALE_ENDS)[number], string> = {
  econ_limit: 'The economic limit',
  dates: 'A date',
  offset_to_as_of_date: 'A month from the as-of date',
};
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The riskings model's shut-ins (decision 042): each a phase (or all) off over dates (repeated
 * monthly or yearly) or months or days from the as-of date; production resumes where it stopped,
 * × a multiplier to its end; whether fixed expenses and CAPEX inside it are kept.
 */
export function RiskShutIns({ form, readOnly }: { form: Form; readOnly: boolean }) {
  // No table until a shut-in is added: a table left empty is not a valid model.
  const table = useWatch({ control: form.control, name: SHUT_IN }) as { rows?: unknown[] } | undefined;
  return (
    <fieldset className="oneof-group">
      <legend>Shut-ins</legend>
      <p className="muted">
        The forecast is 0 over each shut-in and resumes where it stopped (the rest moves later), times the multiplier to
        its end. The actual production is untouched.
      </p>
      {table ? (
        <ShutInRows form={form} readOnly={readOnly} />
      ) : (
        <>
          <p className="muted">No shut-ins.</p>
          <AddRowButton
            rows={0}
            max={ROWS_MAX}
            readOnly={readOnly}
            onAdd={() => form.setValue(SHUT_IN, { rows: [newRiskShutInRow([], today())] }, { shouldDirty: true })}
          >
            Add shut-in
          </AddRowButton>
        </>
      )}
    </fieldset>
  );
}

function ShutInRows({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: ROWS });
  const revalidate = () => {
    if (form.formState.isSubmitted) void form.trigger(SHUT_IN);
  };
  return (
    <>
      {fields.map((f, i) => (
        <ShutInRow
          key={f.id}
          form={form}
          index={i}
          readOnly={readOnly}
          onRemove={() => {
            // The last row removed: no shut-in table at all (a table holds at least one row).
            if (fields.length === 1) form.setValue(SHUT_IN, undefined, { shouldDirty: true });
            else remove(i);
            revalidate();
          }}
        />
      ))}
      <FieldError form={form} path={ROWS} />
      <AddRowButton
        rows={fields.length}
        max={ROWS_MAX}
        readOnly={readOnly}
        onAdd={() => {
          append(newRiskShutInRow((form.getValues(ROWS) as Record<string, unknown>[] | undefined) ?? [], today()));
          revalidate();
        }}
      >
        Add shut-in
      </AddRowButton>
    </>
  );
}

function ShutInRow(props: { form: Form; index: number; readOnly: boolean; onRemove: () => void }) {
  const { form, index, readOnly, onRemove } = props;
  const path = `${ROWS}.${index}`;
  const n = index + 1;
  const row = useWatch({ control: form.control, name: path }) as Record<string, unknown> | undefined;
  const period = riskShutInPeriodOf(row);
  const criteria = (row?.scalePostShutInEndCriteria as string | undefined) ?? 'econ_limit';
  const id = fieldId(path);
  const set = (next: Record<string, unknown>) => {
    form.setValue(path, next, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger(path);
  };
  const common = { form, readOnly };
  const unit = period === 'days' ? 'day' : 'month';
  return (
    <fieldset className="oneof-group">
      <legend>Shut-in {n}</legend>
      <div className="grid-fields">
        <SelectField {...common} path={`${path}.phase`} label={`Shut-in ${n} phase`} options={PHASE_OPTIONS} />
        <div className="field">
          <label htmlFor={`${id}-period`}>Shut-in {n} period</label>
          <select
            id={`${id}-period`}
            value={period}
            disabled={readOnly}
            onChange={(e) =>
              set(withRiskShutInPeriod(form.getValues(path), e.target.value as RiskShutInPeriod, today()))
            }
          >
            {(Object.keys(RISK_SHUT_IN_PERIOD_LABELS) as RiskShutInPeriod[]).map((k) => (
              <option key={k} value={k}>
                {RISK_SHUT_IN_PERIOD_LABELS[k]}
              </option>
            ))}
          </select>
          <FieldError form={form} path={path} />
        </div>
        {period === 'dates' ? (
          <>
            <DateField {...common} path={`${path}.dates.startDate`} label={`Shut-in ${n} first day`} />
            <DateField {...common} path={`${path}.dates.endDate`} label={`Shut-in ${n} last day`} />
            <SelectField
              {...common}
              path={`${path}.repeatRangeOfDates`}
              label={`Shut-in ${n} repeats`}
              options={SHUT_IN_REPEATS.map((r) => ({ value: r, label: REPEAT_LABELS[r] }))}
            />
            {row?.repeatRangeOfDates !== 'no_repeat' && (
              <NumberField {...common} path={`${path}.totalOccurrences`} label={`Shut-in ${n} times`} />
            )}
          </>
        ) : (
          <>
            <NumberField {...common} path={`${path}.offsetToAsOf.start`} label={`Shut-in ${n} from ${unit}`} />
            <NumberField {...common} path={`${path}.offsetToAsOf.end`} label={`Shut-in ${n} to ${unit}`} />
          </>
        )}
        <NumberField
          {...common}
          path={`${path}.multiplier`}
          label={`Shut-in ${n} multiplier after`}
          hint="1: production comes back as it was."
        />
        <div className="field">
          <label htmlFor={`${id}-scale`}>Shut-in {n} multiplier until</label>
          <select
            id={`${id}-scale`}
            value={criteria}
            disabled={readOnly}
            onChange={(e) => set(withScaleEnd(form.getValues(path), e.target.value))}
          >
            {SHUT_IN_SCALE_ENDS.map((k) => (
              <option key={k} value={k}>
                {SCALE_END_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {criteria === 'dates' && (
          <DateField {...common} path={`${path}.scalePostShutInEnd`} label={`Shut-in ${n} multiplier end date`} />
        )}
        {criteria === 'offset_to_as_of_date' && (
          <NumberField {...common} path={`${path}.scalePostShutInEnd`} label={`Shut-in ${n} multiplier end month`} />
        )}
        <CheckboxField {...common} path={`${path}.fixedExpense`} label={`Shut-in ${n} keeps fixed expenses`} />
        <CheckboxField {...common} path={`${path}.capex`} label={`Shut-in ${n} keeps CAPEX inside it`} />
      </div>
      {!readOnly && (
        <button type="button" className="danger" onClick={onRemove}>
          Remove shut-in {n}
        </button>
      )}
    </fieldset>
  );
}
