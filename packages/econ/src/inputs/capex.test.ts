import { type CapexFunctions, CapexFunctions as CapexSchema, EscalationFunctions } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CapexContext, capexItems, costTotal, rateDate, type WellHeaders } from './capex';

type Row = CapexFunctions['otherCapex']['rows'][number];
type Drilling = NonNullable<CapexFunctions['drillingCost']>;
type Completion = NonNullable<CapexFunctions['completionCost']>;

const base = {
  category: 'facilities',
  tangible: 1.2,
  intangible: 3.4,
  afterEconLimit: false,
  calculation: 'gross',
  escalationModel: 'none',
  escalationStart: { applyToCriteria: 0 },
  depreciationModel: 'none',
  dealTerms: 1,
} as const;

/** An otherCapex row with a timing criterion (checked by the contract schema, so the tests use valid rows only). */
const row = (timing: Partial<Row>, extra: Partial<Row> = {}): Row => ({ ...base, ...extra, ...timing }) as Row;

const capex = (rows: Row[], more: Partial<CapexFunctions> = {}): CapexFunctions =>
  CapexSchema.parse({ otherCapex: { rows }, ...more });

const WELL: WellHeaders = {
  id: 'w1',
  firstProdDate: '2025-03-01',
  spudDate: '2024-10-01',
  trueVerticalDepth: 8000,
  lateralLength: 9000,
  perfLateralLength: 8500,
};

const ctx = (over: Partial<CapexContext['dates']> = {}, well: WellHeaders = WELL): CapexContext => ({
  dates: {
    asOfDate: '2025-01-01',
    discountDate: '2025-02-01',
    fpd: '2025-03-01',
    majorSegment: '2025-03-15',
    firstSegment: '2025-02-10',
    ...over,
  },
  well,
  forecast: {
    // Oil rises to its peak on 2025-01-03 and declines; water 5 BBL/D throughout.
    volumes: {
      oil: { start: toDayIndex('2025-01-01'), values: Float64Array.from([10, 50, 100, 80, 60, 50, 40]) },
      water: { start: toDayIndex('2025-01-01'), values: new Float64Array(7).fill(5) },
    },
    segments: {},
  },
});

const map = (fns: CapexFunctions, c = ctx()) => {
  const warnings: string[] = [];
  return { items: capexItems(fns, c, warnings), warnings };
};

/** The single item's timing of one row. */
const timing = (timingFields: Partial<Row>, c = ctx()) => {
  const { items, warnings } = map(capex([row(timingFields)]), c);
  const item = items[0];
  return {
    date: item?.date,
    atEconLimit: item?.atEconLimit,
    offsetDays: item?.offsetDays,
    count: items.length,
    warnings,
  };
};

describe('otherCapex rows: amounts in M$ × 1000 and the row fields', () => {
  it('amount = (tangible + intangible) × 1000: (1.2 + 3.4) M$ = 4,600 $, split 1,200 / 3,400', () => {
    const { items, warnings } = map(
      capex([row({ date: '2025-05-05' }, { description: 'Tank battery', calculation: 'net', dealTerms: 1.25 })]),
    );
    expect(warnings).toEqual([]);
    expect(items).toEqual([
      {
        date: '2025-05-05',
        amount: 4600,
        tangible: 1200,
        intangible: 3400,
        calculation: 'net',
        dealTerms: 1.25,
        afterEconLimit: false,
        label: 'facilities: Tank battery',
      },
    ]);
  });
  it('a negative (salvage) amount keeps its sign: (−0.25 + 0) M$ = −250 $; label without description is the category', () => {
    const { items } = map(
      capex([row({ date: '2030-01-01' }, { category: 'salvage', tangible: -0.25, intangible: 0 })]),
    );
    expect(items[0]).toMatchObject({ amount: -250, tangible: -250, intangible: 0, label: 'salvage' });
  });
  it('six-decimal M$ amounts give exact $ (0.000001 M$ precision → 0.001 $): 0.123457 + 0.57 M$ = 693.457 $', () => {
    const { items } = map(capex([row({ date: '2030-01-01' }, { tangible: 0.123457, intangible: 0.57 })]));
    expect(items[0]).toMatchObject({ tangible: 123.457, intangible: 570, amount: 693.457 });
  });
  it('afterEconLimit is carried over', () => {
    const { items } = map(capex([row({ offsetToEconLimit: 0 }, { afterEconLimit: true })]));
    expect(items[0]?.afterEconLimit).toBe(true);
  });
});

describe('otherCapex timing criteria', () => {
  it('date: that date', () => expect(timing({ date: '2025-05-05' }).date).toBe('2025-05-05'));
  it('offsetToFpd: FPD 2025-03-01 − 120 days = 2024-11-01 (Nov 30 + Dec 31 + Jan 31 + Feb 28 = 120)', () => {
    expect(timing({ offsetToFpd: -120 }).date).toBe('2024-11-01');
  });
  it('offsetToAsOf: as-of 2025-01-01 + 31 days = 2025-02-01', () => {
    expect(timing({ offsetToAsOf: 31 }).date).toBe('2025-02-01');
  });
  it('offsetToDiscountDate: discount date 2025-02-01 + 28 days = 2025-03-01', () => {
    expect(timing({ offsetToDiscountDate: 28 }).date).toBe('2025-03-01');
  });
  it('offsetToMajorSegment: major segment 2025-03-15 + 10 days = 2025-03-25', () => {
    expect(timing({ offsetToMajorSegment: 10 }).date).toBe('2025-03-25');
  });
  it('offsetToEconLimit: at the economic limit with the offset in days, no date', () => {
    expect(timing({ offsetToEconLimit: -30 })).toEqual({
      date: undefined,
      atEconLimit: true,
      offsetDays: -30,
      count: 1,
      warnings: [],
    });
  });
  it('fromHeaders offset_to_first_prod_date: header 2025-03-01 − 30 days = 2025-01-30', () => {
    expect(timing({ fromHeaders: 'offset_to_first_prod_date', firstProdDate: -30 }).date).toBe('2025-01-30');
  });
  it('fromHeaders of another header the well has: spudDate 2024-10-01 + 0', () => {
    expect(timing({ fromHeaders: 'offset_to_spud_date', spudDate: 0 }).date).toBe('2024-10-01');
  });
  it('fromHeaders naming a header the well lacks: the row is left out with a warning naming row and header', () => {
    expect(timing({ fromHeaders: 'offset_to_permit_date', permitDate: 5 })).toEqual({
      date: undefined,
      atEconLimit: undefined,
      offsetDays: undefined,
      count: 0,
      warnings: [
        'capex: otherCapex.rows[0] (facilities) fromHeaders offset_to_permit_date needs the well header permitDate, which this well lacks; row left out.',
      ],
    });
  });
  it('fromSchedule: no schedules exist, so the row is left out with a warning', () => {
    const t = timing({ fromSchedule: 'offset_to_drill_start', drillStart: 0 });
    expect(t.count).toBe(0);
    expect(t.warnings).toEqual([
      'capex: otherCapex.rows[0] (facilities) fromSchedule drillStart: no schedules exist in this service; row left out.',
    ]);
  });
  it('offsetToFpd / offsetToMajorSegment when the well lacks the date: left out with a warning', () => {
    const fpd = timing({ offsetToFpd: 0 }, ctx({ fpd: undefined }));
    expect(fpd.count).toBe(0);
    expect(fpd.warnings).toEqual([
      'capex: otherCapex.rows[0] (facilities) is timed from the FPD (offsetToFpd), which this well lacks; row left out.',
    ]);
    expect(timing({ offsetToMajorSegment: 0 }, ctx({ majorSegment: undefined })).count).toBe(0);
  });
  it('oilRate: the first day at or after the peak whose rate falls to the value (oil 10, 50, 100, 80, 60, 50 → day 6)', () => {
    // 10 and 50 on days 1-2 are before the peak (100 on day 3), so the ramp-up does not trigger it.
    expect(timing({ oilRate: 50 }).date).toBe('2025-01-06');
  });
  it('totalFluidRate: oil + water (15, 55, 105, 85, 65, 55, 45) falls to 65 on day 5', () => {
    expect(timing({ totalFluidRate: 65 }).date).toBe('2025-01-05');
  });
  it('a rate never reached, or a phase without forecast: left out with a warning', () => {
    const t = timing({ oilRate: 1 });
    expect(t.count).toBe(0);
    expect(t.warnings).toEqual([
      'capex: otherCapex.rows[0] (facilities) oilRate 1: the forecast never falls to that rate; row left out.',
    ]);
    expect(timing({ gasRate: 1000 }).count).toBe(0);
  });
  it('rateDate of a day-by-day sum over series with different starts', () => {
    const volumes = {
      oil: { start: toDayIndex('2025-01-02'), values: Float64Array.from([100, 20]) },
      water: { start: toDayIndex('2025-01-01'), values: Float64Array.from([1, 1, 1]) },
    };
    // Days: 1 → 1, 2 → 101 (peak), 3 → 21.
    expect(rateDate(volumes, ['oil', 'water'], 21)).toBe('2025-01-03');
  });
});

describe('escalation and depreciation models are not applied', () => {
  it('a warning names each model id on the row', () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const { items, warnings } = map(
      capex([row({ date: '2025-05-05' }, { escalationModel: id, depreciationModel: 'bbbbbbbbbbbbbbbbbbbbbbbb' })]),
    );
    expect(items).toHaveLength(1);
    expect(warnings).toEqual([
      "capex: otherCapex.rows[0] (facilities) depreciationModel bbbbbbbbbbbbbbbbbbbbbbbb is not applied (the well's assigned depreciation model is used).",
      `capex: otherCapex.rows[0] (facilities) escalationModel ${id} names no escalations model; not escalated.`,
    ]);
  });
});

describe('CAPEX escalation (decision 034)', () => {
  const ID = 'eeeeeeeeeeeeeeeeeeeeeeee';
  const withEscalation = (e: Record<string, unknown>) => ({
    ...ctx(),
    escalations: {
      lookup: new Map([[ID, EscalationFunctions.parse({ escalation: e }).escalation]]),
      refs: { fpd: '2025-03-01', asOfDay: toDayIndex('2025-01-01'), discountDay: toDayIndex('2025-02-01') },
    },
  });
  const twelve = { rows: [{ entireWellLife: 'Flat', pctPerYear: 12 }] };

  it('from the row’s own reference (applyToCriteria): FPD + 182 days is 6 months after the FPD month', () => {
    const { items, warnings } = map(
      capex([row({ offsetToFpd: 182 }, { escalationModel: ID })]),
      withEscalation(twelve),
    );
    expect(warnings).toEqual([]);
    // 2025-03-01 + 182 days = 2025-08-30: k = 5 months (March → August).
    const f = 1.12 ** (5 / 12);
    expect(items[0]!.tangible).toBeCloseTo(1200 * f, 9);
    expect(items[0]!.amount).toBeCloseTo(4600 * f, 9);
  });

  it('from the as-of date: a row before it is de-escalated at the first rate', () => {
    const { items } = map(
      capex([row({ date: '2024-07-15' }, { escalationModel: ID, escalationStart: { asOfDate: 0 } })]),
      withEscalation(twelve),
    );
    expect(items[0]!.amount).toBeCloseTo(4600 * 1.12 ** (-6 / 12), 9);
  });

  it('dollars per year are added once, split by the tangible share; 0 % changes nothing', () => {
    const dollars = { escalationFrequency: 'yearly', rows: [{ entireWellLife: 'Flat', dollarPerYear: 460 }] };
    const { items } = map(
      capex([row({ date: '2027-01-10' }, { escalationModel: ID, escalationStart: { asOfDate: 0 } })]),
      withEscalation(dollars),
    );
    expect(items[0]!.amount).toBeCloseTo(4600 + 2 * 460, 9);
    expect(items[0]!.tangible).toBeCloseTo(1200 + (2 * 460 * 1200) / 4600, 9);
    const zero = map(
      capex([row({ offsetToFpd: 400 }, { escalationModel: ID })]),
      withEscalation({ rows: [{ entireWellLife: 'Flat', pctPerYear: 0 }] }),
    );
    expect(zero.items[0]!.amount).toBe(4600);
  });

  it('a start at the economic limit or a row at the limit is reported, the amount kept', () => {
    const { items, warnings } = map(
      capex([row({ date: '2025-05-05' }, { escalationModel: ID, escalationStart: { econLimit: 0 } })]),
      withEscalation(twelve),
    );
    expect(items[0]!.amount).toBe(4600);
    expect(warnings).toEqual([
      'capex: otherCapex.rows[0] (facilities) escalation starts from the economic limit: not escalated.',
    ]);
  });
});

const drilling = (over: Partial<Drilling> = {}): Drilling => ({
  dollarPerFtOfVertical: 150,
  dollarPerFtOfHorizontal: 250,
  fixedCost: 500,
  tangiblePct: 30,
  calculation: 'gross',
  escalationModel: 'none',
  depreciationModel: 'none',
  dealTerms: 1,
  rows: [
    { pctOfTotalCost: 60, offsetToFpd: -120 },
    { pctOfTotalCost: 40, offsetToAsOf: 0 },
  ],
  ...over,
});

const completion = (over: Partial<Completion> = {}): Completion => ({
  dollarPerFtOfVertical: 10,
  dollarPerFtOfHorizontal: [
    { propLl: 2000, unitCost: 300 },
    { propLl: 1000, unitCost: 200 },
    { propLl: 1000, unitCost: 999 },
  ],
  fixedCost: 100,
  tangiblePct: 0,
  calculation: 'net',
  escalationModel: 'none',
  depreciationModel: 'none',
  dealTerms: 2,
  rows: [{ pctOfTotalCost: 100, date: '2025-04-01' }],
  ...over,
});

describe('drillingCost and completionCost', () => {
  it('drilling: 150 $/ft × 8,000 TVD + 250 $/ft × 8,500 perf lateral + 500 M$ = 3,825,000 $, split 60/40, tangible 30 %', () => {
    // 1,200,000 + 2,125,000 + 500,000 = 3,825,000. Row 1: 60 % = 2,295,000 (tangible 688,500);
    // row 2: 40 % = 1,530,000 (tangible 459,000).
    const { items, warnings } = map(capex([row({ date: '2025-05-05' })], { drillingCost: drilling() }));
    expect(warnings).toEqual([]);
    expect(items.slice(1)).toEqual([
      {
        date: '2024-11-01',
        amount: 2_295_000,
        tangible: 688_500,
        intangible: 1_606_500,
        calculation: 'gross',
        dealTerms: 1,
        label: 'drilling cost: 60 % (row 1)',
      },
      {
        date: '2025-01-01',
        amount: 1_530_000,
        tangible: 459_000,
        intangible: 1_071_000,
        calculation: 'gross',
        dealTerms: 1,
        label: 'drilling cost: 40 % (row 2)',
      },
    ]);
  });
  it('horizontal length is perfLateralLength, else lateralLength (9,000): 1,200,000 + 2,250,000 + 500,000', () => {
    const warnings: string[] = [];
    expect(costTotal('drillingCost', drilling(), { ...WELL, perfLateralLength: null }, warnings)).toBe(3_950_000);
    expect(warnings).toEqual([]);
  });
  it('lengths the well lacks count 0, each with a warning', () => {
    const warnings: string[] = [];
    expect(costTotal('drillingCost', drilling(), { id: 'w' }, warnings)).toBe(500_000);
    expect(warnings).toEqual([
      'capex: drillingCost.dollarPerFtOfVertical: the well has no trueVerticalDepth; the vertical cost is 0.',
      'capex: drillingCost.dollarPerFtOfHorizontal: the well has no perfLateralLength or lateralLength; the horizontal cost is 0.',
    ]);
  });
  it('completion: the smallest propLl (first of equals: 200 $/ft): 10 × 8,000 + 200 × 8,500 + 100 M$ = 1,880,000 $', () => {
    // 80,000 + 1,700,000 + 100,000 = 1,880,000, all intangible (tangiblePct 0), one row of 100 %.
    const { items, warnings } = map(capex([row({ date: '2025-05-05' })], { completionCost: completion() }));
    expect(items[1]).toEqual({
      date: '2025-04-01',
      amount: 1_880_000,
      tangible: 0,
      intangible: 1_880_000,
      calculation: 'net',
      dealTerms: 2,
      label: 'completion cost: 100 % (row 1)',
    });
    expect(warnings).toEqual([
      'capex: completionCost.dollarPerFtOfHorizontal: the well has no proppant loading; the entry with the smallest propLl (1000 LB/FT, 200 $/FT) is used.',
    ]);
  });
  it('a single completion unit cost is used without a warning', () => {
    const warnings: string[] = [];
    const c = completion({ dollarPerFtOfHorizontal: [{ propLl: 1500, unitCost: 100 }] });
    expect(costTotal('completionCost', c, WELL, warnings)).toBe(80_000 + 850_000 + 100_000);
    expect(warnings).toEqual([]);
  });
  it('cost row timing: offsetToDiscountDate, offsetToFirstSegment (forecast start), scheduleStart/End left out', () => {
    const rows = [
      { pctOfTotalCost: 10, offsetToDiscountDate: 1 },
      { pctOfTotalCost: 20, offsetToFirstSegment: -10 },
      { pctOfTotalCost: 30, scheduleStart: 0 },
      { pctOfTotalCost: 40, scheduleEnd: 0 },
    ];
    const { items, warnings } = map(capex([row({ date: '2025-05-05' })], { drillingCost: drilling({ rows }) }));
    expect(items.slice(1).map((i) => [i.date, i.amount])).toEqual([
      ['2025-02-02', 382_500],
      ['2025-01-31', 765_000],
    ]);
    expect(warnings).toEqual([
      'capex: drillingCost.rows[2] scheduleStart: no schedules exist in this service; row left out.',
      'capex: drillingCost.rows[3] scheduleEnd: no schedules exist in this service; row left out.',
    ]);
  });
  it('the rows of a cost carry the whole total when their percentages sum to 100 (conservation)', () => {
    const rows = [
      { pctOfTotalCost: 12.5, date: '2025-01-01' },
      { pctOfTotalCost: 37.5, date: '2025-02-01' },
      { pctOfTotalCost: 50, date: '2025-03-01' },
    ];
    const { items } = map(capex([row({ date: '2025-05-05' })], { drillingCost: drilling({ rows }) }));
    expect(items.slice(1).reduce((s, i) => s + i.amount, 0)).toBe(3_825_000);
    for (const i of items.slice(1)) expect(i.tangible! + i.intangible!).toBe(i.amount);
  });
  it('property: row amounts = total × pct / 100 and tangible + intangible = amount, for any percentages', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (micros, tangibleMicros) => {
          const rows = micros.map((m, i) => ({ pctOfTotalCost: m / 1e6, offsetToAsOf: i }));
          const cost = drilling({ rows, tangiblePct: tangibleMicros / 1e6 });
          const { items } = map(capex([row({ date: '2025-05-05' })], { drillingCost: cost }));
          const total = 3_825_000;
          items.slice(1).forEach((item, i) => {
            expect(item.amount).toBeCloseTo((total * rows[i]!.pctOfTotalCost) / 100, 6);
            expect(item.tangible! + item.intangible!).toBeCloseTo(item.amount, 6);
            expect(item.tangible!).toBeCloseTo((item.amount * cost.tangiblePct) / 100, 6);
          });
        },
      ),
      { numRuns: 50 },
    );
  });
  it('an escalation model a run did not find is warned about on each cost row', () => {
    const { warnings } = map(
      capex([row({ date: '2025-05-05' })], { drillingCost: drilling({ escalationModel: 'cccccccccccccccccccccccc' }) }),
    );
    expect(warnings.length).toBeGreaterThan(0);
    for (const w of warnings) {
      expect(w).toMatch(
        /^capex: drillingCost\.rows\[\d\] escalationModel cccccccccccccccccccccccc names no escalations model/,
      );
    }
  });
});
