import { ROWS_MAX, SHUT_IN_PERIODS, type ShutInPeriod } from '@econ/contract';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';
import { DateField, FieldError, fieldId, NumberField, SelectField, TextField } from '../components/fields';
import { DatedRowsField } from '../rows/DatedRowsField';
import type { KindFormProps } from './kindForm';
import { newShutInRow, SHUT_IN_PERIOD_LABELS, shutInPeriodOf, withShutInPeriod } from './shutInRows';

type Form = UseFormReturn<FieldValues>;

const SHUT_IN = 'operations.shutIn';
const ROWS = `${SHUT_IN}.rows`;
const PHASE_OPTIONS = [
  { value: 'all', label: 'All phases' },
  { value: 'oil', label: 'Oil' },
  { value: 'gas', label: 'Gas (and NGL, drip condensate)' },
  { value: 'water', label: 'Water' },
];
const RESUME_OPTIONS = [
  { value: 'shifted', label: 'Where it stopped (shifted)' },
  { value: 'calendar', label: 'On the calendar (volume lost)' },
];
const DOWNTIME = [{ key: 'pctDowntime', label: '%' }] as const;
const SCHEDULE = [
  { key: 'daysOnPerMonth', label: 'days/month' },
  { key: 'hoursOnPerDay', label: 'hours/day' },
] as const;

/**
 * Operations: shut-in periods (a phase or all, dates or months from a reference date, how
 * production resumes, a multiplier after), downtime by period and the operating schedule by period.
 * The forecast only; the actual production is untouched.
 */
export function OperationsForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="op-title">
      <h2 id="op-title">Operations</h2>
      <p className="muted">
        Applied to the forecast only: shut-ins first, then each month × (1 − downtime) × the share of time on.
      </p>
      <FieldError form={form} path="operations" />
      <ShutIns form={form} readOnly={readOnly} />
      <DatedRowsField
        form={form}
        path="operations.downtime"
        label="Downtime"
        units={DOWNTIME}
        valueLabel="Downtime"
        defaultValue={5}
        optional={{ noneLabel: 'No downtime' }}
        revalidate="operations"
        readOnly={readOnly}
      />
      <DatedRowsField
        form={form}
        path="operations.schedule"
        label="Schedule"
        units={SCHEDULE}
        valueLabel="Time on"
        defaultValue={30}
        optional={{ noneLabel: 'Producing every day' }}
        revalidate="operations"
        readOnly={readOnly}
      />
    </section>
  );
}

function ShutIns({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: ROWS });
  const revalidate = () => {
    if (form.formState.isSubmitted) void form.trigger('operations');
  };
  return (
    <fieldset className="oneof-group">
      <legend>Shut-ins</legend>
      {fields.length === 0 ? (
        <p className="muted">No shut-ins.</p>
      ) : (
        <table className="entries">
          <thead>
            <tr>
              <th scope="col">Phase</th>
              <th scope="col">Period</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Resumes</th>
              <th scope="col">Multiplier after (%)</th>
              <th scope="col">For months</th>
              <th scope="col">Description</th>
              {!readOnly && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <ShutInRowCells
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
          </tbody>
        </table>
      )}
      <FieldError form={form} path={ROWS} />
      <AddRowButton
        rows={fields.length}
        max={ROWS_MAX}
        readOnly={readOnly}
        onAdd={() => {
          append(newShutInRow(form.getValues(ROWS) as Record<string, unknown>[] | undefined));
          revalidate();
        }}
      >
        Add shut-in
      </AddRowButton>
    </fieldset>
  );
}

function ShutInRowCells(props: { form: Form; index: number; readOnly: boolean; onRemove: () => void }) {
  const { form, index, readOnly, onRemove } = props;
  const path = `${ROWS}.${index}`;
  const n = index + 1;
  const row = useWatch({ control: form.control, name: path }) as Record<string, unknown> | undefined;
  const period = shutInPeriodOf(row) ?? 'dates';
  const choose = (to: ShutInPeriod) => {
    form.setValue(path, withShutInPeriod(form.getValues(path) as Record<string, unknown>, to), { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger(path);
  };
  const id = fieldId(path);
  // Every input of the row: in a table cell, labelled for screen readers.
  const cell = { form, hideLabel: true, readOnly };
  const bound = (k: 'start' | 'end', label: string) =>
    period === 'dates' ? (
      <DateField {...cell} path={`${path}.dates.${k}Date`} label={`Shut-in ${n} ${label} date`} />
    ) : (
      <NumberField {...cell} path={`${path}.${period}.${k}`} label={`Shut-in ${n} ${label} month`} />
    );
  return (
    <tr>
      <td>
        <SelectField {...cell} path={`${path}.phase`} label={`Shut-in ${n} phase`} options={PHASE_OPTIONS} />
      </td>
      <td>
        <label htmlFor={`${id}-period`} className="sr-only">
          Shut-in {n} period
        </label>
        <select
          id={`${id}-period`}
          value={period}
          disabled={readOnly}
          onChange={(e) => choose(e.target.value as ShutInPeriod)}
        >
          {SHUT_IN_PERIODS.map((k) => (
            <option key={k} value={k}>
              {SHUT_IN_PERIOD_LABELS[k]}
            </option>
          ))}
        </select>
        <FieldError form={form} path={path} />
        <FieldError form={form} path={`${path}.${period}`} />
      </td>
      <td>{bound('start', 'from')}</td>
      <td>{bound('end', 'to')}</td>
      <td>
        <SelectField {...cell} path={`${path}.resume`} label={`Shut-in ${n} resumes`} options={RESUME_OPTIONS} />
      </td>
      <td>
        <NumberField {...cell} path={`${path}.multiplier`} label={`Shut-in ${n} multiplier`} />
      </td>
      <td>
        <NumberField
          {...cell}
          path={`${path}.multiplierMonths`}
          label={`Shut-in ${n} multiplier months`}
          emptyAs={undefined}
        />
      </td>
      <td>
        <TextField {...cell} path={`${path}.description`} label={`Shut-in ${n} description`} emptyAs={undefined} />
      </td>
      <RemoveRowCell label={`Remove shut-in ${n}`} onRemove={onRemove} readOnly={readOnly} />
    </tr>
  );
}
