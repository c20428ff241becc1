import {
  COMPOSITION_TOLERANCE,
  compositionTotal,
  FLUID_COMPONENTS,
  FLUID_PHASES,
  FLUID_PROPERTIES,
  type FluidComponent,
  type FluidPhase,
} from '@econ/contract';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { RemoveRowCell } from '../../../components/RowButtons';
import { FieldError, fieldId, NumberField } from '../components/fields';
import type { KindFormProps } from './kindForm';

type Form = UseFormReturn<FieldValues>;
type Composition = Partial<Record<FluidComponent, { percentage?: number } | undefined>>;

/**
 * Fluid model: per phase, the properties engineers set (each optional, in its unit) and a
 * composition in mole percent, one row per component given, with its running total (a composition
 * with any component above 0 sums to 100 ± 0.01).
 */
export function FluidModelForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="fm-title">
      <h2 id="fm-title">Fluid model</h2>
      <p className="muted">
        PVT data by phase. The service stores and serves it; the economics engine does not apply it yet and says so for
        each well it is assigned to.
      </p>
      {FLUID_PHASES.map((p) => (
        <fieldset key={p.key} className="oneof-group">
          <legend>{p.label}</legend>
          <div className="grid-fields">
            {FLUID_PROPERTIES[p.key].map((prop) => (
              <NumberField
                key={prop.key}
                form={form}
                path={`fluidModel.${p.key}.${prop.key}`}
                label={`${p.label} ${prop.label.toLowerCase()}`}
                unit={prop.unit}
                emptyAs={undefined}
                readOnly={readOnly}
              />
            ))}
          </div>
          <CompositionTable form={form} phase={p.key} label={p.label} readOnly={readOnly} />
        </fieldset>
      ))}
    </section>
  );
}

function CompositionTable(props: { form: Form; phase: FluidPhase; label: string; readOnly: boolean }) {
  const { form, phase, label, readOnly } = props;
  const path = `fluidModel.${phase}.composition`;
  const composition = (useWatch({ control: form.control, name: path }) ?? {}) as Composition;
  const given = FLUID_COMPONENTS.filter((c) => composition[c.key] !== undefined);
  const missing = FLUID_COMPONENTS.filter((c) => composition[c.key] === undefined);
  const total = compositionTotal(
    Object.fromEntries(
      given.map((c) => [c.key, { percentage: Number(composition[c.key]?.percentage) || 0 }]),
    ) as Parameters<typeof compositionTotal>[0],
  );
  const revalidate = () => {
    if (form.formState.isSubmitted) void form.trigger(path);
  };
  const add = (key: string) => {
    form.setValue(`${path}.${key}`, { percentage: 0 }, { shouldDirty: true });
    revalidate();
  };
  const remove = (key: string) => {
    form.setValue(`${path}.${key}`, undefined, { shouldDirty: true });
    revalidate();
  };
  const id = fieldId(path);
  return (
    <div className="composition">
      <h3 id={`${id}-title`}>{label} composition</h3>
      {given.length === 0 ? (
        <p className="muted">No composition.</p>
      ) : (
        <table className="entries" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">Component</th>
              <th scope="col">Mole %</th>
              {!readOnly && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {given.map((c) => (
              <tr key={c.key}>
                <td>{c.label}</td>
                <td>
                  <NumberField
                    form={form}
                    hideLabel
                    readOnly={readOnly}
                    path={`${path}.${c.key}.percentage`}
                    label={`${label} ${c.key} mole percent`}
                  />
                </td>
                <RemoveRowCell
                  label={`Remove ${label.toLowerCase()} ${c.key}`}
                  onRemove={() => remove(c.key)}
                  readOnly={readOnly}
                />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">
                <output aria-label={`${label} composition total`}>{Number(total.toFixed(6))}</output>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      <FieldError form={form} path={path} />
      {!readOnly && missing.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-add`}>Add to the {label} composition</label>
          <select
            id={`${id}-add`}
            value=""
            onChange={(e) => {
              if (e.target.value) add(e.target.value);
            }}
          >
            <option value="">Choose a component</option>
            {missing.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {given.length > 0 && (
        <p className="hint">
          Components given sum to 100 mole % (± {COMPOSITION_TOLERANCE}); all at 0 means no composition.
        </p>
      )}
    </div>
  );
}
