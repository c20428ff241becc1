import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { SelectField } from '../components/fields';

/*
 * The settings of tables of rate rows (the contract's rows.ts; decision 040): the volumes the
 * rates read, and whether a month reads its own rate or the lowest so far.
 */

/** `rateType` of an expense leaf. */
export const RATE_TYPE_OPTIONS = [
  { value: 'gross_well_head', label: 'Gross well head' },
  { value: 'gross_sales', label: 'Gross sales (after loss, flare, shrinkage)' },
  { value: 'net_sales', label: 'Net sales (× NRI)' },
] as const;

const METHOD_OPTIONS = [
  { value: 'non_monotonic', label: 'Each month’s own rate' },
  { value: 'monotonic', label: 'The lowest rate so far (never back to a higher row)' },
] as const;

/** `rowsCalculationMethod` of a leaf or a group of tables. */
export function RowsMethodField(props: {
  form: UseFormReturn<FieldValues>;
  path: string;
  label: string;
  readOnly: boolean;
}) {
  return (
    <SelectField
      form={props.form}
      path={props.path}
      label={`${props.label} rate rows`}
      options={METHOD_OPTIONS}
      hint="How a month finds its rate row."
      readOnly={props.readOnly}
    />
  );
}
