import { isRatePeriod, ROW_PERIODS, ROWS_MAX, type RowPeriodKey, SEASONAL_MONTHS } from '@econ/contract';
import { type ReactNode, useEffect } from 'react';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';
import { DateField, FieldError, fieldId, NumberField, SelectField } from '../components/fields';
import {
  newRow,
  RATE_UNITS,
  ROW_PERIOD_LABELS,
  type RowUnit,
  rowPeriodOf,
  rowUnitOf,
  SEASONAL_MONTH_OPTIONS,
  withRateEnds,
  withUnit,
} from './datedRows';

type Form = UseFormReturn<FieldValues>;

export interface DatedRowsFieldProps {
  form: Form;
  /** Path of the object holding `rows` (e.g. `priceModel.oil`). */
  path: string;
  /** What the table is, e.g. "Oil price"; labels its inputs. */
  label: string;
  /** The value keys its rows may carry (one per table), with their unit labels. */
  units: readonly RowUnit[];
  /** Column header of the value, e.g. "Price". */
  valueLabel: string;
  /** The value of a first new row. */
  defaultValue: number;
  periods?: readonly RowPeriodKey[];
  /**
   * The table may be left out: a "none" choice removes the object, and choosing a period creates
   * it from `template` (its other fields) with one row.
   */
  optional?: { noneLabel: string; template?: () => Record<string, unknown> };
  readOnly: boolean;
  /** Fields of the object beside its rows (cap, escalation). */
  children?: ReactNode;
  /** Validation to run again after a change once the form was submitted (default: the path). */
  revalidate?: string;
}

/**
 * One table of dated rows (the contract's rows.ts): its period (whole life, dates, months from a
 * reference date, or a rate of a phase or a calendar month where `periods` offers them), its unit,
 * and its rows of a value.
 */
export function DatedRowsField(props: DatedRowsFieldProps) {
  const { form, path, label, units, optional, readOnly, children } = props;
  const periods = props.periods ?? ROW_PERIODS;
  const value = useWatch({ control: form.control, name: path }) as { rows?: Record<string, unknown>[] } | undefined;
  const period = rowPeriodOf(value?.rows?.[0]);
  const unit = rowUnitOf(value?.rows?.[0], units);
  const id = fieldId(path);
  const revalidate = () => {
    if (form.formState.isSubmitted) void form.trigger(props.revalidate ?? path);
  };
  const choosePeriod = (to: RowPeriodKey | 'none') => {
    if (to === 'none') form.setValue(path, undefined, { shouldDirty: true });
    else if (value === undefined) {
      form.setValue(
        path,
        { ...optional?.template?.(), rows: [newRow(to, unit, props.defaultValue)] },
        { shouldDirty: true },
      );
    } else form.setValue(`${path}.rows`, [newRow(to, unit, props.defaultValue)], { shouldDirty: true });
    revalidate();
  };
  const chooseUnit = (to: string) => {
    form.setValue(`${path}.rows`, withUnit(value?.rows ?? [], units, to), { shouldDirty: true });
    revalidate();
  };
  return (
    <fieldset className="oneof-group">
      <legend>{label}</legend>
      <label htmlFor={`${id}-period`}>{label} period</label>
      <select
        id={`${id}-period`}
        value={period ?? 'none'}
        disabled={readOnly}
        onChange={(e) => choosePeriod(e.target.value as RowPeriodKey | 'none')}
      >
        {(optional || !period) && <option value="none">{optional?.noneLabel ?? 'Choose a period'}</option>}
        {periods.map((k) => (
          <option key={k} value={k}>
            {ROW_PERIOD_LABELS[k]}
          </option>
        ))}
      </select>
      {units.length > 1 && period && (
        <>
          <label htmlFor={`${id}-unit`}>{label} unit</label>
          <select id={`${id}-unit`} value={unit} disabled={readOnly} onChange={(e) => chooseUnit(e.target.value)}>
            {units.map((u) => (
              <option key={u.key} value={u.key}>
                {u.label}
              </option>
            ))}
          </select>
        </>
      )}
      {period && (
        <Rows
          {...props}
          path={`${path}.rows`}
          period={period}
          unit={unit}
          unitLabel={units.find((u) => u.key === unit)?.label ?? ''}
        />
      )}
      <FieldError form={form} path={`${path}.rows`} />
      {value !== undefined && children}
    </fieldset>
  );
}

function Rows(props: DatedRowsFieldProps & { period: RowPeriodKey; unit: string; unitLabel: string }) {
  const { form, path, label, period, unit, unitLabel, valueLabel, readOnly } = props;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: path });
  const rate = isRatePeriod(period);
  const seasonal = period === 'seasonal';
  const offset = period !== 'dates' && period !== 'entireWellLife' && !rate && !seasonal;
  // A rate row ends where the next starts (the last at "inf"): kept so as the starts are edited.
  const rows = useWatch({ control: form.control, name: path }) as Record<string, unknown>[] | undefined;
  useEffect(() => {
    const synced = rows ? withRateEnds(rows) : null;
    if (synced) form.setValue(path, synced, { shouldDirty: true });
  }, [rows, form, path]);
  return (
    <table className="entries">
      <thead>
        <tr>
          {period === 'dates' && <th scope="col">From</th>}
          {seasonal && <th scope="col">Month</th>}
          {rate && <th scope="col">From rate ({RATE_UNITS[period]})</th>}
          {rate && <th scope="col">To rate</th>}
          {offset && <th scope="col">From month</th>}
          {offset && <th scope="col">To month</th>}
          <th scope="col">
            {valueLabel} ({unitLabel})
          </th>
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
            {seasonal && (
              <td>
                <SelectField
                  form={form}
                  path={`${path}.${i}.seasonal`}
                  label={`${label} row ${i + 1} month`}
                  hideLabel
                  readOnly={readOnly}
                  options={SEASONAL_MONTH_OPTIONS}
                />
              </td>
            )}
            {rate && (
              <td>
                <NumberField
                  form={form}
                  path={`${path}.${i}.${period}.start`}
                  label={`${label} row ${i + 1} from rate`}
                  hideLabel
                  readOnly={readOnly}
                />
              </td>
            )}
            {rate && <td className="muted">{rateEnd(rows?.[i]?.[period])}</td>}
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
                path={`${path}.${i}.${unit}`}
                label={`${label} row ${i + 1} ${valueLabel.toLowerCase()}`}
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
                max={seasonal ? SEASONAL_MONTHS.length : ROWS_MAX}
                readOnly={readOnly}
                onAdd={() =>
                  append(newRow(period, unit, props.defaultValue, form.getValues(path) as Record<string, unknown>[]))
                }
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

/** The end of a rate row as read: "below 50", or "and above" for the last. */
function rateEnd(span: unknown): string {
  const end = (span as { end?: unknown } | undefined)?.end;
  return typeof end === 'number' ? `below ${end.toLocaleString('en-US')}` : 'and above';
}
