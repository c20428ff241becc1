import { DIFFERENTIAL_UNITS, DIFFERENTIALS, type DifferentialKey } from '@econ/contract';
import { DatedRowsField } from '../rows/DatedRowsField';
import type { KindFormProps } from './kindForm';

const ORDINAL: Record<DifferentialKey, string> = {
  firstDifferential: 'First',
  secondDifferential: 'Second',
  thirdDifferential: 'Third',
};
const PRODUCTS = [
  { key: 'oil', label: 'oil' },
  { key: 'gas', label: 'gas' },
  { key: 'ngl', label: 'NGL' },
  { key: 'dripCondensate', label: 'drip condensate' },
] as const;

/**
 * Differentials (the service's kind): up to three per product, each rows of $ per unit added to the
 * price (negative: a discount) or the percent of the base price remaining.
 */
export function DifferentialsForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="df-title">
      <h2 id="df-title">Differentials</h2>
      <p className="muted">
        Each differential is added to the price in order: $ per unit (negative for a discount), $/MMBTU (× the
        shrunk-gas BTU), or the percent of the base price remaining (90 % takes 10 % off the price plus the
        differentials before it).
      </p>
      {DIFFERENTIALS.map((d) => (
        <fieldset key={d} className="oneof-group">
          <legend>{ORDINAL[d]} differential</legend>
          {PRODUCTS.map((p) => (
            <DatedRowsField
              key={p.key}
              form={form}
              path={`differentials.${d}.${p.key}`}
              label={`${ORDINAL[d]} ${p.label} differential`}
              units={DIFFERENTIAL_UNITS[p.key]}
              valueLabel="Differential"
              defaultValue={0}
              optional={{ noneLabel: 'None' }}
              readOnly={readOnly}
            />
          ))}
        </fieldset>
      ))}
    </section>
  );
}
