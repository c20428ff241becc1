import { describe, expect, it } from 'vitest';
import { DifferentialsFunctions } from './differentials';
import { econModelExample } from './examples';
import { PriceDeckFunctions as OldSchema, type PriceDeckFunctions } from './priceDeck';
import { PRICE_DECK_FIRST_DATE, priceDeckFromPricing, pricingFromPriceDeck } from './priceDeckCompat';
import { PricingFunctions } from './pricing';
import { StreamPropertiesFunctions } from './streamProperties';

const issues = (
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const flat = (key: string, value: unknown) => ({ rows: [{ entireWellLife: 'Flat', [key]: value }] });

describe('pricing', () => {
  it('takes the example and fills the service defaults of what is left out', () => {
    expect(issues(PricingFunctions, econModelExample('pricing'))).toEqual([]);
    const out = PricingFunctions.parse({ priceModel: { oil: flat('price', 70) } });
    expect(out.priceModel.ngl).toEqual({
      cap: '',
      escalationModel: 'none',
      rows: [{ entireWellLife: 'Flat', pctOfOilPrice: 100 }],
    });
    expect(out.priceModel.gas.rows).toEqual([{ entireWellLife: 'Flat', dollarPerMcf: 0 }]);
    expect(out.breakeven).toEqual({ basedOnPriceRatio: 'no', npvDiscount: 0, priceRatio: 0 });
  });

  it('refuses a unit of another product, two units, a price beyond ±10,000 and a percent over 100', () => {
    expect(issues(PricingFunctions, { priceModel: { oil: flat('dollarPerMcf', 3) } })[0]).toContain('Unrecognized key');
    expect(
      issues(PricingFunctions, {
        priceModel: { gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 3, dollarPerMmbtu: 3 }] } },
      })[0],
    ).toContain('got dollarPerMcf and dollarPerMmbtu');
    expect(issues(PricingFunctions, { priceModel: { oil: flat('price', 10_001) } })).toEqual([
      'priceModel.oil.rows.0.price: price must be at most 10000',
    ]);
    expect(issues(PricingFunctions, { priceModel: { gas: flat('dollarPerMcf', -2) } })).toEqual([]);
    expect(issues(PricingFunctions, { priceModel: { ngl: flat('pctOfOilPrice', 101) } })).toEqual([
      'priceModel.ngl.rows.0.pctOfOilPrice: pctOfOilPrice must be at most 100',
    ]);
  });

  it('cap is "" or a number; escalationModel "none" or a model id; basedOnPriceRatio yes/no or a boolean', () => {
    expect(
      issues(PricingFunctions, { priceModel: { oil: { cap: 'high', rows: flat('price', 1).rows } } })[0],
    ).toContain('cap must be "" (no cap) or a number');
    expect(
      issues(PricingFunctions, { priceModel: { oil: { escalationModel: 'fast', rows: flat('price', 1).rows } } })[0],
    ).toContain('escalationModel must be "none" or the id of an escalations model');
    expect(
      PricingFunctions.parse({ priceModel: {}, breakeven: { basedOnPriceRatio: true } }).breakeven.basedOnPriceRatio,
    ).toBe('yes');
  });
});

describe('differentials', () => {
  it('takes the example; a product left out adds nothing; percent of base 0 to 1000', () => {
    expect(issues(DifferentialsFunctions, econModelExample('differentials'))).toEqual([]);
    expect(DifferentialsFunctions.parse({ differentials: {} }).differentials.secondDifferential).toEqual({});
    expect(
      issues(DifferentialsFunctions, { differentials: { firstDifferential: { oil: flat('pctOfBasePrice', 1001) } } }),
    ).toEqual(['differentials.firstDifferential.oil.rows.0.pctOfBasePrice: pctOfBasePrice must be at most 1000']);
    expect(issues(DifferentialsFunctions, { differentials: { fourthDifferential: {} } })[0]).toContain(
      'fourthDifferential',
    );
  });
});

describe('stream properties', () => {
  it('takes the example; defaults 100 % remaining, yields 0 on unshrunk gas, 1000 BTU', () => {
    expect(issues(StreamPropertiesFunctions, econModelExample('stream-properties'))).toEqual([]);
    const d = StreamPropertiesFunctions.parse({ yields: {}, shrinkage: {}, lossFlare: {}, btuContent: {} });
    expect(d.shrinkage.gas.rows).toEqual([{ entireWellLife: 'Flat', pctRemaining: 100 }]);
    expect(d.yields.ngl.rows).toEqual([{ entireWellLife: 'Flat', yield: 0, unshrunkGas: 'Unshrunk Gas' }]);
    expect(d.btuContent).toEqual({ unshrunkGas: 1000, shrunkGas: 1000 });
  });

  it('refuses a percent remaining over 100, a yield basis clients do not send, a negative BTU', () => {
    const body = (over: Record<string, unknown>) => ({
      yields: {},
      shrinkage: {},
      lossFlare: {},
      btuContent: {},
      ...over,
    });
    expect(issues(StreamPropertiesFunctions, {})).toContain(
      'btuContent: btuContent is required (an object (its tables may be left out))',
    );
    expect(issues(StreamPropertiesFunctions, body({ shrinkage: { oil: flat('pctRemaining', 101) } }))).toEqual([
      'shrinkage.oil.rows.0.pctRemaining: pctRemaining must be at most 100',
    ]);
    expect(
      issues(
        StreamPropertiesFunctions,
        body({ yields: { ngl: { rows: [{ entireWellLife: 'Flat', yield: 5, unshrunkGas: 'Wet' }] } } }),
      ),
    ).toEqual(['yields.ngl.rows.0.unshrunkGas: unshrunkGas must be "Unshrunk Gas" or "Shrunk Gas"']);
    expect(issues(StreamPropertiesFunctions, body({ btuContent: { shrunkGas: -1 } }))).toEqual([
      'btuContent.shrunkGas: shrunkGas must be at least 0',
    ]);
  });
});

describe('the old price deck and pricing', () => {
  const old: PriceDeckFunctions = OldSchema.parse({
    pricing: {
      oil: {
        byDate: [
          { date: '2026-01-01', price: 68 },
          { date: '2027-01-01', price: 65 },
        ],
      },
      gas: { flat: 3.25 },
      ngl: { flat: 22 },
      dripCondensate: { flat: 60 },
    },
  });

  it('an old body becomes pricing: $ per unit, the first dated row moved to 1900-01-01 so it still applies before its date', () => {
    const p = pricingFromPriceDeck(old);
    expect(PricingFunctions.safeParse(p).success).toBe(true);
    expect(p.priceModel.oil.rows).toEqual([
      { dates: PRICE_DECK_FIRST_DATE, price: 68 },
      { dates: '2027-01-01', price: 65 },
    ]);
    expect(p.priceModel.gas.rows).toEqual([{ entireWellLife: 'Flat', dollarPerMcf: 3.25 }]);
    expect(p.priceModel.dripCondensate.rows).toEqual([{ entireWellLife: 'Flat', dollarPerBbl: 60 }]);
  });

  it('pricing reads back in the old shape when it can say it, else null', () => {
    const back = priceDeckFromPricing(pricingFromPriceDeck(old))!;
    expect(OldSchema.safeParse(back).success).toBe(true);
    expect(back.pricing.gas).toEqual({ flat: 3.25 });
    expect(priceDeckFromPricing(PricingFunctions.parse(econModelExample('pricing')))).toBeNull();
    const capped = pricingFromPriceDeck(old);
    (capped.priceModel.oil as { cap: unknown }).cap = 80;
    expect(priceDeckFromPricing(capped)).toBeNull();
  });
});
