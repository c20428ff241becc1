import {
  CALCULATIONS,
  type ExpenseLeafGroup,
  isRatePeriod,
  RATE_ROW_PERIODS,
  rowPeriodOf,
  SHRINKAGE_CONDITIONS,
} from '@econ/contract';
import { useState } from 'react';
import { type FieldValues, get, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { CheckboxField, NumberField, SelectField, TextField } from '../components/fields';
import { DatedRowsField } from '../rows/DatedRowsField';
import { RATE_TYPE_OPTIONS, RowsMethodField } from '../rows/RateFields';
import { LEAF_TABLES, type LeafPlace, leafSummary, leafTemplate, shrinks, unitsOf } from './expenseLeaves';
import type { KindFormProps } from './kindForm';
import './expensesForm.css';

type Form = UseFormReturn<FieldValues>;

/**
 * Expenses, the service's shape (issue 19): a table per group (each phase's categories, fixed
 * costs, water disposal and carbon) with each leaf's value in one line; "Edit" opens its dated
 * rows (period, unit, values) and its settings. A leaf left at "None" charges nothing.
 */
export function ExpensesForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="ex-title">
      <h2 id="ex-title">Expenses</h2>
      <p className="muted">
        Each expense is charged at its calculation interest (WI by default) × deal terms: variable ones per unit of
        volume or as a percent of revenue, fixed ones per month from first production to the economic limit.
      </p>
      {LEAF_TABLES.map((t) => (
        <LeafTable key={t.caption} form={form} caption={t.caption} leaves={t.leaves} readOnly={readOnly} />
      ))}
      <TextField
        form={form}
        path="carbonExpenses.category"
        label="Carbon category"
        readOnly={readOnly}
        hint="Stored: every priced component is charged."
      />
    </section>
  );
}

function LeafTable(props: { form: Form; caption: string; leaves: LeafPlace[]; readOnly: boolean }) {
  const [open, setOpen] = useState<string | undefined>();
  return (
    <table className="entries expense-leaves">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">Expense</th>
          <th scope="col">Value</th>
          <th scope="col">
            <span className="sr-only">Edit</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.leaves.map((leaf) => (
          <LeafRow
            key={leaf.path}
            {...props}
            leaf={leaf}
            open={open === leaf.path}
            onToggle={() => setOpen(open === leaf.path ? undefined : leaf.path)}
          />
        ))}
      </tbody>
    </table>
  );
}

function LeafRow(props: { form: Form; leaf: LeafPlace; open: boolean; onToggle: () => void; readOnly: boolean }) {
  const { form, leaf, readOnly } = props;
  const value = useWatch({ control: form.control, name: leaf.path }) as
    | { rows?: Record<string, unknown>[] }
    | undefined;
  const { errors } = useFormState({ control: form.control, name: leaf.path });
  // A leaf with an error stays open, so its message shows next to its field.
  const open = props.open || get(errors, leaf.path) !== undefined;
  return (
    <>
      <tr>
        <th scope="row">{leaf.name}</th>
        <td>{leafSummary(value, leaf.group)}</td>
        <td>
          <button type="button" aria-expanded={open} aria-label={`Edit ${leaf.label}`} onClick={props.onToggle}>
            {open ? 'Close' : readOnly ? 'Show' : 'Edit'}
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={3}>
            <DatedRowsField
              form={form}
              path={leaf.path}
              label={leaf.label}
              units={unitsOf(leaf.group)}
              valueLabel="Value"
              defaultValue={0}
              optional={{ noneLabel: 'None', template: () => leafTemplate(leaf.group) }}
              periods={RATE_ROW_PERIODS}
              readOnly={readOnly}
            >
              <LeafSettings form={form} path={leaf.path} label={leaf.label} group={leaf.group} readOnly={readOnly} />
            </DatedRowsField>
          </td>
        </tr>
      )}
    </>
  );
}

const CALCULATION_LABELS: Record<string, string> = {
  wi: 'WI',
  nri: 'NRI',
  lease_nri: 'Lease NRI',
  one_minus_wi: '1 − WI',
  one_minus_nri: '1 − NRI',
  one_minus_lease_nri: '1 − lease NRI',
  wi_minus_one: 'WI − 1',
  nri_minus_one: 'NRI − 1',
  lease_nri_minus_one: 'Lease NRI − 1',
  '100_pct_wi': '100 % WI',
};

/** A leaf's settings beside its rows (the service's, each with its default). */
function LeafSettings(props: { form: Form; path: string; label: string; group: ExpenseLeafGroup; readOnly: boolean }) {
  const { form, path, label, group, readOnly } = props;
  const at = (k: string) => `${path}.${k}`;
  const common = { form, readOnly };
  const first = useWatch({ control: form.control, name: at('rows.0') }) as Record<string, unknown> | undefined;
  const rated = isRatePeriod(rowPeriodOf(first ?? {}));
  return (
    <div className="grid-fields">
      <TextField {...common} path={at('description')} label={`${label} description`} />
      <SelectField
        {...common}
        path={at('calculation')}
        label={`${label} calculation`}
        options={CALCULATIONS.map((c) => ({ value: c, label: CALCULATION_LABELS[c] ?? c }))}
      />
      <NumberField {...common} path={at('dealTerms')} label={`${label} deal terms`} hint="Paying WI ÷ earning WI." />
      <NumberField
        {...common}
        path={at('cap')}
        label={`${label} cap`}
        emptyAs={undefined}
        hint="A ceiling on the value, in its unit; empty for none."
      />
      <TextField
        {...common}
        path={at('escalationModel')}
        label={`${label} escalation model`}
        hint="none, or the id of an escalations model."
      />
      {rated && (
        <>
          <SelectField
            {...common}
            path={at('rateType')}
            label={`${label} rate type`}
            options={RATE_TYPE_OPTIONS}
            hint="The volumes the rate rows read."
          />
          <RowsMethodField {...common} path={at('rowsCalculationMethod')} label={label} />
        </>
      )}
      {shrinks(group) && (
        <SelectField
          {...common}
          path={at('shrinkageCondition')}
          label={`${label} shrinkage condition`}
          options={SHRINKAGE_CONDITIONS}
        />
      )}
      <CheckboxField {...common} path={at('affectEconLimit')} label={`${label} affects the economic limit`} />
      {group !== 'fixed' && group !== 'water' && group !== 'carbon' && (
        <CheckboxField
          {...common}
          path={at('deductBeforeSeveranceTax')}
          label={`${label} is deducted before severance tax`}
        />
      )}
      <CheckboxField
        {...common}
        path={at('deductBeforeAdValTax')}
        label={`${label} is deducted before ad valorem tax`}
      />
      {group === 'fixed' && (
        <>
          <CheckboxField {...common} path={at('stopAtEconLimit')} label={`${label} stops at the economic limit`} />
          <CheckboxField
            {...common}
            path={at('expenseBeforeFpd')}
            label={`${label} is charged before first production`}
          />
        </>
      )}
    </div>
  );
}
