import { PRICE_MAX, PRICE_PRODUCTS } from '@econ/contract';
import { FlatOrByDateField } from './flatOrByDateField';
import type { KindFormProps } from './kindForm';

/** Price deck (our own kind, issue 8): a price per product, flat or by date. */
export function PriceDeckForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="pd-title">
      <h2 id="pd-title">Prices</h2>
      <p className="muted">
        The economics multiplies each month’s net sales volumes by these prices. Prices run from 0 to{' '}
        {PRICE_MAX.toLocaleString()}.
      </p>
      {PRICE_PRODUCTS.map((p) => (
        <FlatOrByDateField
          key={p.key}
          form={form}
          path={`pricing.${p.key}`}
          label={p.label}
          unit={p.unit}
          valueKey="price"
          readOnly={readOnly}
        />
      ))}
    </section>
  );
}
