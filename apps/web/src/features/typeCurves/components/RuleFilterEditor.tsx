import { type WellHeaderName, wellHeader } from '@econ/contract';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { AddRowButton, RemoveRowCell } from '../../../components/RowButtons';
import { DateField, FieldError, SelectField, TextField } from '../../econModels/components/fields';
import {
  emptyFilterRow,
  FILTER_FIELD_OPTIONS,
  type FilterOperator,
  OPERATOR_LABELS,
  operatorsOf,
  rowsFromFilter,
} from '../model/ruleFilter';

type AnyForm = UseFormReturn<FieldValues>;

/** Conditions per rule the editor offers (a filter is a few header tests, not a query language). */
const CONDITIONS_MAX = 20;

/**
 * A lookup rule's filter (decision 058): rows of well header, operator and value, all of which
 * apply; no row matches every well. A stored filter the rows cannot show is kept as it is and
 * shown as read-only JSON with the reason; the engineer may replace it with conditions.
 */
export function RuleFilterEditor(props: { form: AnyForm; rule: number; readOnly: boolean }) {
  const { form, rule, readOnly } = props;
  const n = rule + 1;
  const json = useWatch({ control: form.control, name: `rules.${rule}.filterJson` }) as string;
  if (json) {
    let reason = '';
    try {
      const read = rowsFromFilter(JSON.parse(json) as unknown[]);
      reason = 'reason' in read ? read.reason : '';
    } catch {
      reason = 'it is not JSON';
    }
    return (
      <fieldset className="tc-filter">
        <Legend rule={n} />
        <p className="muted" role="note">
          This filter cannot be edited as conditions ({reason}); it is kept as stored:
        </p>
        <pre className="tc-filter-json">{JSON.stringify(JSON.parse(json), null, 2)}</pre>
        {!readOnly && (
          <button
            type="button"
            onClick={() => {
              form.setValue(`rules.${rule}.filterJson`, '', { shouldDirty: true });
              form.setValue(`rules.${rule}.filterRows`, [], { shouldDirty: true });
            }}
          >
            Replace with conditions
          </button>
        )}
      </fieldset>
    );
  }
  return <Conditions form={form} rule={rule} readOnly={readOnly} />;
}

function Conditions({ form, rule, readOnly }: { form: AnyForm; rule: number; readOnly: boolean }) {
  const n = rule + 1;
  const name = `rules.${rule}.filterRows`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  return (
    <fieldset className="tc-filter">
      <Legend rule={n} />
      <FieldError form={form} path={name} />
      {fields.length === 0 ? (
        <p className="muted">No conditions: the rule matches every well.</p>
      ) : (
        <table className="tc-conditions" aria-label={`Rule ${n} conditions`}>
          <thead>
            <tr>
              <th>Well header</th>
              <th>Operator</th>
              <th>Value</th>
              {!readOnly && <th />}
            </tr>
          </thead>
          <tbody>
            {fields.map((f, m) => (
              <ConditionRow
                key={f.id}
                form={form}
                path={`${name}.${m}`}
                label={`Rule ${n} condition ${m + 1}`}
                readOnly={readOnly}
                onRemove={() => remove(m)}
              />
            ))}
          </tbody>
        </table>
      )}
      {fields.length > 1 && <p className="muted">A well matches when every condition holds.</p>}
      <AddRowButton
        rows={fields.length}
        max={CONDITIONS_MAX}
        readOnly={readOnly}
        onAdd={() => append(emptyFilterRow())}
      >
        Add condition to rule {n}
      </AddRowButton>
    </fieldset>
  );
}

/** The filter's legend: "Filter" on the page, "Rule n filter" for screen readers. */
const Legend = ({ rule }: { rule: number }) => (
  <legend>
    <span className="sr-only">Rule {rule} </span>Filter
  </legend>
);

function ConditionRow(props: { form: AnyForm; path: string; label: string; readOnly: boolean; onRemove: () => void }) {
  const { form, path, label, readOnly, onRemove } = props;
  const field = useWatch({ control: form.control, name: `${path}.field` }) as WellHeaderName | '';
  const def = field ? wellHeader(field) : undefined;
  const operators = operatorsOf(def?.kind ?? 'string');
  const value = { form, path: `${path}.value`, label: `${label} value`, hideLabel: true, readOnly };
  return (
    <tr>
      <td>
        <SelectField
          form={form}
          path={`${path}.field`}
          label={`${label} header`}
          hideLabel
          readOnly={readOnly}
          options={[{ value: '', label: '— choose a header —' }, ...FILTER_FIELD_OPTIONS]}
          onChange={(next) => {
            // A new header: keep the operator when its kind allows it, and start its value afresh.
            const kind = next ? wellHeader(next as WellHeaderName).kind : 'string';
            const op = form.getValues(`${path}.operator`) as FilterOperator;
            if (!operatorsOf(kind).includes(op)) form.setValue(`${path}.operator`, 'equals');
            form.setValue(`${path}.value`, kind === 'boolean' ? 'true' : '');
          }}
        />
      </td>
      <td>
        <SelectField
          form={form}
          path={`${path}.operator`}
          label={`${label} operator`}
          hideLabel
          readOnly={readOnly}
          options={operators.map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
        />
      </td>
      <td>
        {def?.kind === 'boolean' ? (
          <SelectField
            {...value}
            options={[
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]}
          />
        ) : def?.kind === 'enum' ? (
          <SelectField {...value} options={[{ value: '', label: '—' }, ...(def.values ?? [])]} />
        ) : def?.kind === 'date' ? (
          <DateField {...value} />
        ) : (
          <TextField {...value} unit={def?.unit} />
        )}
      </td>
      <RemoveRowCell label={`Remove ${label}`} onRemove={onRemove} readOnly={readOnly} />
    </tr>
  );
}
