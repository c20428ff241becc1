import {
  EMISSION_CATEGORIES,
  EMISSION_COMPONENTS,
  EMISSION_ROWS_MAX,
  EMISSION_UNITS,
  type EmissionUnit,
  emissionUnitPhases,
} from '@econ/contract';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';
import { CheckboxField, FieldError, NumberField, SelectField, TextField } from '../components/fields';
import type { KindFormProps } from './kindForm';

type Form = UseFormReturn<FieldValues>;

const words = (v: string) => {
  const s = v.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};
const CATEGORY_OPTIONS = EMISSION_CATEGORIES.map((c) => ({ value: c, label: words(c) }));
const UNIT_OPTIONS = EMISSION_UNITS.map((u) => ({ value: u.key, label: u.label }));
const PHASE_LABELS: Record<string, string> = {
  oil: 'Oil',
  gas: 'Gas',
  water: 'Water',
  ngl: 'NGL',
  dripCondensate: 'Drip condensate',
};
const COMPONENT_LABELS: Record<string, string> = { co2e: 'CO2e', co2: 'CO2', ch4: 'CH4', n2o: 'N2O' };
const ROWS = 'emissions.rows';

const newRow = () => ({
  selected: true,
  category: 'flare',
  co2e: 0,
  co2: 0,
  ch4: 0,
  n2o: 0,
  unit: 'mt_per_mmcf',
  escalationModel: 'none',
});

/**
 * Emissions: rows of a source category, CO2e and species rates in metric tons per unit (per volume
 * of a phase, per BOE, per well and month or year, per new well), selected or not.
 */
export function EmissionsForm({ form, readOnly }: KindFormProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: ROWS });
  return (
    <section className="panel" aria-labelledby="em-title">
      <h2 id="em-title">Emissions</h2>
      <p className="muted">
        Each selected row adds its rates × the well’s monthly quantity in its unit to the well’s monthly mass of CO2e,
        CO2, CH4 and N2O (metric tons); the carbon expense prices them.
      </p>
      {fields.length === 0 ? (
        <p className="muted">No rows.</p>
      ) : (
        <table className="entries">
          <thead>
            <tr>
              <th scope="col">Selected</th>
              <th scope="col">Category</th>
              <th scope="col">Unit</th>
              <th scope="col">Phase</th>
              {EMISSION_COMPONENTS.map((c) => (
                <th key={c} scope="col">
                  {COMPONENT_LABELS[c]} (MT)
                </th>
              ))}
              <th scope="col">Escalation</th>
              {!readOnly && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <EmissionRowCells key={f.id} form={form} index={i} readOnly={readOnly} onRemove={() => remove(i)} />
            ))}
          </tbody>
        </table>
      )}
      <FieldError form={form} path={ROWS} />
      <AddRowButton rows={fields.length} max={EMISSION_ROWS_MAX} readOnly={readOnly} onAdd={() => append(newRow())}>
        Add emission row
      </AddRowButton>
    </section>
  );
}

function EmissionRowCells(props: { form: Form; index: number; readOnly: boolean; onRemove: () => void }) {
  const { form, index, readOnly, onRemove } = props;
  const path = `${ROWS}.${index}`;
  const n = index + 1;
  const unit = useWatch({ control: form.control, name: `${path}.unit` }) as EmissionUnit | undefined;
  const phases = unit ? emissionUnitPhases(unit) : [];
  // Every input of the row: in a table cell, labelled for screen readers.
  const cell = { form, hideLabel: true, readOnly };
  return (
    <tr>
      <td>
        <CheckboxField form={form} path={`${path}.selected`} label={`Row ${n} selected`} readOnly={readOnly} />
      </td>
      <td>
        <SelectField {...cell} path={`${path}.category`} label={`Row ${n} category`} options={CATEGORY_OPTIONS} />
      </td>
      <td>
        <SelectField
          {...cell}
          path={`${path}.unit`}
          label={`Row ${n} unit`}
          options={UNIT_OPTIONS}
          // The phase left out is the unit's default (oil per MBBL, gas per MMCF).
          onChange={() => form.setValue(`${path}.phase`, undefined, { shouldDirty: true })}
        />
      </td>
      <td>
        {phases.length > 1 ? (
          <SelectField
            {...cell}
            path={`${path}.phase`}
            label={`Row ${n} phase`}
            options={phases.map((p) => ({ value: p, label: PHASE_LABELS[p] ?? p }))}
          />
        ) : (
          <span className="muted">{phases[0] ? PHASE_LABELS[phases[0]] : '—'}</span>
        )}
      </td>
      {EMISSION_COMPONENTS.map((c) => (
        <td key={c}>
          <NumberField {...cell} path={`${path}.${c}`} label={`Row ${n} ${COMPONENT_LABELS[c]}`} />
        </td>
      ))}
      <td>
        <TextField {...cell} path={`${path}.escalationModel`} label={`Row ${n} escalation model`} />
      </td>
      <RemoveRowCell label={`Remove emission row ${n}`} onRemove={onRemove} readOnly={readOnly} />
    </tr>
  );
}
