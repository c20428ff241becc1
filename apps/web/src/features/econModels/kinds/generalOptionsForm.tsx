import {
  DISCOUNT_PERIODS_PER_YEAR,
  DISCOUNTS_COUNT,
  type DiscountMethod,
  PROJECT_TYPES,
  ReportingUnits,
} from '@econ/contract';
import { useRef } from 'react';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { CheckboxField, DateField, FieldError, NumberField, SelectField } from '../components/fields';
import { FISCAL_OPTIONS, newIncomeTax } from './generalOptionsChoices';
import './generalOptionsForm.css';
import { IncomeTaxSection } from './generalOptionsIncomeTax';
import type { KindFormProps } from './kindForm';

type Form = UseFormReturn<FieldValues>;
interface SectionProps {
  form: Form;
  readOnly: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const PROJECT_TYPE_WORDS: Record<string, string> = { co2: 'CO2', sagd: 'SAGD' };
const projectTypeLabel = (t: string) => {
  const words = t.split('_').map((w) => PROJECT_TYPE_WORDS[w] ?? w);
  const first = words[0] ?? '';
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ');
};

/**
 * The form body of a general options model (spec 2.6): main options, income tax (only with after-tax
 * economics), the discount table, BOE conversion and reporting units.
 */
export function GeneralOptionsForm({ form, readOnly }: KindFormProps) {
  return (
    <>
      <MainOptions form={form} readOnly={readOnly} />
      <IncomeTaxSection form={form} readOnly={readOnly} />
      <Discounts form={form} readOnly={readOnly} />
      <BoeConversion form={form} readOnly={readOnly} />
      <Units form={form} readOnly={readOnly} />
    </>
  );
}

function MainOptions({ form, readOnly }: SectionProps) {
  const period = useWatch({ control: form.control, name: 'mainOptions.reportingPeriod' });
  // The fiscal months apply only to a fiscal reporting period (the contract refuses them for
  // calendar); kept aside while calendar is chosen, so switching back restores them.
  const keptFiscal = useRef<unknown>(undefined);
  const onPeriod = (next: string) => {
    const fiscal = form.getValues('mainOptions.fiscal');
    if (next === 'calendar' && fiscal) {
      keptFiscal.current = fiscal;
      form.setValue('mainOptions.fiscal', '', { shouldDirty: true });
    } else if (next === 'fiscal' && !fiscal && keptFiscal.current) {
      form.setValue('mainOptions.fiscal', keptFiscal.current, { shouldDirty: true });
    }
  };
  // `incomeTax` is sent exactly when mainOptions.incomeTax is true (the contract refuses it
  // otherwise); switching off keeps the entries aside so switching on again restores them.
  const keptTax = useRef<unknown>(undefined);
  const onIncomeTax = (on: boolean) => {
    const current = form.getValues('incomeTax');
    if (on && !isObject(current)) {
      form.setValue('incomeTax', keptTax.current ?? newIncomeTax(), { shouldDirty: true });
    } else if (!on && isObject(current)) {
      keptTax.current = current;
      form.setValue('incomeTax', undefined, { shouldDirty: true });
    }
    form.clearErrors('incomeTax');
  };
  const common = { form, readOnly };
  return (
    <section className="panel">
      <h2>Main options</h2>
      <div className="gof-grid gof-main">
        <DateField
          {...common}
          path="mainOptions.aggregationDate"
          label="Aggregation date"
          hint="Cash flows of several wells are summed from this date in summary reports."
        />
        <SelectField {...common} path="mainOptions.currency" label="Currency" options={['USD']} />
        <SelectField
          {...common}
          path="mainOptions.reportingPeriod"
          label="Reporting period"
          onChange={onPeriod}
          options={[
            { value: 'calendar', label: 'Calendar year' },
            { value: 'fiscal', label: 'Fiscal year' },
          ]}
        />
        {period === 'fiscal' && (
          <SelectField
            {...common}
            path="mainOptions.fiscal"
            label="Fiscal year"
            options={[{ value: '', label: 'Choose…' }, ...FISCAL_OPTIONS]}
          />
        )}
        <SelectField
          {...common}
          path="mainOptions.projectType"
          label="Project type"
          options={PROJECT_TYPES.map((t) => ({ value: t, label: projectTypeLabel(t) }))}
        />
      </div>
      <CheckboxField
        {...common}
        path="mainOptions.incomeTax"
        label="After-tax economics (income tax)"
        onChange={onIncomeTax}
        hint="Applies 15 % depletion and the federal and state tax entries below; off, the run has no after-tax columns."
      />
      <FieldError form={form} path="mainOptions" />
    </section>
  );
}

const METHOD_LABELS: Record<DiscountMethod, string> = {
  yearly: 'Yearly',
  quarterly: 'Quarterly',
  monthly: 'Monthly',
  daily: 'Daily',
};

/** The discount table: method, accrual, the two headline discounts and the 16 fixed rates. */
function Discounts({ form, readOnly }: SectionProps) {
  const common = { form, readOnly };
  const half = DISCOUNTS_COUNT / 2;
  const rate = (i: number) => (
    <>
      <th scope="row" className="gof-num">
        {i + 1}
      </th>
      <td>
        <NumberField
          {...common}
          path={`discountTable.discounts.${i}.discountTable`}
          label={`Discount rate ${i + 1}`}
          unit="%"
          hideLabel
        />
      </td>
    </>
  );
  return (
    <section className="panel">
      <h2>Discount table</h2>
      <div className="gof-discount">
        <div>
          <SelectField
            {...common}
            path="discountTable.discountMethod"
            label="Discount method"
            options={(Object.keys(DISCOUNT_PERIODS_PER_YEAR) as DiscountMethod[]).map((m) => ({
              value: m,
              label: `${METHOD_LABELS[m]} (N = ${DISCOUNT_PERIODS_PER_YEAR[m]})`,
            }))}
            hint="A period IRR is annualized as (1 + IRR)^N − 1."
          />
          <SelectField
            {...common}
            path="discountTable.cashAccrualTime"
            label="Cash accrual time"
            options={[
              { value: 'mid_month', label: 'Mid-month' },
              { value: 'end_month', label: 'End of month' },
            ]}
          />
          <NumberField {...common} path="discountTable.firstDiscount" label="First discount" unit="%" />
          <NumberField {...common} path="discountTable.secondDiscount" label="Second discount" unit="%" />
        </div>
        <div>
          <table className="gof-table gof-rates" aria-label={`Discount rates (${DISCOUNTS_COUNT})`}>
            <thead>
              <tr>
                <th>#</th>
                <th>Rate</th>
                <th>#</th>
                <th>Rate</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: half }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the 16 rows are fixed
                <tr key={i}>
                  {rate(i)}
                  {rate(i + half)}
                </tr>
              ))}
            </tbody>
          </table>
          <FieldError form={form} path="discountTable.discounts" />
        </div>
      </div>
      <FieldError form={form} path="discountTable" />
    </section>
  );
}

function BoeConversion({ form, readOnly }: SectionProps) {
  const common = { form, readOnly };
  return (
    <section className="panel">
      <h2>BOE conversion</h2>
      <div className="gof-grid">
        <NumberField {...common} path="boeConversion.oil" label="Oil" unit="BBL/BOE" />
        <NumberField {...common} path="boeConversion.wetGas" label="Wet gas" unit="MCF/BOE" />
        <NumberField {...common} path="boeConversion.dryGas" label="Dry gas" unit="MCF/BOE" />
        <NumberField {...common} path="boeConversion.ngl" label="NGL" unit="BBL/BOE" />
        <NumberField {...common} path="boeConversion.dripCondensate" label="Drip condensate" unit="BBL/BOE" />
      </div>
      <FieldError form={form} path="boeConversion" />
    </section>
  );
}

const UNIT_LABELS: Record<keyof typeof ReportingUnits.shape, string> = {
  oil: 'Oil',
  gas: 'Gas',
  ngl: 'NGL',
  dripCondensate: 'Drip condensate',
  water: 'Water',
  pressure: 'Pressure',
  cash: 'Cash',
  gor: 'GOR',
  condensateGasRatio: 'Condensate-gas ratio',
  dripCondensateYield: 'Drip condensate yield',
  nglYield: 'NGL yield',
};

function Units({ form, readOnly }: SectionProps) {
  return (
    <section className="panel">
      <h2>Reporting units</h2>
      <div className="gof-grid">
        {(Object.keys(UNIT_LABELS) as (keyof typeof UNIT_LABELS)[]).map((k) => (
          <SelectField
            key={k}
            form={form}
            readOnly={readOnly}
            path={`reportingUnits.${k}`}
            label={UNIT_LABELS[k]}
            options={ReportingUnits.shape[k].options}
          />
        ))}
      </div>
      <FieldError form={form} path="reportingUnits" />
    </section>
  );
}
