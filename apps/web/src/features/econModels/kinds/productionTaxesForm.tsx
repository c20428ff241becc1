import {
  CALCULATIONS,
  IMPACT_FEE_STARTS,
  impactFeeWell,
  PRODUCTION_TAX_CRITERIA,
  ROWS_MAX,
  SHRINKAGE_CONDITIONS,
  TAX_KEYS,
  TAX_ROW_SETS_PER_KEY,
  TAX_UNIT_LABELS,
  TAX_UNITS_BY_KEY,
  type TaxKey,
} from '@econ/contract';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';
import { CheckboxField, DateField, FieldError, NumberField, SelectField, TextField } from '../components/fields';
import type { KindFormProps } from './kindForm';
import {
  addEntry,
  CRITERIA_LABELS,
  newTaxRowSet,
  removeEntry,
  TAX_KEY_LABELS,
  type TaxRowSet,
  withCriteria,
  withKey,
} from './taxRowSets';
import { IMPACT_FEE_START_LABELS, stateOptions } from './taxStates';
import './expensesForm.css';

type Form = UseFormReturn<FieldValues>;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Production taxes (issue 19): the state, then row sets of severance per phase and of ad valorem,
 * each a key, a unit and values over periods (the whole life, from dates, or months from first
 * production). Every row set of a key applies, summed; a Pennsylvania impact-fee state charges the
 * fee instead of the ad valorem row sets (decision 038).
 */
export function ProductionTaxesForm({ form, readOnly }: KindFormProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'data.rows' });
  const state = useWatch({ control: form.control, name: 'data.state' }) as string | undefined;
  const feeWell = state ? impactFeeWell(state) : undefined;
  const chooseState = (next: string) => {
    // The fee's start belongs to an impact-fee state only.
    if (!impactFeeWell(next)) form.setValue('data.impactFeeStart', undefined, { shouldDirty: true });
  };
  return (
    <section className="panel" aria-labelledby="pt-title">
      <h2 id="pt-title">Production taxes</h2>
      <p className="muted">
        Severance per phase (a percent of its revenue, $ per unit sold, or $ per month) and ad valorem on the well (a
        percent of all revenue, $ per BOE, or $ per month), at the NRI by default.
      </p>
      <SelectField
        form={form}
        path="data.state"
        label="State"
        readOnly={readOnly}
        options={stateOptions(state)}
        onChange={chooseState}
        hint="No state rate tables: the rows below are the rates, except Pennsylvania’s impact fee."
      />
      {feeWell && (
        <>
          <p className="muted" role="note">
            Pennsylvania applies the impact fee (Act 13) instead of the ad valorem rows: each month, the annual fee of
            the well’s year and of the month’s gas price band ÷ 12, at the ad valorem calculation’s interest
            {feeWell === 'vertical' ? ' (a vertical well: 20 % of the horizontal fee, 10 years)' : ' (15 years)'}.
            Severance rows still apply.
          </p>
          <SelectField
            form={form}
            path="data.impactFeeStart"
            label="Impact fee years count from"
            readOnly={readOnly}
            options={IMPACT_FEE_STARTS.map((v) => ({ value: v, label: IMPACT_FEE_START_LABELS[v] }))}
            hint="A well without a spud date header counts from first production."
          />
        </>
      )}
      {fields.map((f, i) => (
        <RowSet
          key={f.id}
          form={form}
          i={i}
          readOnly={readOnly}
          feeState={feeWell !== undefined}
          onRemove={() => remove(i)}
        />
      ))}
      <FieldError form={form} path="data.rows" />
      <AddRowButton
        rows={fields.length}
        max={TAX_KEYS.length * TAX_ROW_SETS_PER_KEY}
        readOnly={readOnly}
        onAdd={() => append(newTaxRowSet('oil'))}
      >
        Add a tax
      </AddRowButton>
    </section>
  );
}

function RowSet(props: { form: Form; i: number; readOnly: boolean; feeState: boolean; onRemove: () => void }) {
  const { form, i, readOnly } = props;
  const path = `data.rows.${i}`;
  const row = useWatch({ control: form.control, name: path }) as TaxRowSet | undefined;
  if (!row) return null;
  const name = `Tax ${i + 1}`;
  const replace = (next: TaxRowSet) => {
    form.setValue(path, next, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger(path);
  };
  const common = { form, readOnly };
  return (
    <fieldset className="tax-row-set">
      <legend>
        {name}: {TAX_KEY_LABELS[row.key] ?? row.key}
        {props.feeState && row.key === 'ad_valorem_tax' && ' (not applied: the impact fee replaces it)'}
      </legend>
      <div className="grid-fields">
        <SelectField
          {...common}
          path={`${path}.key`}
          label={`${name} key`}
          options={TAX_KEYS.map((k) => ({ value: k, label: TAX_KEY_LABELS[k] }))}
          onChange={(key) => replace(withKey(form.getValues(path) as TaxRowSet, key as TaxKey))}
        />
        <SelectField
          {...common}
          path={`${path}.unit`}
          label={`${name} unit`}
          options={(TAX_UNITS_BY_KEY[row.key] ?? []).map((u) => ({ value: u, label: TAX_UNIT_LABELS[u] }))}
        />
        <SelectField
          {...common}
          path={`${path}.criteria`}
          label={`${name} period`}
          options={PRODUCTION_TAX_CRITERIA.map((c) => ({ value: c, label: CRITERIA_LABELS[c] }))}
          onChange={(c) =>
            replace(withCriteria(form.getValues(path) as TaxRowSet, c as TaxRowSet['criteria'], today()))
          }
        />
        <SelectField {...common} path={`${path}.calculation`} label={`${name} calculation`} options={CALCULATIONS} />
        {row.unit !== 'pct_of_revenue' && row.unit !== 'dollar_per_month' && (
          <SelectField
            {...common}
            path={`${path}.shrinkageCondition`}
            label={`${name} shrinkage condition`}
            options={SHRINKAGE_CONDITIONS}
          />
        )}
        {row.unit !== 'pct_of_revenue' && (
          <TextField
            {...common}
            path={`${path}.escalation`}
            label={`${name} escalation`}
            hint="none, or the id of an escalations model."
          />
        )}
        {row.key === 'ad_valorem_tax' && (
          <CheckboxField
            {...common}
            path={`${path}.deductSeveranceTax`}
            label={`${name}: severance tax is deducted first`}
          />
        )}
      </div>
      <Entries form={form} path={path} name={name} row={row} readOnly={readOnly} replace={replace} />
      <FieldError form={form} path={`${path}.period`} />
      <FieldError form={form} path={`${path}.value`} />
      {!readOnly && (
        <button type="button" className="danger" onClick={props.onRemove}>
          Remove {name.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}

/** The values of a row set over its periods (dates, or months each, or the whole life). */
function Entries(props: {
  form: Form;
  path: string;
  name: string;
  row: TaxRowSet;
  readOnly: boolean;
  replace: (row: TaxRowSet) => void;
}) {
  const { form, path, name, row, readOnly, replace } = props;
  const flat = row.criteria === 'entire_well_life';
  const unit = TAX_UNIT_LABELS[row.unit] ?? row.unit;
  const cell = (Field: typeof NumberField | typeof DateField, p: string, label: string) => (
    <td>
      <Field form={form} path={p} label={label} hideLabel readOnly={readOnly} />
    </td>
  );
  return (
    <table className="entries">
      <thead>
        <tr>
          {!flat && <th scope="col">{row.criteria === 'dates' ? 'From' : 'Months'}</th>}
          <th scope="col">Value ({unit})</th>
          {!readOnly && !flat && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {row.value.map((_, j) => (
          // Entries have no identity of their own: their position is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={j}>
            {row.criteria === 'dates' && cell(DateField, `${path}.period.${j}`, `${name} period ${j + 1}`)}
            {row.criteria === 'offset_to_fpd' && cell(NumberField, `${path}.period.${j}`, `${name} period ${j + 1}`)}
            {cell(NumberField, `${path}.value.${j}`, `${name} value ${j + 1}`)}
            {!flat && (
              <RemoveRowCell
                label={`Remove ${name.toLowerCase()} period ${j + 1}`}
                onRemove={() => replace(removeEntry(form.getValues(path) as TaxRowSet, j))}
                readOnly={readOnly}
                disabled={row.value.length === 1}
              />
            )}
          </tr>
        ))}
      </tbody>
      {!flat && (
        <tfoot>
          <tr>
            <td colSpan={3}>
              <AddRowButton
                rows={row.value.length}
                max={ROWS_MAX}
                readOnly={readOnly}
                onAdd={() => replace(addEntry(form.getValues(path) as TaxRowSet, today()))}
              >
                Add {name.toLowerCase()} period
              </AddRowButton>
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
