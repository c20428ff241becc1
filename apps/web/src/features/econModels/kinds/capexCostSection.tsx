import { CAPEX_COST_ROWS_MAX, COMPLETION_UNIT_COSTS_MAX } from '@econ/contract';
import { useRef } from 'react';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { THOUSANDS_OF_DOLLARS } from '../../../lib/units';
import { FieldError, NumberField, SelectField, TextField } from '../components/fields';
import { COST_ROW_TIMING_CHOICES, newCompletionCost, newCostRow, newDrillingCost, pctTotal } from './capexTiming';
import { TimingPicker } from './capexTimingPicker';

type Form = UseFormReturn<FieldValues>;
type Which = 'drillingCost' | 'completionCost';
interface Props {
  form: Form;
  readOnly: boolean;
  which: Which;
}

export const CALCULATION_OPTIONS = [
  { value: 'gross', label: 'Gross' },
  { value: 'net', label: 'Net' },
];
const SHORT: Record<Which, string> = { drillingCost: 'Drilling', completionCost: 'Completion' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * An optional cost of a CAPEX model (`drillingCost` or `completionCost`, spec 2.7): a switch to
 * include it, its fields, completion's unit costs by proppant loading, and its spending rows.
 * Switching it off keeps the values aside, so switching on again restores them.
 */
export function CapexCostSection({ form, readOnly, which }: Props) {
  const value = useWatch({ control: form.control, name: which });
  const included = isObject(value);
  const kept = useRef<unknown>(undefined);
  const title = `${SHORT[which]} cost`;
  const toggle = (on: boolean) => {
    if (on) {
      const start = kept.current ?? (which === 'drillingCost' ? newDrillingCost() : newCompletionCost());
      form.setValue(which, start, { shouldDirty: true });
    } else {
      kept.current = form.getValues(which);
      // Optional, not nullable: left out of the body.
      form.setValue(which, undefined, { shouldDirty: true });
    }
    form.clearErrors(which);
  };
  const headingId = `capex-${which}-heading`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <div className="row spread">
        <h2 id={headingId}>{title}</h2>
        <label className="choice">
          <input type="checkbox" checked={included} disabled={readOnly} onChange={(e) => toggle(e.target.checked)} />
          Include {title.toLowerCase()}
        </label>
      </div>
      {included ? (
        <CostFields form={form} readOnly={readOnly} which={which} />
      ) : (
        <p className="muted">Not included: the model has no {title.toLowerCase()}.</p>
      )}
      <FieldError form={form} path={which} />
    </section>
  );
}

function CostFields({ form, readOnly, which }: Props) {
  const short = SHORT[which];
  const common = { form, readOnly };
  return (
    <>
      <div className="cxf-grid">
        <NumberField {...common} path={`${which}.dollarPerFtOfVertical`} label={`${short} vertical`} unit="$/FT" />
        {which === 'drillingCost' && (
          <NumberField
            {...common}
            path={`${which}.dollarPerFtOfHorizontal`}
            label={`${short} horizontal`}
            unit="$/FT"
          />
        )}
        <NumberField
          {...common}
          path={`${which}.fixedCost`}
          label={`${short} fixed cost`}
          unit={THOUSANDS_OF_DOLLARS}
        />
        <NumberField {...common} path={`${which}.tangiblePct`} label={`${short} tangible share`} unit="%" />
        <SelectField
          {...common}
          path={`${which}.calculation`}
          label={`${short} calculation`}
          options={CALCULATION_OPTIONS}
        />
        <TextField {...common} path={`${which}.escalationModel`} label={`${short} escalation model`} />
        <TextField {...common} path={`${which}.depreciationModel`} label={`${short} DD&A model`} />
        <NumberField {...common} path={`${which}.dealTerms`} label={`${short} deal terms`} unit="×" />
      </div>
      <div className="cxf-cost-tables">
        {which === 'completionCost' && <UnitCosts form={form} readOnly={readOnly} which={which} />}
        <CostRows form={form} readOnly={readOnly} which={which} />
      </div>
    </>
  );
}

/** completionCost.dollarPerFtOfHorizontal: unit costs by proppant loading. */
function UnitCosts({ form, readOnly, which }: Props) {
  const name = `${which}.dollarPerFtOfHorizontal`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  return (
    <div>
      <h3>Horizontal unit cost by proppant loading</h3>
      <table className="cxf-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Proppant loading</th>
            <th>Unit cost</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f, i) => (
            <tr key={f.id}>
              <td className="cxf-num">{i + 1}</td>
              <td>
                <NumberField
                  form={form}
                  readOnly={readOnly}
                  hideLabel
                  path={`${name}.${i}.propLl`}
                  label={`Unit cost ${i + 1} proppant loading`}
                  unit="LB/FT"
                />
              </td>
              <td>
                <NumberField
                  form={form}
                  readOnly={readOnly}
                  hideLabel
                  path={`${name}.${i}.unitCost`}
                  label={`Unit cost ${i + 1} cost`}
                  unit="$/FT"
                />
              </td>
              <td>
                <button
                  type="button"
                  disabled={readOnly || fields.length <= 1}
                  onClick={() => remove(i)}
                  aria-label={`Remove unit cost ${i + 1}`}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FieldError form={form} path={name} />
      <button
        type="button"
        disabled={readOnly || fields.length >= COMPLETION_UNIT_COSTS_MAX}
        onClick={() => append({ propLl: 0, unitCost: 0 })}
      >
        Add unit cost
      </button>
    </div>
  );
}

/** The spending rows: a share of the total cost each, with its timing. */
function CostRows({ form, readOnly, which }: Props) {
  const short = SHORT[which];
  const name = `${which}.rows`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const total = pctTotal(useWatch({ control: form.control, name }));
  return (
    <div>
      <h3>Spending</h3>
      <table className="cxf-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Share of total cost</th>
            <th>Timing</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f, i) => (
            <tr key={f.id}>
              <td className="cxf-num">{i + 1}</td>
              <td>
                <NumberField
                  form={form}
                  readOnly={readOnly}
                  hideLabel
                  path={`${name}.${i}.pctOfTotalCost`}
                  label={`${short} row ${i + 1} share of total cost`}
                  unit="%"
                />
              </td>
              <td>
                <TimingPicker
                  form={form}
                  readOnly={readOnly}
                  hideLabel
                  base={`${name}.${i}`}
                  choices={COST_ROW_TIMING_CHOICES}
                  label={`${short} row ${i + 1} timing`}
                />
              </td>
              <td>
                <button
                  type="button"
                  disabled={readOnly || fields.length <= 1}
                  onClick={() => remove(i)}
                  aria-label={`Remove ${short.toLowerCase()} row ${i + 1}`}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FieldError form={form} path={name} />
      <div className="row">
        <button
          type="button"
          disabled={readOnly || fields.length >= CAPEX_COST_ROWS_MAX}
          onClick={() => append(newCostRow(Math.max(0, Math.round((100 - total) * 1e6) / 1e6)))}
        >
          Add {short.toLowerCase()} row
        </button>
        <span className="muted">
          Rows add up to {total} %{total === 100 ? '' : ' of the total cost (not 100 %)'}
        </span>
      </div>
    </div>
  );
}
