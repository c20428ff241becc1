import type { ReactNode } from 'react';

/**
 * A label, its input and the input's error under it (`{id}-error`, which the input names in
 * `aria-describedby` through `invalid(id, …)` of lib/formErrors), for the console's small forms.
 */
export function FormField(props: { id: string; label: string; error?: string | undefined; children: ReactNode }) {
  const { id, label, error, children } = props;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </>
  );
}
