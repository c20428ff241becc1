import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { DateField, fieldId, NumberField, useFieldError } from '../components/fields';
import {
  chosenTiming,
  companionOf,
  FROM_OPTIONS,
  fromValueWrites,
  offsetLabel,
  type TimingChoice,
  timingWrites,
} from './capexTiming';

type Form = UseFormReturn<FieldValues>;

/**
 * A compact exactly-one-of picker for grid rows (spec 2.7): a select naming the choice, the chosen
 * choice's input beside it and, for fromHeaders / fromSchedule, the value select and the companion
 * day offset. `base` is the object holding the choice keys: the row itself for a timing criterion,
 * `…escalationStart` for the escalation start. Its object-level error ("exactly one of") shows below.
 */
export function TimingPicker(props: {
  form: Form;
  base: string;
  choices: readonly TimingChoice[];
  /** The picker's name, e.g. `Timing`; the inputs are named after it. */
  label: string;
  /** In tables: every label for screen readers only. */
  hideLabel?: boolean;
  readOnly: boolean;
}) {
  const { form, base, choices, label, hideLabel = false, readOnly } = props;
  const value = useWatch({ control: form.control, name: base });
  const choice = chosenTiming(value, choices);
  const from = choice?.kind === 'fromHeaders' || choice?.kind === 'fromSchedule' ? choice.kind : undefined;
  const id = `${fieldId(base)}-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const error = useFieldError(form, base);
  const write = (writes: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(writes)) form.setValue(`${base}.${k}`, v, { shouldDirty: true });
    // Judge the object again once submitted, so an "exactly one of" error goes when it is resolved.
    if (form.formState.isSubmitted) void form.trigger(base);
  };
  const inputLabel = (what: string) => `${label} ${what}`;
  const compact = { form, readOnly, hideLabel: true };
  return (
    <div className={hideLabel ? 'cxf-picker compact' : 'cxf-picker'}>
      <div className="cxf-picker-inputs">
        <div className={hideLabel ? 'field compact' : 'field'}>
          <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
            {label}
          </label>
          <div className="field-input">
            <select
              id={id}
              value={choice?.key ?? ''}
              disabled={readOnly}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => write(timingWrites(form.getValues(base), choices, e.target.value))}
            >
              {!choice && <option value="">Choose…</option>}
              {choices.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {(choice?.kind === 'days' || choice?.kind === 'rate') && (
          <NumberField
            key={choice.key}
            {...compact}
            path={`${base}.${choice.key}`}
            label={inputLabel(choice.label.toLowerCase())}
            unit={choice.unit}
          />
        )}
        {choice?.kind === 'date' && (
          <DateField key={choice.key} {...compact} path={`${base}.date`} label={inputLabel('date')} />
        )}
        {from && (
          <FromValue
            form={form}
            base={base}
            criterion={from}
            label={label}
            readOnly={readOnly}
            onPick={(v) => write(fromValueWrites(form.getValues(base), from, v))}
          />
        )}
      </div>
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** The header or schedule milestone select and the companion day offset beside it. */
function FromValue(props: {
  form: Form;
  base: string;
  criterion: 'fromHeaders' | 'fromSchedule';
  label: string;
  readOnly: boolean;
  onPick: (value: string) => void;
}) {
  const { form, base, criterion, label, readOnly, onPick } = props;
  const path = `${base}.${criterion}`;
  const value = useWatch({ control: form.control, name: path }) as unknown;
  const row = useWatch({ control: form.control, name: base });
  const companion = companionOf(row, criterion);
  const id = fieldId(path);
  const error = useFieldError(form, path);
  const what = criterion === 'fromHeaders' ? 'header' : 'schedule milestone';
  const options = FROM_OPTIONS[criterion];
  const known = options.some((o) => o.value === value);
  return (
    <>
      <div className="field compact">
        <label htmlFor={id} className="sr-only">
          {label} {what}
        </label>
        <div className="field-input">
          <select
            id={id}
            value={known ? String(value) : ''}
            disabled={readOnly}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onPick(e.target.value)}
          >
            {!known && <option value="">Choose the {what}…</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <div className="field-error" id={`${id}-error`}>
            {error}
          </div>
        )}
      </div>
      {companion && typeof value === 'string' && (
        <NumberField
          key={companion}
          form={form}
          readOnly={readOnly}
          hideLabel
          path={`${base}.${companion}`}
          label={`${label} offset to ${offsetLabel(value).toLowerCase()} (${companion})`}
          unit="days"
        />
      )}
    </>
  );
}
