import { CAPEX_CATEGORIES, OTHER_CAPEX_ROWS_MAX } from '@econ/contract';
import { type FieldValues, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { THOUSANDS_OF_DOLLARS } from '../../../lib/units';
import { CheckboxField, FieldError, NumberField, SelectField, TextField } from '../components/fields';
import { CALCULATION_OPTIONS, CapexCostSection } from './capexCostSection';
import { duplicateRow, ESCALATION_START_CHOICES, newOtherCapexRow, OTHER_CAPEX_TIMING_CHOICES } from './capexTiming';
import { TimingPicker } from './capexTimingPicker';
import './capexForm.css';
import type { KindFormProps } from './kindForm';

type Form = UseFormReturn<FieldValues>;
type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

const categoryLabel = (c: string) => {
  const words = c.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const CATEGORY_OPTIONS = CAPEX_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }));

/** The read-only fields of a probabilistic model's rows, as shown (spec 2.7: $M, i.e. thousands of dollars; seed an integer). */
const PROBABILISTIC_SHOWN = [
  ['distributionType', 'Distribution', ''],
  ['mean', 'Mean', THOUSANDS_OF_DOLLARS],
  ['standardDeviation', 'Std deviation', THOUSANDS_OF_DOLLARS],
  ['lowerBound', 'Lower bound', THOUSANDS_OF_DOLLARS],
  ['mode', 'Mode', THOUSANDS_OF_DOLLARS],
  ['upperBound', 'Upper bound', THOUSANDS_OF_DOLLARS],
  ['seed', 'Seed', ''],
] as const;

/**
 * The form body of a CAPEX model (spec 2.7): the otherCapex rows as an editable grid, and the
 * optional drilling and completion costs. Rows of a probabilistic model also show their
 * distribution, read-only (the page makes such a model read-only as a whole).
 */
export function CapexForm({ form, readOnly, stored }: KindFormProps) {
  const probabilisticRows =
    stored?.probabilistic === true && isObject(stored.otherCapex) && Array.isArray(stored.otherCapex.rows)
      ? (stored.otherCapex.rows as unknown[])
      : undefined;
  return (
    <>
      <OtherCapexRows form={form} readOnly={readOnly} probabilisticRows={probabilisticRows} />
      <CapexCostSection form={form} readOnly={readOnly} which="drillingCost" />
      <CapexCostSection form={form} readOnly={readOnly} which="completionCost" />
    </>
  );
}

function OtherCapexRows(props: { form: Form; readOnly: boolean; probabilisticRows: unknown[] | undefined }) {
  const { form, readOnly, probabilisticRows } = props;
  const name = 'otherCapex.rows';
  const { fields, remove, insert } = useFieldArray({ control: form.control, name });
  const full = fields.length >= OTHER_CAPEX_ROWS_MAX;
  // A row that was just added or duplicated gets the focus, on its category.
  const add = (index: number, row: Obj) =>
    insert(index, row, { shouldFocus: true, focusName: `${name}.${index}.category` });
  return (
    <section className="panel" aria-labelledby="capex-other-heading">
      <div className="row spread">
        <h2 id="capex-other-heading">Other CAPEX</h2>
        <span className="muted">
          {fields.length} {fields.length === 1 ? 'row' : 'rows'}; tangible and intangible in {THOUSANDS_OF_DOLLARS}
        </span>
      </div>
      <ol className="cxf-rows">
        {fields.map((f, i) => (
          <OtherCapexRow
            key={f.id}
            form={form}
            index={i}
            readOnly={readOnly}
            canRemove={fields.length > 1}
            canAdd={!full}
            probabilistic={probabilisticRows?.[i]}
            onRemove={() => remove(i)}
            onDuplicate={() => add(i + 1, duplicateRow(form.getValues(`${name}.${i}`)))}
          />
        ))}
      </ol>
      <FieldError form={form} path={name} />
      <FieldError form={form} path="otherCapex" />
      <div className="row">
        <button type="button" disabled={readOnly || full} onClick={() => add(fields.length, newOtherCapexRow())}>
          Add row
        </button>
        {full && <span className="muted">at most {OTHER_CAPEX_ROWS_MAX} rows</span>}
      </div>
    </section>
  );
}

function OtherCapexRow(props: {
  form: Form;
  index: number;
  readOnly: boolean;
  canRemove: boolean;
  canAdd: boolean;
  probabilistic: unknown;
  onRemove: () => void;
  onDuplicate: () => void;
}) {
  const { form, index, readOnly, canRemove, canAdd, probabilistic, onRemove, onDuplicate } = props;
  const base = `otherCapex.rows.${index}`;
  const n = index + 1;
  const common = { form, readOnly };
  return (
    <li>
      <fieldset className="cxf-row">
        <legend>Row {n}</legend>
        <div className="cxf-actions">
          <button type="button" disabled={readOnly || !canAdd} onClick={onDuplicate} aria-label={`Duplicate row ${n}`}>
            Duplicate
          </button>
          <button
            type="button"
            className="danger"
            disabled={readOnly || !canRemove}
            onClick={onRemove}
            aria-label={`Remove row ${n}`}
            title={canRemove ? undefined : 'otherCapex needs at least one row'}
          >
            Remove
          </button>
        </div>
        <div className="cxf-line">
          <div className="cxf-category">
            <SelectField {...common} path={`${base}.category`} label="Category" options={CATEGORY_OPTIONS} />
          </div>
          <div className="cxf-description">
            <TextField {...common} path={`${base}.description`} label="Description" emptyAs={undefined} />
          </div>
          <div className="cxf-money">
            <NumberField {...common} path={`${base}.tangible`} label="Tangible" unit={THOUSANDS_OF_DOLLARS} />
          </div>
          <div className="cxf-money">
            <NumberField {...common} path={`${base}.intangible`} label="Intangible" unit={THOUSANDS_OF_DOLLARS} />
          </div>
        </div>
        <div className="cxf-line">
          <TimingPicker {...common} base={base} choices={OTHER_CAPEX_TIMING_CHOICES} label="Timing" />
          <TimingPicker
            {...common}
            base={`${base}.escalationStart`}
            choices={ESCALATION_START_CHOICES}
            label="Escalation start"
          />
        </div>
        <div className="cxf-line">
          <div className="cxf-calc">
            <SelectField {...common} path={`${base}.calculation`} label="Calculation" options={CALCULATION_OPTIONS} />
          </div>
          <div className="cxf-model">
            <TextField {...common} path={`${base}.escalationModel`} label="Escalation model" />
          </div>
          <div className="cxf-model">
            <TextField {...common} path={`${base}.depreciationModel`} label="DD&A model" />
          </div>
          <div className="cxf-deal">
            <NumberField {...common} path={`${base}.dealTerms`} label="Deal terms" unit="×" />
          </div>
          <div className="cxf-check">
            <CheckboxField {...common} path={`${base}.afterEconLimit`} label="After econ limit" />
          </div>
        </div>
        {isObject(probabilistic) && <ProbabilisticFields row={probabilistic} n={n} />}
      </fieldset>
    </li>
  );
}

/** The distribution of a probabilistic model's row: computed or imported by the service, never edited. */
function ProbabilisticFields({ row, n }: { row: Obj; n: number }) {
  const shown = PROBABILISTIC_SHOWN.filter(([k]) => row[k] !== undefined && row[k] !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="cxf-prob" aria-label={`Row ${n} distribution (read-only)`}>
      {shown.map(([k, label, unit]) => (
        <div key={k}>
          <dt>{label}</dt>
          <dd>
            {String(row[k])}
            {unit && <span className="unit"> {unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
