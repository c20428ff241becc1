import {
  DEPLETION_MODELS,
  DEPRECIATION_ENTRIES_MAX,
  type DepreciationModelType,
  econModelExample,
  statutoryBonusPercent,
} from '@econ/contract';
import { useId, useRef, useState } from 'react';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';
import { CheckboxField, FieldError, NumberField, SelectField } from '../components/fields';
import { runningSums } from '../model/cumulative';
import type { KindFormProps } from './kindForm';

type Form = UseFormReturn<FieldValues>;

const DEPLETION_LABELS: Record<(typeof DEPLETION_MODELS)[number], string> = {
  unit_of_production_major: 'Unit of production (major phase)',
  unit_of_production_BOE: 'Unit of production (BOE)',
  ecl: 'At the economic limit',
  never: 'Never',
  fpd: '100% in the year of spend',
};
const DEPLETION_OPTIONS = DEPLETION_MODELS.map((m) => ({ value: m, label: DEPLETION_LABELS[m] }));

/** The body each modelType starts from when first chosen (spec 2.2: the two bodies are entirely different). */
const START: Record<DepreciationModelType, () => Record<string, unknown>> = {
  depreciation: () => structuredClone(econModelExample('depreciation').depreciation as Record<string, unknown>),
  depletion: () => ({
    modelType: 'depletion',
    tangibleImmediateDepletion: 0,
    intangibleImmediateDepletion: 0,
    tangibleDepletionModel: 'unit_of_production_major',
    intangibleDepletionModel: 'unit_of_production_major',
  }),
};

/** Depreciation or depletion (spec 2.2): `modelType` switches the whole form. */
export function DepreciationForm({ form, readOnly, stored }: KindFormProps) {
  const modelType = useWatch({ control: form.control, name: 'depreciation.modelType' }) as DepreciationModelType;
  // The body of the other modelType, so switching back and forth loses nothing typed.
  const kept = useRef<Partial<Record<DepreciationModelType, Record<string, unknown>>>>({});
  const onModelType = (next: string) => {
    const to = next as DepreciationModelType;
    const from: DepreciationModelType = to === 'depletion' ? 'depreciation' : 'depletion';
    kept.current[from] = { ...structuredClone(form.getValues('depreciation')), modelType: from };
    form.setValue('depreciation', kept.current[to] ?? START[to](), { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger('depreciation');
  };
  const prebuilt = (stored?.depreciation as { prebuilt?: unknown } | undefined)?.prebuilt;
  return (
    <section className="panel" aria-labelledby="dep-title">
      <h2 id="dep-title">Depreciation</h2>
      <SelectField
        form={form}
        path="depreciation.modelType"
        label="Model type"
        readOnly={readOnly}
        options={[
          { value: 'depreciation', label: 'Depreciation' },
          { value: 'depletion', label: 'Depletion' },
        ]}
        onChange={onModelType}
        hint="Depreciation and depletion models take entirely different fields."
      />
      {typeof prebuilt === 'string' && prebuilt && <p className="muted">Pre-built model: {prebuilt}</p>}
      {modelType === 'depletion' ? (
        <DepletionFields form={form} readOnly={readOnly} />
      ) : (
        <DepreciationFields form={form} readOnly={readOnly} />
      )}
    </section>
  );
}

function DepletionFields({ form, readOnly }: { form: Form; readOnly: boolean }) {
  return (
    <div className="grid-fields two">
      <NumberField
        form={form}
        path="depreciation.tangibleImmediateDepletion"
        label="Tangible immediate depletion"
        unit="%"
        readOnly={readOnly}
        hint="Percent of tangible CAPEX depleted on the spend date."
      />
      <NumberField
        form={form}
        path="depreciation.intangibleImmediateDepletion"
        label="Intangible immediate depletion"
        unit="%"
        readOnly={readOnly}
        hint="Percent of intangible CAPEX depleted on the spend date."
      />
      <SelectField
        form={form}
        path="depreciation.tangibleDepletionModel"
        label="Tangible depletion model"
        readOnly={readOnly}
        options={DEPLETION_OPTIONS}
      />
      <SelectField
        form={form}
        path="depreciation.intangibleDepletionModel"
        label="Intangible depletion model"
        readOnly={readOnly}
        options={DEPLETION_OPTIONS}
      />
    </div>
  );
}

function DepreciationFields({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const tcja = useWatch({ control: form.control, name: 'depreciation.tcjaBonus' }) === true;
  return (
    <>
      <NumberField
        form={form}
        path="depreciation.taxCredit"
        label="Tangible federal tax credit"
        unit="%"
        readOnly={readOnly}
      />
      <h3>Bonus depreciation</h3>
      <CheckboxField
        form={form}
        path="depreciation.tcjaBonus"
        label="Apply the statutory (TCJA) bonus schedule by investment year"
        readOnly={readOnly}
        hint={
          tcja
            ? 'The statutory schedule is not meant to be combined with manual bonus entries: leave them at 0.'
            : 'Unticked: the manual bonus entry below applies.'
        }
      />
      {tcja && <StatutoryBonus />}
      <div className="grid-fields">
        <NumberField
          form={form}
          path="depreciation.bonusDepreciation.0.tangibleBonusDepreciation"
          label="Tangible bonus depreciation"
          unit="%"
          readOnly={readOnly}
        />
        <NumberField
          form={form}
          path="depreciation.bonusDepreciation.0.intangibleBonusDepreciation"
          label="Intangible bonus depreciation"
          unit="%"
          readOnly={readOnly}
        />
      </div>
      <FieldError form={form} path="depreciation.bonusDepreciation" />
      <DepreciationEntries form={form} readOnly={readOnly} />
    </>
  );
}

/** The statutory bonus percent for an investment year the user picks (not part of the model). */
function StatutoryBonus() {
  const id = useId();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const percent = Number.isInteger(year) ? statutoryBonusPercent(year) : undefined;
  return (
    <div className="computed-box">
      <label htmlFor={id}>Investment year</label>
      <div className="field-input">
        <input
          id={id}
          type="number"
          step={1}
          value={Number.isNaN(year) ? '' : year}
          onChange={(e) => setYear(e.target.valueAsNumber)}
          style={{ maxWidth: 110 }}
        />
        <output htmlFor={id} aria-label="Statutory bonus">
          {percent === undefined ? '—' : `Statutory bonus: ${percent}%`}
        </output>
      </div>
      <div className="hint">
        2010–11: 100%; 2012–17: 50%; 2018–22: 100%; 2023: 80%; 2024: 60%; 2025: 40%; 2026: 20%; 2027 on: 0%.
      </div>
    </div>
  );
}

const fmt = (v: number | undefined) =>
  v === undefined ? '—' : v.toLocaleString(undefined, { maximumFractionDigits: 6 });

/** One entry per year: factors are typed, the year and the cumulative factors follow live (read-only). */
function DepreciationEntries({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const path = 'depreciation.depreciation';
  const { fields, append, remove } = useFieldArray({ control: form.control, name: path });
  const entries = (useWatch({ control: form.control, name: path }) ?? []) as {
    tanFactor?: unknown;
    intanFactor?: unknown;
  }[];
  const tan = runningSums(entries.map((e) => e?.tanFactor));
  const intan = runningSums(entries.map((e) => e?.intanFactor));
  return (
    <>
      <h3 id="dep-entries">Depreciation schedule</h3>
      <p className="muted">
        Percent of CAPEX depreciated each year, in order. Year and cumulative columns are computed (the service computes
        them the same way when it stores the model).
      </p>
      <table className="entries" aria-labelledby="dep-entries">
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Tangible factor (%)</th>
            <th scope="col">Tangible cumulative (%)</th>
            <th scope="col">Intangible factor (%)</th>
            <th scope="col">Intangible cumulative (%)</th>
            {!readOnly && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {fields.map((f, i) => (
            <tr key={f.id}>
              <td className="num">{i + 1}</td>
              <td>
                <NumberField
                  form={form}
                  path={`${path}.${i}.tanFactor`}
                  label={`Year ${i + 1} tangible factor`}
                  hideLabel
                  readOnly={readOnly}
                />
              </td>
              <td className="num" aria-label={`Year ${i + 1} tangible cumulative`}>
                {fmt(tan[i])}
              </td>
              <td>
                <NumberField
                  form={form}
                  path={`${path}.${i}.intanFactor`}
                  label={`Year ${i + 1} intangible factor`}
                  hideLabel
                  readOnly={readOnly}
                />
              </td>
              <td className="num" aria-label={`Year ${i + 1} intangible cumulative`}>
                {fmt(intan[i])}
              </td>
              <RemoveRowCell
                label={`Remove year ${i + 1}`}
                onRemove={() => remove(i)}
                disabled={fields.length <= 1}
                readOnly={readOnly}
              />
            </tr>
          ))}
        </tbody>
      </table>
      <FieldError form={form} path={path} />
      <AddRowButton
        rows={fields.length}
        max={DEPRECIATION_ENTRIES_MAX}
        readOnly={readOnly}
        onAdd={() => append({ tanFactor: 0, intanFactor: 0 })}
      >
        Add year
      </AddRowButton>
    </>
  );
}
