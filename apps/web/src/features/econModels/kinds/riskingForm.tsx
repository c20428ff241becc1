import { CheckboxField } from '../components/fields';
import { DatedRowsField } from '../rows/DatedRowsField';
import type { KindFormProps } from './kindForm';

const PHASES = [
  { key: 'oil', label: 'Oil' },
  { key: 'gas', label: 'Gas' },
  { key: 'ngl', label: 'NGL' },
  { key: 'dripCondensate', label: 'Drip condensate' },
  { key: 'water', label: 'Water' },
] as const;

const MULTIPLIER = [{ key: 'multiplier', label: '%' }] as const;

/**
 * Riskings: per phase, no risk (100 %) or rows of a multiplier in percent over a period — the whole
 * well life, from dates, or months counted from the FPD, the as-of or the discount date.
 */
export function RiskingForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="rk-title">
      <h2 id="rk-title">Risking</h2>
      <p className="muted">
        Each month’s gross well-head volume is multiplied by its row’s percent (100 % outside the rows), before loss,
        shrinkage and interests.
      </p>
      <CheckboxField
        form={form}
        path="risking.riskProd"
        label="Also risk the actual production"
        readOnly={readOnly}
        hint="The forecast is always risked."
      />
      <CheckboxField
        form={form}
        path="risking.riskNglDripCondViaGasRisk"
        label="NGL and drip condensate follow the risked gas"
        readOnly={readOnly}
      />
      {PHASES.map((p) => (
        <DatedRowsField
          key={p.key}
          form={form}
          path={`risking.${p.key}`}
          label={`${p.label} risk`}
          units={MULTIPLIER}
          valueLabel="Multiplier"
          defaultValue={100}
          optional={{ noneLabel: 'No risk (100 %)' }}
          revalidate="risking"
          readOnly={readOnly}
        />
      ))}
    </section>
  );
}
