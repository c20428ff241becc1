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
/** A stream-properties body: the four objects, `over` replacing some. */
const body = (over: Record<string, unknown>) => ({ yields: {}, shrinkage: {}, lossFlare: {}, btuContent: {}, ...over });
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

describe('stream properties as clients of the service send them', () => {
  const body = (over: Record<string, unknown>) => ({
    yields: {},
    shrinkage: {},
    lossFlare: {},
    btuContent: {},
    ...over,
  });

  it('takes rate rows and offsets as numbers, shrunkGas as the basis, and the rate options', () => {
    const out = StreamPropertiesFunctions.parse(
      body({
        yields: {
          rowsCalculationMethod: 'monotonic',
          ngl: {
            rows: [
              { yield: 0.000001, gasRate: 5, shrunkGas: 'Shrunk Gas' },
              { yield: 9, gasRate: 10, shrunkGas: 'Shrunk Gas' },
            ],
          },
          dripCondensate: { rows: [{ yield: 2001 - 1001, offsetToFpd: 99, unshrunkGas: 'Unshrunk Gas' }] },
        },
        lossFlare: { gasLoss: { rows: [{ offsetToFpd: 24, pctRemaining: 100 }] } },
      }),
    );
    expect(out.yields).toMatchObject({
      rateType: 'gross_well_head',
      rowsCalculationMethod: 'monotonic',
      ngl: {
        rows: [
          { yield: 0.000001, gasRate: { start: 5, end: 10 }, shrunkGas: 'Shrunk Gas' },
          { yield: 9, gasRate: { start: 10, end: 'inf' }, shrunkGas: 'Shrunk Gas' },
        ],
      },
      dripCondensate: { rows: [{ offsetToFpd: { start: 1, end: 99, period: 99 }, unshrunkGas: 'Unshrunk Gas' }] },
    });
    expect(out.yields.ngl.rows[0]).not.toHaveProperty('unshrunkGas');
    expect(out.lossFlare.gasLoss.rows[0]!.offsetToFpd).toEqual({ start: 1, end: 24, period: 24 });
    expect(out.shrinkage).toMatchObject({ rateType: 'gross_well_head', rowsCalculationMethod: 'non_monotonic' });
  });

  it('refuses both gas bases on a row and a rate type other than the well-head rate', () => {
    expect(
      issues(
        StreamPropertiesFunctions,
        body({
          yields: {
            ngl: { rows: [{ entireWellLife: 'Flat', yield: 1, unshrunkGas: 'Unshrunk Gas', shrunkGas: 'Shrunk Gas' }] },
          },
        }),
      ),
    ).toEqual(['yields.ngl.rows.0.shrunkGas: a yield row takes unshrunkGas or shrunkGas, not both']);
    expect(issues(StreamPropertiesFunctions, body({ shrinkage: { rateType: 'net_sales' } }))).toEqual([
      'shrinkage.rateType: rateType must be gross_well_head: stream properties turn the well-head volumes into sales volumes',
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
