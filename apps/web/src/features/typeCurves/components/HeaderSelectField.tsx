import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { fieldId, useFieldError } from '../../econModels/components/fields';
import { headerOptions } from '../model/headerOptions';

/**
 * A normalization key chosen from the numeric well headers (label and unit shown, the spec's
 * snake-case key stored), registered under `path` with its error beside it.
 */
export function HeaderSelectField(props: {
  form: UseFormReturn<FieldValues>;
  path: string;
  label: string;
  readOnly: boolean;
  hideLabel?: boolean;
  allowEmpty?: boolean;
  hint?: string | undefined;
}) {
  const { form, path, label, readOnly, hideLabel, allowEmpty, hint } = props;
  const id = fieldId(path);
  const error = useFieldError(form, path);
  const current = (useWatch({ control: form.control, name: path }) as string | undefined) ?? '';
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={hideLabel ? 'field compact' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      <div className="field-input">
        <select
          id={id}
          disabled={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          title={current || undefined}
          {...form.register(path)}
        >
          {headerOptions(current, allowEmpty).map((o) => (
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
      {hint && (
        <div className="hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}
