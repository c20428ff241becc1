import { EXPENSE_PHASES } from '@econ/contract';
import { NumberField } from '../components/fields';
import { FlatOrByDateField } from './flatOrByDateField';
import type { KindFormProps } from './kindForm';

/**
 * Expenses (our own kind, issue 8): fixed $/well/month (flat or by date), variable $ per unit by
 * phase, and production taxes. Amounts are gross: the economics multiplies them by the WI.
 */
export function ExpensesForm({ form, readOnly }: KindFormProps) {
  return (
    <>
      <section className="panel" aria-labelledby="ex-title">
        <h2 id="ex-title">Expenses</h2>
        <p className="muted">
          Gross amounts per well: the economics multiplies them by the well’s working interest, so there is no net or
          gross choice.
        </p>
        <FlatOrByDateField
          form={form}
          path="expenses.fixed"
          label="Fixed"
          unit="$/well/month"
          valueKey="cost"
          readOnly={readOnly}
        />
        <fieldset className="fbd">
          <legend>Variable</legend>
          <div className="fbd-grid">
            {EXPENSE_PHASES.map((p) => (
              <NumberField
                key={p.key}
                form={form}
                path={`expenses.variable.${p.key}`}
                label={`${p.label} variable expense`}
                unit={p.unit}
                readOnly={readOnly}
              />
            ))}
          </div>
        </fieldset>
      </section>
      <section className="panel" aria-labelledby="tx-title">
        <h2 id="tx-title">Production taxes</h2>
        <div className="fbd-grid">
          <NumberField
            form={form}
            path="productionTaxes.severanceTax"
            label="Severance tax"
            unit="%"
            readOnly={readOnly}
            hint="Percent of net revenue (0 to 100)."
          />
          <NumberField
            form={form}
            path="productionTaxes.adValoremTax"
            label="Ad valorem tax"
            unit="%"
            readOnly={readOnly}
            hint="Percent of net revenue after severance tax (0 to 100)."
          />
        </div>
      </section>
    </>
  );
}
