import { AFTER_ECON_LIMIT } from '@econ/contract';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxField, type Choice, FieldError, OneOfField, SelectField } from '../components/fields';
import type { KindFormProps } from './kindForm';

const PHASES = [
  { key: 'oil', label: 'Oil' },
  { key: 'gas', label: 'Gas' },
  { key: 'water', label: 'Water' },
] as const;

/** Spec 2.5: when the forecast replaces the actual production of a phase. */
const REPLACEMENT: Choice[] = [
  { key: 'never', label: 'Never', kind: 'emptyString' },
  { key: 'asOfDate', label: 'From the as-of date', kind: 'emptyString' },
  { key: 'date', label: 'From a date', kind: 'date' },
];

const NEVER = { oil: { never: '' }, gas: { never: '' }, water: { never: '' } };

/**
 * Actual or forecast (spec 2.5): with ignoreHistoryProd the replacements are not sent at all (the
 * contract refuses them), so they are hidden and cleared; unticking brings back "never" for each.
 */
export function ActualForecastForm({ form, readOnly }: KindFormProps) {
  const ignore = useWatch({ control: form.control, name: 'actualOrForecast.ignoreHistoryProd' }) === true;
  // The replacements left when ignoring history come back when it is unticked.
  const kept = useRef<unknown>(undefined);
  const onIgnore = (checked: boolean) => {
    const path = 'actualOrForecast.replaceActualWithForecast';
    if (checked) {
      kept.current = structuredClone(form.getValues(path));
      form.setValue(path, undefined, { shouldDirty: true });
    } else form.setValue(path, kept.current ?? structuredClone(NEVER), { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger('actualOrForecast');
  };
  return (
    <section className="panel" aria-labelledby="af-title">
      <h2 id="af-title">Actual or forecast</h2>
      <CheckboxField
        form={form}
        path="actualOrForecast.ignoreHistoryProd"
        label="Ignore history production"
        readOnly={readOnly}
        onChange={onIgnore}
        hint="Ignores all historical and future volumetric forecasting; the replacements below are then not sent."
      />
      {!ignore && (
        <fieldset className="oneof-group">
          <legend>Replace actual production with the forecast</legend>
          <div className="oneof-row">
            {PHASES.map((p) => (
              <OneOfField
                key={p.key}
                form={form}
                path={`actualOrForecast.replaceActualWithForecast.${p.key}`}
                label={p.label}
                readOnly={readOnly}
                choices={REPLACEMENT}
              />
            ))}
          </div>
          <FieldError form={form} path="actualOrForecast.replaceActualWithForecast" />
        </fieldset>
      )}
      <SelectField
        form={form}
        path="actualOrForecast.afterEconLimit"
        label="After the economic limit"
        readOnly={readOnly}
        options={AFTER_ECON_LIMIT.map((v) => ({ value: v, label: v === 'yes' ? 'Yes' : 'No' }))}
        hint="Yes ignores all historical and future volumetric forecasting (e.g. a well shut in until a future date); the FPD hierarchy is not affected."
      />
    </section>
  );
}
