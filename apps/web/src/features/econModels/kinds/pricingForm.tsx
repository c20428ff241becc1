import { PRICE_LIMIT, PRICE_UNITS, type PricedProduct } from '@econ/contract';
import { NumberField, SelectField } from '../components/fields';
import { DatedRowsField } from '../rows/DatedRowsField';
import type { KindFormProps } from './kindForm';

const PRODUCTS: { key: PricedProduct; label: string; value: number }[] = [
  { key: 'oil', label: 'Oil price', value: 70 },
  { key: 'gas', label: 'Gas price', value: 3 },
  { key: 'ngl', label: 'NGL price', value: 35 },
  { key: 'dripCondensate', label: 'Drip condensate price', value: 90 },
];

/**
 * Pricing (the service's kind): per product, rows of a price over a period — the whole life, dates
 * or months from a reference date — in its unit, with an optional cap; the breakeven settings.
 */
export function PricingForm({ form, readOnly }: KindFormProps) {
  return (
    <section className="panel" aria-labelledby="pr-title">
      <h2 id="pr-title">Prices</h2>
      <p className="muted">
        Each month’s sales volume is sold at the row covering it (0 before the first row). Gas in $/MMBTU is converted
        with the shrunk-gas BTU content of the stream properties; NGL and drip condensate may follow the oil price as a
        percent. Prices run from −{PRICE_LIMIT.toLocaleString()} to {PRICE_LIMIT.toLocaleString()}.
      </p>
      {PRODUCTS.map((p) => (
        <DatedRowsField
          key={p.key}
          form={form}
          path={`priceModel.${p.key}`}
          label={p.label}
          units={PRICE_UNITS[p.key]}
          valueLabel="Price"
          defaultValue={p.value}
          readOnly={readOnly}
        >
          <NumberField
            form={form}
            path={`priceModel.${p.key}.cap`}
            label={`${p.label} cap`}
            emptyAs=""
            hint="A ceiling in the entered unit; empty for none."
            readOnly={readOnly}
          />
        </DatedRowsField>
      ))}
      <fieldset className="oneof-group">
        <legend>Breakeven</legend>
        <div className="grid-fields">
          <NumberField
            form={form}
            path="breakeven.npvDiscount"
            label="Breakeven NPV discount (%)"
            readOnly={readOnly}
          />
          <SelectField
            form={form}
            path="breakeven.basedOnPriceRatio"
            label="Other phase by price ratio"
            options={[
              { value: 'no', label: 'No' },
              { value: 'yes', label: 'Yes' },
            ]}
            readOnly={readOnly}
          />
          <NumberField form={form} path="breakeven.priceRatio" label="Price ratio (oil ÷ gas)" readOnly={readOnly} />
        </div>
      </fieldset>
    </section>
  );
}
