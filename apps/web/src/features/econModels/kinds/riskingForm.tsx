import { RISK_PERIODS } from '@econ/contract';
import { CheckboxField } from '../components/fields';
import { DatedRowsField } from '../rows/DatedRowsField';
import type { KindFormProps } from './kindForm';
import { RiskShutIns } from './riskShutIns';

const PHASES = [
  { key: 'oil', label: 'Oil' },
  { key: 'gas', label: 'Gas' },
  { key: 'ngl', label: 'NGL' },
  { key: 'dripCondensate', label: 'Drip condensate' },
  { key: 'water', label: 'Water' },
] as const;

const MULTIPLIER = [{ key: 'multiplier', label: '%' }] as const;
const WELL_COUNT = [
  { key: 'count', label: 'wells' },
  { key: 'percentage', label: 'row 1 wells, later rows % of them' },
] as const;

/**
 * Riskings: per phase, no risk (100 %) or rows of a multiplier in percent over a period — the whole
 * well life, from dates, months counted from a reference date (FPD, as-of, discount date, end of
 * history, first forecast segment), or calendar months of every year; and the well count per-well
 * fixed costs are charged by (wells, or percent of the first row's wells).
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
          periods={RISK_PERIODS}
          optional={{ noneLabel: 'No risk (100 %)' }}
          revalidate="risking"
          readOnly={readOnly}
        />
      ))}
      <DatedRowsField
        form={form}
        path="risking.wellStream"
        label="Well count"
        units={WELL_COUNT}
        valueLabel="Count"
        defaultValue={1}
        optional={{ noneLabel: 'One well from first production' }}
        revalidate="risking.wellStream"
        readOnly={readOnly}
      />
      <p className="muted">
        Per-well fixed costs are charged by each month’s well count, none before the first row. In percent, the first
        row holds the number of wells and each later row a percent of it.
      </p>
      <RiskShutIns form={form} readOnly={readOnly} />
    </section>
  );
}
