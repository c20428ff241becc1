import { ESCALATION_PERIODS } from '@econ/contract';
import { SelectField } from '../components/fields';
import { DatedRowsField } from '../rows/DatedRowsField';
import type { KindFormProps } from './kindForm';

const FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly (on each row’s anniversaries)' },
  { value: 'constant', label: 'Constant (a flat month’s step)' },
];
const METHODS = [
  { value: 'compound', label: 'Compound' },
  { value: 'simple', label: 'Simple' },
];
const UNITS = [
  { key: 'pctPerYear', label: '%/yr' },
  { key: 'dollarPerYear', label: '$/yr' },
] as const;

/**
 * Escalations: how often and how a value grows, and rows of a percent or a dollar change per year
 * over the whole life, from dates, or months counted from the escalated table's first month.
 */
export function EscalationForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="es-title">
      <h2 id="es-title">Escalation</h2>
      <p className="muted">
        Prices, differentials, expenses and CAPEX that name this model grow from the first month of each of their rows:
        a percent multiplies, dollars per year are added in the value’s unit.
      </p>
      <div className="grid-fields">
        <SelectField
          form={form}
          path="escalation.escalationFrequency"
          label="Frequency"
          readOnly={readOnly}
          options={FREQUENCIES}
        />
        <SelectField
          form={form}
          path="escalation.calculationMethod"
          label="Calculation"
          readOnly={readOnly}
          options={METHODS}
          hint="Compound: (1 + p)^years; simple: 1 + p × years. Dollars per year always add."
        />
      </div>
      <DatedRowsField
        form={form}
        path="escalation"
        label="Escalation"
        units={UNITS}
        valueLabel="Rate"
        defaultValue={0}
        periods={ESCALATION_PERIODS}
        revalidate="escalation"
        readOnly={readOnly}
      />
    </section>
  );
}
