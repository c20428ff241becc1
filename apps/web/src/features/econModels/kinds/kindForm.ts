import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What the econ-model page gives each kind's form body. The form's values are the whole request
 * body of the model (`{ name, tags, unique, ...the kind's econ function objects }`), validated by
 * the contract schemas (`ECON_MODEL_SPECS[kind].functions` with the envelope) through zodResolver;
 * fields register under their body path (e.g. `cutOff.discount`, `otherCapex.rows.2.tangible`).
 */
export interface KindFormProps {
  form: UseFormReturn<FieldValues>;
  /** Support users: every input disabled. */
  readOnly: boolean;
  /** Read-only values computed by the service (e.g. cumulative factors), from the stored model; absent for a new one. */
  stored?: Record<string, unknown> | undefined;
}
