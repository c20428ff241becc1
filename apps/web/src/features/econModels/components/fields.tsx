import type { ReactNode } from 'react';
import { type FieldValues, get, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { numberFromInput } from '../../../lib/numberInput';
import { type ChoiceKind, choiceDefault, chosenKey, switchChoice } from '../model/oneOf';
import { useErrorSlot } from './errorSlots';

/* The econ-model form fields: each registers under its body path, shows the error of that path next
   to it (aria-invalid, aria-describedby) and is disabled when the form is read-only. */

type Form = UseFormReturn<FieldValues>;

/** `a.b.0.c` → a DOM id. */
export const fieldId = (path: string): string => `f-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The message of the error at `path` (a field's own, or an array's `root`), if any. */
export function errorMessage(errors: unknown, path: string): string | undefined {
  const e = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined;
  if (!e) return undefined;
  if (typeof e.message === 'string' && e.message) return e.message;
  if (typeof e.root?.message === 'string' && e.root.message) return e.root.message;
  return undefined;
}

/**
 * The current error message of `path`, re-rendering only when that part of the form's errors
 * changes; the path is marked shown with its label (which messages about it then use).
 */
export function useFieldError(form: Form, path: string, label?: string, unit?: string): string | undefined {
  const { errors } = useFormState({ control: form.control, name: path });
  useErrorSlot(path, label, unit);
  return errorMessage(errors, path);
}

export interface FieldProps {
  form: Form;
  /** The body path, e.g. `cutOff.discount` or `otherCapex.rows.2.tangible`. */
  path: string;
  label: string;
  readOnly: boolean;
  /** Shown after the input, e.g. `%`, `BBL/D`, `years`. */
  unit?: string | undefined;
  /** A short explanation under the field. */
  hint?: ReactNode;
  /** In tables: the label is for screen readers only. */
  hideLabel?: boolean | undefined;
}

export type Option = string | { value: string; label: string };
const optionValue = (o: Option) => (typeof o === 'string' ? o : o.value);
const optionLabel = (o: Option) => (typeof o === 'string' ? o : o.label);

/** The label, the input (with its unit), the error and the hint of one field. */
function FieldShell(props: {
  id: string;
  label: string;
  hideLabel?: boolean | undefined;
  unit?: string | undefined;
  hint?: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  const { id, label, hideLabel, unit, hint, error, children } = props;
  return (
    <div className={hideLabel ? 'field compact' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      <div className="field-input">
        {children}
        {unit && <span className="unit">{unit}</span>}
      </div>
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
      {hint && (
        <div className="hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}

const describedBy = (id: string, error: string | undefined, hint: unknown) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

/**
 * A number as an en-US user types it (`1,250,000.5`; lib/numberInput): a text box, so thousands
 * separators are kept as typed. An empty box or text that is not a number is NaN, which the
 * contract refuses as "must be a number" (named by the label). `emptyAs` makes an empty box `null`
 * or `undefined` instead, for optional or nullable numbers.
 */
export function NumberField(props: FieldProps & { emptyAs?: null | undefined | '' }) {
  const { form, path, readOnly, hint, label, unit } = props;
  const id = fieldId(path);
  const error = useFieldError(form, path, label, unit);
  const options = {
    setValueAs:
      'emptyAs' in props ? (v: unknown) => numberFromInput(v, props.emptyAs) : (v: unknown) => numberFromInput(v),
  };
  return (
    <FieldShell {...props} id={id} error={error}>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        disabled={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...form.register(path, options)}
      />
    </FieldShell>
  );
}

/** A string; `emptyAs` makes an empty box `null` or `undefined` (an optional string left out). */
export function TextField(props: FieldProps & { emptyAs?: null | undefined }) {
  const { form, path, readOnly, hint } = props;
  const id = fieldId(path);
  const error = useFieldError(form, path, props.label);
  const options = 'emptyAs' in props ? { setValueAs: (v: unknown) => (v === '' ? props.emptyAs : v) } : {};
  return (
    <FieldShell {...props} id={id} error={error}>
      <input
        id={id}
        type="text"
        disabled={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...form.register(path, options)}
      />
    </FieldShell>
  );
}

/** A date string `YYYY-MM-DD` (the browser's date picker). */
export function DateField(props: FieldProps) {
  const { form, path, readOnly, hint } = props;
  const id = fieldId(path);
  const error = useFieldError(form, path, props.label);
  return (
    <FieldShell {...props} id={id} error={error}>
      <input
        id={id}
        type="date"
        disabled={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...form.register(path)}
      />
    </FieldShell>
  );
}

/** One of fixed string values; `onChange` runs after the form has the new value. */
export function SelectField(
  props: FieldProps & { options: readonly Option[]; onChange?: ((value: string) => void) | undefined },
) {
  const { form, path, readOnly, hint, options, onChange } = props;
  const id = fieldId(path);
  const error = useFieldError(form, path, props.label);
  return (
    <FieldShell {...props} id={id} error={error}>
      <select
        id={id}
        disabled={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...form.register(path, onChange ? { onChange: (e) => onChange(String(e.target.value)) } : {})}
      >
        {options.map((o) => (
          <option key={optionValue(o)} value={optionValue(o)}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A boolean; `onChange` runs after the form has the new value (e.g. to set or clear dependent fields). */
export function CheckboxField(props: FieldProps & { onChange?: (checked: boolean) => void }) {
  const { form, path, label, readOnly, hint, onChange } = props;
  const id = fieldId(path);
  const error = useFieldError(form, path, label);
  return (
    <div className="field">
      <label className="choice" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          disabled={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...form.register(path, onChange ? { onChange: (e) => onChange(e.target.checked === true) } : {})}
        />
        {label}
      </label>
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
      {hint && (
        <div className="hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** The error of an object or array as a whole (e.g. "asOfDate needs exactly one of …"). */
export function FieldError({ form, path }: { form: Form; path: string }) {
  const error = useFieldError(form, path);
  if (!error) return null;
  return (
    <div className="field-error" id={`${fieldId(path)}-error`} role="alert">
      {error}
    </div>
  );
}

export interface Choice {
  /** The key sent in the body, e.g. `date`, `fpd`, `oilRate`. */
  key: string;
  label: string;
  /** What the choice carries: `boolean` sends `true`, `emptyString` sends `""` (no input shown for either). */
  kind: ChoiceKind;
  options?: readonly Option[];
  unit?: string;
}

/**
 * An exactly-one-of choice (spec: "exactly one of"): a radio group that shows only the chosen
 * choice's input. With `flat`, the choice keys sit directly on the object at `path` (the cut-off
 * trigger on `cutOff`); otherwise the object at `path` holds only the choice (`asOfDate: {date}`).
 * Switching clears the other keys and sets a default for the new one (true, "", today, 0, the first option).
 */
export function OneOfField(props: {
  form: Form;
  path: string;
  label: string;
  readOnly: boolean;
  choices: readonly Choice[];
  flat?: boolean;
  /** Runs after a switch to `key` has been written (e.g. to set or clear fields that depend on the choice). */
  onChoose?: (key: string) => void;
  /** Rendered under the chosen input (e.g. the cut-off trigger's companion fields). */
  children?: ReactNode;
}) {
  const { form, path, label, readOnly, choices, onChoose, children } = props;
  const keys = choices.map((c) => c.key);
  const value = useWatch({ control: form.control, name: path }) as Record<string, unknown> | undefined;
  const current = chosenKey(value, keys);
  const choice = choices.find((c) => c.key === current);
  const id = fieldId(path);
  const error = useFieldError(form, path, label);
  const choose = (key: string) => {
    const next = choices.find((c) => c.key === key);
    if (!next) return;
    for (const [k, v] of Object.entries(switchChoice(value, keys, key, choiceDefault(next.kind, next.options)))) {
      form.setValue(`${path}.${k}`, v, { shouldDirty: true });
    }
    onChoose?.(key);
    // Re-judge the whole object once submitted, so the "exactly one of" error goes when resolved.
    if (form.formState.isSubmitted) void form.trigger(path);
  };
  const inputPath = choice ? `${path}.${choice.key}` : undefined;
  return (
    <fieldset className="oneof" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <div className="oneof-choices">
        {choices.map((c) => (
          <label key={c.key} className="choice">
            <input
              type="radio"
              name={`${id}-choice`}
              value={c.key}
              checked={current === c.key}
              disabled={readOnly}
              onChange={() => choose(c.key)}
            />
            {c.label}
          </label>
        ))}
      </div>
      {choice && inputPath && (
        <ChoiceInput form={form} path={inputPath} choice={choice} group={label} readOnly={readOnly} />
      )}
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
      {children}
    </fieldset>
  );
}

function ChoiceInput(props: { form: Form; path: string; choice: Choice; group: string; readOnly: boolean }) {
  const { form, path, choice, group, readOnly } = props;
  const common = { form, path, readOnly, label: `${group}: ${choice.label}`, unit: choice.unit };
  switch (choice.kind) {
    case 'boolean':
    case 'emptyString':
      return null;
    case 'number':
      return <NumberField {...common} />;
    case 'date':
      return <DateField {...common} />;
    case 'text':
      return <TextField {...common} />;
    case 'select':
      return <SelectField {...common} options={choice.options ?? []} />;
  }
}
