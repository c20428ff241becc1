import { CUT_OFF_TRIGGERS, DYNAMIC_DATES, PRODUCTION_DATA_RESOLUTIONS } from '@econ/contract';
import { useWatch } from 'react-hook-form';
import { CheckboxField, type Choice, NumberField, OneOfField, SelectField } from '../components/fields';
import { companionApplies, companionWrites } from '../model/cutOff';
import { chosenKey } from '../model/oneOf';
import type { KindFormProps } from './kindForm';

const DYNAMIC_LABELS: Record<(typeof DYNAMIC_DATES)[number], string> = {
  first_of_next_month: 'First of next month',
  first_of_next_year: 'First of next year',
};

/** asOfDate and discountDate (spec 2.3). */
const DATE_CHOICES: Choice[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  {
    key: 'dynamic',
    label: 'Dynamic',
    kind: 'select',
    options: DYNAMIC_DATES.map((d) => ({ value: d, label: DYNAMIC_LABELS[d] })),
  },
  { key: 'fpd', label: 'First production date', kind: 'boolean' },
  { key: 'majorSegment', label: 'Major segment start', kind: 'boolean' },
];

/** Each FPD source of the hierarchy. */
const FPD_CHOICES: Choice[] = [
  { key: 'wellHeader', label: 'Well header', kind: 'boolean' },
  { key: 'productionData', label: 'Production data', kind: 'boolean' },
  { key: 'forecast', label: 'Forecast', kind: 'boolean' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'linkToWells', label: 'Link to wells (INPT id)', kind: 'text' },
  { key: 'notUsed', label: 'Not used', kind: 'boolean' },
];

const FPD_SOURCES = [
  { key: 'firstFpdSource', label: '1st source' },
  { key: 'secondFpdSource', label: '2nd source' },
  { key: 'thirdFpdSource', label: '3rd source' },
  { key: 'fourthFpdSource', label: '4th source' },
] as const;

const RESOLUTION_LABELS: Record<(typeof PRODUCTION_DATA_RESOLUTIONS)[number], string> = {
  same_as_forecast: 'Same as forecast',
  monthly: 'Monthly',
  daily: 'Daily',
};

/** The end-of-life triggers of the cut-off, keys sitting on `cutOff` itself. */
const TRIGGERS: Choice[] = [
  { key: 'maxCumCashFlow', label: 'Max cumulative cash flow', kind: 'boolean' },
  { key: 'firstNegativeCashFlow', label: 'First negative cash flow', kind: 'boolean' },
  { key: 'lastPositiveCashFlow', label: 'Last positive cash flow', kind: 'boolean' },
  { key: 'noCutOff', label: 'No cut-off', kind: 'boolean' },
  { key: 'oilRate', label: 'Oil rate', kind: 'number', unit: 'BBL/D' },
  { key: 'gasRate', label: 'Gas rate', kind: 'number', unit: 'MCF/D' },
  { key: 'waterRate', label: 'Water rate', kind: 'number', unit: 'BBL/D' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'yearsFromAsOf', label: 'Years from as-of', kind: 'number', unit: 'years' },
  { key: 'linkToWells', label: 'Link to wells (INPT id)', kind: 'text' },
];

const MIN_LIFE: Choice[] = [
  { key: 'none', label: 'None', kind: 'boolean' },
  { key: 'endHist', label: 'End of history', kind: 'boolean' },
  { key: 'asOf', label: 'Months from as-of', kind: 'number', unit: 'months' },
  { key: 'date', label: 'Date', kind: 'date' },
];

/** Date settings and cut-off (spec 2.3): every exactly-one-of object is a radio group. */
export function DateSettingsForm({ form, readOnly }: KindFormProps) {
  const cutOff = useWatch({ control: form.control, name: 'cutOff' }) as Record<string, unknown> | undefined;
  const trigger = chosenKey(cutOff, CUT_OFF_TRIGGERS);
  const onTrigger = (key: string) => {
    const current = form.getValues('cutOff') as Record<string, unknown> | undefined;
    for (const [field, value] of Object.entries(companionWrites(current, key))) {
      form.setValue(`cutOff.${field}`, value, { shouldDirty: true });
    }
  };
  const companion = (field: string) => companionApplies(field, trigger);
  return (
    <>
      <section className="panel" aria-labelledby="ds-title">
        <h2 id="ds-title">Date settings</h2>
        <NumberField
          form={form}
          path="dateSetting.maxWellLife"
          label="Maximum well life"
          unit="years"
          readOnly={readOnly}
          hint="0 to 100 years."
        />
        <div className="oneof-row">
          <OneOfField
            form={form}
            path="dateSetting.asOfDate"
            label="As-of date"
            readOnly={readOnly}
            choices={DATE_CHOICES}
          />
          <OneOfField
            form={form}
            path="dateSetting.discountDate"
            label="Discount date"
            readOnly={readOnly}
            choices={DATE_CHOICES}
          />
        </div>
        <CheckboxField
          form={form}
          path="dateSetting.cashFlowPriorAsOfDate"
          label="Cash flow prior to the as-of date"
          readOnly={readOnly}
        />
        <SelectField
          form={form}
          path="dateSetting.productionDataResolution"
          label="Production data resolution"
          readOnly={readOnly}
          options={PRODUCTION_DATA_RESOLUTIONS.map((r) => ({ value: r, label: RESOLUTION_LABELS[r] }))}
        />
        <h3>First production date: sources in order</h3>
        <div className="oneof-row four">
          {FPD_SOURCES.map((s) => (
            <OneOfField
              key={s.key}
              form={form}
              path={`dateSetting.fpdSourceHierarchy.${s.key}`}
              label={s.label}
              readOnly={readOnly}
              choices={FPD_CHOICES}
            />
          ))}
        </div>
        <CheckboxField
          form={form}
          path="dateSetting.fpdSourceHierarchy.useForecastSchedule"
          label="Use the forecast schedule when there is no production"
          readOnly={readOnly}
        />
      </section>
      <section className="panel" aria-labelledby="co-title">
        <h2 id="co-title">Cut-off</h2>
        <OneOfField
          form={form}
          path="cutOff"
          flat
          label="End-of-life trigger"
          readOnly={readOnly}
          choices={TRIGGERS}
          onChoose={onTrigger}
        >
          {trigger && (companion('triggerEclCapex') || companion('discount') || companion('tolerateNegativeCF')) && (
            <div className="companions">
              <div className="grid-fields">
                {companion('discount') && (
                  <NumberField
                    form={form}
                    path="cutOff.discount"
                    label="Discount"
                    unit="%"
                    readOnly={readOnly}
                    hint="The NPV is maximized at this rate (0 to 100)."
                  />
                )}
                {companion('econLimitDelay') && (
                  <NumberField
                    form={form}
                    path="cutOff.econLimitDelay"
                    label="Economic limit delay"
                    unit="months"
                    readOnly={readOnly}
                    hint="0 to 100 months."
                  />
                )}
                {companion('tolerateNegativeCF') && (
                  <NumberField
                    form={form}
                    path="cutOff.tolerateNegativeCF"
                    label="Tolerate negative cash flow"
                    unit="months"
                    readOnly={readOnly}
                    hint="Months of negative cash flow tolerated (0 to 10,000,000)."
                  />
                )}
              </div>
              {companion('triggerEclCapex') && (
                <div className="row">
                  <CheckboxField
                    form={form}
                    path="cutOff.triggerEclCapex"
                    label="Trigger economic-limit CAPEX"
                    readOnly={readOnly}
                  />
                  <CheckboxField form={form} path="cutOff.includeCapex" label="Include CAPEX" readOnly={readOnly} />
                </div>
              )}
            </div>
          )}
        </OneOfField>
        <OneOfField form={form} path="cutOff.minLife" label="Minimum life" readOnly={readOnly} choices={MIN_LIFE} />
        <CheckboxField
          form={form}
          path="cutOff.alignDependentPhases"
          label="Align dependent phases"
          readOnly={readOnly}
          hint="Truncates the secondary phases when the primary phase ends."
        />
      </section>
    </>
  );
}
