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
 * or months from a reference date — in its unit, with an optional cap; the breakeven settings, which
 * set how each econ run finds the well's oil and gas breakeven prices (decision 039).
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
        <p className="muted">
          Each econ run gives every well using this model its oil breakeven ($/BBL) and gas breakeven ($/MCF): the flat
          price at which the well’s NPV at the discount below is $0, over the life the run found, with its initial
          interests. Two runs per phase (oil at $10 and $60, gas at $0 and $5) and the straight line between their NPVs;
          expenses, taxes, differentials and everything else as in the run.
        </p>
        <div className="grid-fields">
          <NumberField
            form={form}
            path="breakeven.npvDiscount"
            label="Breakeven NPV discount (%)"
            hint="The annual rate of the NPV the breakeven prices make $0."
            readOnly={readOnly}
          />
          <SelectField
            form={form}
            path="breakeven.basedOnPriceRatio"
            label="Other phase by price ratio"
            hint="Yes: the other phase’s price follows the ratio in the breakeven runs; no: it keeps this model’s prices."
            options={[
              { value: 'no', label: 'No' },
              { value: 'yes', label: 'Yes' },
            ]}
            readOnly={readOnly}
          />
          <NumberField
            form={form}
            path="breakeven.priceRatio"
            label="Price ratio (oil ÷ gas)"
            hint="Oil $/BBL ÷ gas $/MCF (20: gas at oil ÷ 20). Read when the other phase follows it; 0 runs as no."
            readOnly={readOnly}
          />
        </div>
      </fieldset>
    </section>
  );
}
