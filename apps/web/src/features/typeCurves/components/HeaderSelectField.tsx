import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { SelectField } from '../../econModels/components/fields';
import { headerOptions } from '../model/headerOptions';

/**
 * A normalization key chosen from the numeric well headers (label and unit shown, the spec's
 * snake-case key stored), registered under `path` with its error beside it; a stored key that is
 * not a header stays a choice.
 */
export function HeaderSelectField(props: {
  form: UseFormReturn<FieldValues>;
  path: string;
  label: string;
  readOnly: boolean;
  hideLabel?: boolean;
  allowEmpty?: boolean;
}) {
  const { form, path, label, readOnly, hideLabel, allowEmpty } = props;
  const current = (useWatch({ control: form.control, name: path }) as string | undefined) ?? '';
  return (
    <SelectField
      form={form}
      path={path}
      label={label}
      hideLabel={hideLabel}
      readOnly={readOnly}
      options={headerOptions(current, allowEmpty)}
    />
  );
}
