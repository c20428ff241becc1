import { useState } from 'react';
import { type FieldValues, get, type UseFormReturn, useController, useFormState } from 'react-hook-form';
import { fieldId, useFieldError } from './fields';

/** `a, b ,, c` → `['a', 'b', 'c']`. */
export const parseTags = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** The model's tags as one comma-separated box (the body holds an array of strings). */
export function TagsField({ form, readOnly }: { form: UseFormReturn<FieldValues>; readOnly: boolean }) {
  const { field } = useController({ control: form.control, name: 'tags' });
  const [text, setText] = useState(() => (Array.isArray(field.value) ? field.value.join(', ') : ''));
  const own = useFieldError(form, 'tags');
  const { errors } = useFormState({ control: form.control, name: 'tags' });
  // A tag's own error (`tags.2`: too long) is shown here too, as the tags share one box.
  const perTag = (get(errors, 'tags') as ({ message?: string } | undefined)[] | undefined) ?? [];
  const error = own ?? (Array.isArray(perTag) ? perTag.find((e) => e?.message)?.message : undefined);
  const id = fieldId('tags');
  return (
    <div className="field">
      <label htmlFor={id}>Tags</label>
      <input
        id={id}
        ref={field.ref}
        name={field.name}
        value={text}
        disabled={readOnly}
        placeholder="e.g. permian, 2026 budget"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => {
          setText(e.target.value);
          field.onChange(parseTags(e.target.value));
        }}
        onBlur={field.onBlur}
      />
      {error ? (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      ) : (
        <div className="hint" id={`${id}-hint`}>
          Separated by commas.
        </div>
      )}
    </div>
  );
}
