import { TAX_CRITERIA } from '@econ/contract';
import { type FieldValues, type UseFormReturn, useController, useFieldArray, useWatch } from 'react-hook-form';
import { CheckboxField, FieldError, fieldId, NumberField, useFieldError } from '../components/fields';
import {
  dateOfMonth,
  monthOf,
  newTaxEntry,
  TAX_CRITERION_LABELS,
  type TaxCriterion,
  taxCriterionOf,
  taxCriterionWrites,
} from './generalOptionsChoices';

type Form = UseFormReturn<FieldValues>;
interface SectionProps {
  form: Form;
  readOnly: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The `incomeTax` function (spec 2.6), shown only with after-tax economics (mainOptions.incomeTax):
 * carry-forward, 15 % depletion and the federal and state tax entries.
 */
export function IncomeTaxSection({ form, readOnly }: SectionProps) {
  const on = useWatch({ control: form.control, name: 'mainOptions.incomeTax' }) === true;
  const incomeTax = useWatch({ control: form.control, name: 'incomeTax' });
  if (!on) return <FieldError form={form} path="incomeTax" />;
  return (
    <section className="panel">
      <h2>Income tax</h2>
      <FieldError form={form} path="incomeTax" />
      {isObject(incomeTax) && (
        <>
          <div className="gof-checks">
            <CheckboxField
              form={form}
              readOnly={readOnly}
              path="incomeTax.carryForward"
              label="Carry forward (NOL)"
              hint="Well by well; leftover DD&A is deducted at the well's economic limit."
            />
            <CheckboxField
              form={form}
              readOnly={readOnly}
              path="incomeTax.fifteenDepletion"
              label="15 % depletion"
              hint="The lesser of 15 % of gross and 50 % of net revenue, or cost depletion when greater."
            />
          </div>
          <div className="gof-tax">
            <TaxEntries form={form} readOnly={readOnly} list="federalIncomeTax" title="Federal income tax" />
            <TaxEntries form={form} readOnly={readOnly} list="stateIncomeTax" title="State income tax" />
          </div>
        </>
      )}
    </section>
  );
}

/** A list of tax entries: a multiplier and one period criterion each. */
function TaxEntries(props: SectionProps & { list: 'federalIncomeTax' | 'stateIncomeTax'; title: string }) {
  const { form, readOnly, list, title } = props;
  const name = `incomeTax.${list}`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const short = list === 'federalIncomeTax' ? 'Federal' : 'State';
  return (
    <div>
      <h3>{title}</h3>
      {fields.length === 0 ? (
        <p className="muted">No entries: no {short.toLowerCase()} tax.</p>
      ) : (
        <table className="gof-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Multiplier</th>
              <th>Period</th>
              <th>Value</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <TaxEntryRow
                key={f.id}
                form={form}
                readOnly={readOnly}
                path={`${name}.${i}`}
                label={`${short} entry ${i + 1}`}
                n={i + 1}
                onRemove={() => remove(i)}
              />
            ))}
          </tbody>
        </table>
      )}
      <FieldError form={form} path={name} />
      <button type="button" disabled={readOnly} onClick={() => append(newTaxEntry())}>
        Add {short.toLowerCase()} entry
      </button>
    </div>
  );
}

function TaxEntryRow(props: SectionProps & { path: string; label: string; n: number; onRemove: () => void }) {
  const { form, readOnly, path, label, n, onRemove } = props;
  const entry = useWatch({ control: form.control, name: path });
  const criterion = taxCriterionOf(entry);
  const pickerId = `${fieldId(path)}-criterion`;
  const pick = (next: TaxCriterion) => {
    for (const [k, v] of Object.entries(taxCriterionWrites(form.getValues(path), next))) {
      form.setValue(`${path}.${k}`, v, { shouldDirty: true });
    }
    if (form.formState.isSubmitted) void form.trigger(path);
  };
  return (
    <tr>
      <td className="gof-num">{n}</td>
      <td>
        <NumberField
          form={form}
          readOnly={readOnly}
          path={`${path}.multiplier`}
          label={`${label} multiplier`}
          unit="%"
          hideLabel
        />
      </td>
      <td>
        <label htmlFor={pickerId} className="sr-only">
          {label} period
        </label>
        <select
          id={pickerId}
          value={criterion ?? ''}
          disabled={readOnly}
          onChange={(e) => pick(e.target.value as TaxCriterion)}
        >
          {!criterion && <option value="">Choose…</option>}
          {TAX_CRITERIA.map((c) => (
            <option key={c} value={c}>
              {TAX_CRITERION_LABELS[c]}
            </option>
          ))}
        </select>
      </td>
      <td>
        {criterion === 'entireWellLife' && <span className="muted gof-flat">flat, whole life</span>}
        {(criterion === 'offsetToAsOf' || criterion === 'offsetToFpd') && (
          <NumberField
            form={form}
            readOnly={readOnly}
            path={`${path}.${criterion}`}
            label={`${label} ${TAX_CRITERION_LABELS[criterion].toLowerCase()}`}
            unit="months"
            hideLabel
          />
        )}
        {criterion === 'dates' && (
          <MonthField form={form} readOnly={readOnly} path={`${path}.dates`} label={`${label} from month`} />
        )}
        <FieldError form={form} path={path} />
      </td>
      <td>
        <button type="button" disabled={readOnly} onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
          Remove
        </button>
      </td>
    </tr>
  );
}

/** A tax entry's `dates`: a month picker storing the first day of the month (the contract's day 01). */
function MonthField(props: SectionProps & { path: string; label: string }) {
  const { form, readOnly, path, label } = props;
  const { field } = useController({ control: form.control, name: path });
  const id = fieldId(path);
  const error = useFieldError(form, path, label);
  return (
    <div className="field compact">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="field-input">
        <input
          id={id}
          ref={field.ref}
          name={field.name}
          type="month"
          placeholder="YYYY-MM"
          value={monthOf(field.value)}
          disabled={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(dateOfMonth(e.target.value))}
        />
      </div>
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
