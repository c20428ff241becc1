import { REVERSION_KEYS, REVERSION_TYPES, type ReversionKey, type ReversionType } from '@econ/contract';
import { useEffect, useRef, useState } from 'react';
import { type FieldValues, type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { parseNumberInput } from '../../../lib/numberInput';
import { DateField, FieldError, fieldId, NumberField, SelectField, useFieldError } from '../components/fields';
import './ownershipReversionForm.css';
import type { KindFormProps } from './kindForm';
import {
  isDateReversionType,
  MAX_REVERSIONS,
  moveItem,
  newReversion,
  PHASE_NRI_FIELDS,
  REVERSION_TYPE_LABELS,
  REVERSION_VALUE_UNITS,
  type ReversionDraft,
  removeItem,
  reversionSlots,
  reversionsOf,
  withReversionType,
} from './ownershipReversionList';

type Form = UseFormReturn<FieldValues>;

const PHASE_LABELS: Record<(typeof PHASE_NRI_FIELDS)[number], string> = {
  oilNetRevenueInterest: 'Oil NRI',
  gasNetRevenueInterest: 'Gas NRI',
  nglNetRevenueInterest: 'NGL NRI',
  dripCondensateNetRevenueInterest: 'Drip condensate NRI',
};
const TYPE_OPTIONS = REVERSION_TYPES.map((t) => ({
  value: t,
  label: REVERSION_VALUE_UNITS[t]
    ? `${REVERSION_TYPE_LABELS[t]} (${REVERSION_VALUE_UNITS[t]})`
    : REVERSION_TYPE_LABELS[t],
}));
const BALANCE = [
  { value: 'gross', label: 'Gross' },
  { value: 'net', label: 'Net' },
];
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
/** What a money reversion's running total counts from (`reversionTiedTo`; the as-of month by default). */
const TIED_TO = [
  { value: 'as_of', label: 'As-of date (default)' },
  { value: 'fpd', label: 'First production' },
  { value: 'date', label: 'A date' },
];
const MONEY_TYPES: readonly (ReversionType | undefined)[] = [
  'PayoutWithInvestment',
  'PayoutWithoutInvestment',
  'UndiscRoi',
  'Irr',
];

/** Date and AsOf reversions may carry an empty balance and includeNetProfitInterest (spec 2.4). */
const NOT_USED = { value: '', label: '— (not used)' };

/** Equal numbers, or both not a number (empty, unfinished). */
const sameNumber = (a: number, b: unknown) =>
  typeof b === 'number' && Number.isFinite(b) ? a === b : !Number.isFinite(a);

const isUsed = (v: unknown) => typeof v === 'object' && v !== null;
const slotPath = (key: ReversionKey) => `ownership.${key}`;

/**
 * The form body of an ownership and reversion model (spec 2.4): the initial ownership, then up to
 * ten reversions as an ordered list that maps onto `firstReversion` … `tenthReversion`. Each
 * reversion is a group named "Reversion n", so its fields keep short names.
 */
export function OwnershipReversionForm({ form, readOnly }: KindFormProps) {
  return (
    <>
      <section className="panel" aria-labelledby="orf-initial-heading">
        <h2 id="orf-initial-heading">Initial ownership</h2>
        <div className="orf-grid">
          <InterestFields form={form} base="ownership.initialOwnership" readOnly={readOnly} initial />
        </div>
        <p className="muted orf-note">
          All interests in percent. Oil, gas, NGL and drip condensate NRIs are optional: left empty, the net revenue
          interest applies.
        </p>
        <FieldError form={form} path="ownership.initialOwnership" />
      </section>
      <Reversions form={form} readOnly={readOnly} />
    </>
  );
}

/** The interests shared by the initial ownership and the reversions, percent 0 to 100. */
function InterestFields(props: { form: Form; base: string; readOnly: boolean; initial?: boolean }) {
  const { form, base, readOnly, initial = false } = props;
  const common = { form, readOnly, unit: '%' };
  // Optional in a reversion (an empty box leaves the key out), required initially.
  const optional = initial ? {} : { emptyAs: undefined };
  return (
    <>
      <NumberField {...common} path={`${base}.workingInterest`} label="Working interest" />
      {initial && (
        <SelectField
          form={form}
          readOnly={readOnly}
          path={`${base}.netProfitInterestType`}
          label="NPI type"
          options={[
            { value: 'expense', label: 'Expense' },
            { value: 'revenue', label: 'Revenue' },
          ]}
        />
      )}
      <NumberField {...common} path={`${base}.netProfitInterest`} label="Net profit interest" />
      <NumberField {...common} {...optional} path={`${base}.netRevenueInterest`} label="Net revenue interest" />
      <NumberField {...common} {...optional} path={`${base}.leaseNetRevenueInterest`} label="Lease NRI" />
      {PHASE_NRI_FIELDS.map((f) => (
        <NumberField key={f} {...common} path={`${base}.${f}`} label={PHASE_LABELS[f]} emptyAs={null} />
      ))}
    </>
  );
}

/** The ordered list of reversions: add, remove, move up and down. */
function Reversions({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const slots = useWatch({ control: form.control, name: REVERSION_KEYS.map(slotPath) }) as unknown[];
  const used = REVERSION_KEYS.filter((_, i) => isUsed(slots[i]));
  // After a change of the list, the slots are written once more when the inputs of newly shown
  // slots have mounted: a registering input whose value is unset takes the form's default value
  // at its path, which belongs to the reversion that sat in that slot when the model was loaded.
  const pending = useRef<Record<ReversionKey, ReversionDraft | null> | null>(null);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const written = pending.current;
    if (changes === 0 || !written) return;
    pending.current = null;
    for (const k of REVERSION_KEYS) if (written[k]) form.setValue(slotPath(k), written[k]);
  }, [changes, form]);

  const change = (edit: (list: ReversionDraft[]) => ReversionDraft[]) => {
    const ownership = form.getValues('ownership');
    const next = reversionSlots(edit(reversionsOf(ownership)));
    for (const k of REVERSION_KEYS) form.setValue(slotPath(k), next[k], { shouldDirty: true });
    pending.current = next;
    setChanges((n) => n + 1);
    // Errors sat on the old positions; judge the list again if the form was already submitted.
    form.clearErrors(REVERSION_KEYS.map(slotPath));
    if (form.formState.isSubmitted) void form.trigger('ownership');
  };

  return (
    <section className="panel" aria-labelledby="orf-reversions-heading">
      <div className="row spread">
        <h2 id="orf-reversions-heading">Reversions</h2>
        <span className="muted">
          {used.length} of {MAX_REVERSIONS}, applied in this order
        </span>
      </div>
      {used.length === 0 && <p className="muted">No reversion: the initial ownership applies for the whole life.</p>}
      <ol className="orf-list">
        {used.map((key, i) => (
          <ReversionEditor
            key={key}
            form={form}
            slot={key}
            index={i}
            count={used.length}
            readOnly={readOnly}
            onMove={(to) => change((list) => moveItem(list, i, to))}
            onRemove={() => change((list) => removeItem(list, i))}
          />
        ))}
      </ol>
      <FieldError form={form} path="ownership" />
      <div className="row">
        <button
          type="button"
          disabled={readOnly || used.length >= MAX_REVERSIONS}
          onClick={() => change((list) => [...list, newReversion(form.getValues('ownership'))])}
        >
          Add reversion
        </button>
        {used.length >= MAX_REVERSIONS && <span className="muted">at most {MAX_REVERSIONS} reversions</span>}
      </div>
    </section>
  );
}

function ReversionEditor(props: {
  form: Form;
  slot: ReversionKey;
  index: number;
  count: number;
  readOnly: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { form, slot, index, count, readOnly, onMove, onRemove } = props;
  const base = slotPath(slot);
  const n = index + 1;
  const type = useWatch({ control: form.control, name: `${base}.reversionType` }) as ReversionType | undefined;
  const isDate = isDateReversionType(type);
  return (
    <li>
      <fieldset className="orf-reversion">
        <legend>
          Reversion {n} <span className="muted">{slot}</span>
        </legend>
        <div className="orf-actions">
          <button
            type="button"
            aria-label={`Move reversion ${n} up`}
            disabled={readOnly || index === 0}
            onClick={() => onMove(index - 1)}
          >
            ↑ Up
          </button>
          <button
            type="button"
            aria-label={`Move reversion ${n} down`}
            disabled={readOnly || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            ↓ Down
          </button>
          <button
            type="button"
            className="danger"
            aria-label={`Remove reversion ${n}`}
            disabled={readOnly}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
        <div className="orf-grid">
          <ReversionTypeSelect form={form} base={base} readOnly={readOnly} />
          <ReversionValueField
            key={isDate ? 'date' : 'number'}
            form={form}
            path={`${base}.reversionValue`}
            label={isDate ? 'Reversion date' : 'Reversion value'}
            isDate={isDate}
            unit={type ? REVERSION_VALUE_UNITS[type] : undefined}
            readOnly={readOnly}
          />
          <SelectField
            form={form}
            readOnly={readOnly}
            path={`${base}.balance`}
            label="Balance"
            options={isDate ? [NOT_USED, ...BALANCE] : BALANCE}
          />
          <SelectField
            form={form}
            readOnly={readOnly}
            path={`${base}.includeNetProfitInterest`}
            label="Include NPI"
            options={isDate ? [NOT_USED, ...YES_NO] : YES_NO}
          />
          {MONEY_TYPES.includes(type) && <TiedToFields form={form} base={base} readOnly={readOnly} />}
          <InterestFields form={form} base={base} readOnly={readOnly} />
        </div>
        <FieldError form={form} path={base} />
      </fieldset>
    </li>
  );
}

/** `reversionTiedTo` of a money reversion: the month its running total counts from, and the date when chosen. */
function TiedToFields(props: { form: Form; base: string; readOnly: boolean }) {
  const { form, base, readOnly } = props;
  const tie = useWatch({ control: form.control, name: `${base}.reversionTiedTo.type` }) as string | undefined;
  return (
    <>
      <SelectField
        form={form}
        readOnly={readOnly}
        path={`${base}.reversionTiedTo.type`}
        label="Counted from"
        options={TIED_TO}
        hint="the month the payout, ROI or IRR total starts"
      />
      {tie === 'date' && (
        <DateField form={form} readOnly={readOnly} path={`${base}.reversionTiedTo.value`} label="Counted from date" />
      )}
    </>
  );
}

/** The type select: switching it resets the value to the form the new type takes. */
function ReversionTypeSelect(props: { form: Form; base: string; readOnly: boolean }) {
  const { form, base, readOnly } = props;
  const onChange = (type: string) => {
    const current = (form.getValues(base) ?? {}) as ReversionDraft;
    const next = withReversionType(current, type as ReversionType);
    const validate = form.formState.isSubmitted;
    for (const k of ['reversionValue', 'balance', 'includeNetProfitInterest'] as const) {
      if (next[k] !== current[k])
        form.setValue(`${base}.${k}`, next[k], { shouldDirty: true, shouldValidate: validate });
    }
  };
  return (
    <div className="orf-type">
      <SelectField
        form={form}
        readOnly={readOnly}
        path={`${base}.reversionType`}
        label="Reversion type"
        options={TYPE_OPTIONS}
        onChange={onChange}
      />
    </div>
  );
}

/**
 * reversionValue: a date for Date and AsOf, a number otherwise. Controlled (not a registered
 * input) because the same path holds a string or a number: a registered input would keep the
 * number conversion of its first registration and turn a date moved into its slot into NaN.
 */
function ReversionValueField(props: {
  form: Form;
  path: string;
  label: string;
  isDate: boolean;
  unit: string | undefined;
  readOnly: boolean;
}) {
  const { form, path, label, isDate, unit, readOnly } = props;
  const { field } = useController({ control: form.control, name: path });
  const id = fieldId(path);
  const error = useFieldError(form, path, label, unit);
  const value = field.value as unknown;
  // What was typed, so that "1." or "-" survive a render; the form's value wins when it changed
  // from elsewhere (a type switch, a move).
  const [typed, setTyped] = useState('');
  const shown = isDate
    ? typeof value === 'string'
      ? value
      : ''
    : sameNumber(parseNumberInput(typed), value)
      ? typed
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : '';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-input">
        <input
          id={id}
          ref={field.ref}
          name={field.name}
          type={isDate ? 'date' : 'text'}
          autoComplete="off"
          inputMode={isDate ? undefined : 'decimal'}
          value={shown}
          disabled={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onBlur={field.onBlur}
          onChange={(e) => {
            const raw = e.target.value;
            if (!isDate) setTyped(raw);
            field.onChange(isDate ? raw : parseNumberInput(raw));
          }}
        />
        {unit && <span className="unit">{unit}</span>}
      </div>
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
