import type { EconMonthlyRow } from '@econ/contract';
import { ECON_MONTHLY_COLUMNS } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { columnSpecs } from './monthlyColumns';
import { cashFlowTable, csvFileName, formatCell, headerText, plainNumber, tableCsv, yearValue } from './monthlyTable';

const W = 'a'.repeat(24);
const row = (date: string, values: Partial<EconMonthlyRow>): EconMonthlyRow =>
  ({ ...Object.fromEntries(ECON_MONTHLY_COLUMNS.map((c) => [c, 0])), well: W, date, ...values }) as EconMonthlyRow;

/** An oil and gas well with NGL, no drip condensate, no NPI, no tax: Dec 2026 to Feb 2027. */
const rows = [
  row('2027-01-01', {
    days: 31,
    grossOilVolume: 900,
    grossGasVolume: 1800,
    grossWaterVolume: 1200,
    grossNglVolume: 150,
    salesOilVolume: 880,
    salesGasVolume: 1500,
    workingInterest: 100,
    netOilVolume: 700,
    netGasVolume: 1200,
    netNglVolume: 120,
    oilPrice: 70,
    oilDifferential: -3.5,
    gasPrice: 3,
    nglPrice: 25,
    oilRevenue: 46550,
    gasRevenue: 3600,
    nglRevenue: 3000,
    totalRevenue: 53150,
    fixedExpense: 5000,
    variableExpense: 2000,
    severanceTax: 2400,
    adValoremTax: 1200,
    bfit: 42550,
    cumBfit: -457450,
    firstDiscountCashFlow: 42000,
    cumFirstDiscountCashFlow: -458000,
    secondDiscountCashFlow: 41800,
    cumSecondDiscountCashFlow: -458200,
  }),
  row('2026-12-01', {
    days: 31,
    grossOilVolume: 1000,
    grossGasVolume: 2000,
    grossWaterVolume: 1500,
    grossNglVolume: 160,
    salesOilVolume: 980,
    salesGasVolume: 1600,
    workingInterest: 100,
    netOilVolume: 300,
    netGasVolume: 1300,
    netNglVolume: 130,
    oilPrice: 60,
    oilDifferential: -2.5,
    gasPrice: 2,
    nglPrice: 20,
    capex: 500000,
    bfit: -500000,
    cumBfit: -500000,
    firstDiscountCashFlow: -500000,
    cumFirstDiscountCashFlow: -500000,
    secondDiscountCashFlow: -500000,
    cumSecondDiscountCashFlow: -500000,
  }),
  row('2027-02-01', {
    days: 28,
    grossOilVolume: 800,
    workingInterest: 50,
    oilPrice: 80,
    oilDifferential: -4,
    dripCondensatePrice: 55,
    bfit: 0,
    cumBfit: -457450,
    cumFirstDiscountCashFlow: -458000,
    cumSecondDiscountCashFlow: -458200,
  }),
];

describe('the columns of a well', () => {
  it('keep the engineer’s order, with units in the headers and the discount rates named', () => {
    const t = cashFlowTable(rows, { resolution: 'monthly', rates: { first: 10, second: 15 } });
    expect(t.periodLabel).toBe('Month');
    expect(t.columns.map(headerText)).toEqual([
      'Gross oil (BBL)',
      'Gross gas (MCF)',
      'Gross water (BBL)',
      'Gross NGL (BBL)',
      'Sales oil (BBL)',
      'Sales gas (MCF)',
      'Working interest (%)',
      'Net oil (BBL)',
      'Net gas (MCF)',
      'Net NGL (BBL)',
      'Oil price ($/BBL)',
      'Oil differential ($/BBL)',
      'Realized oil price ($/BBL)',
      'Gas price ($/MCF)',
      'Realized gas price ($/MCF)',
      'NGL price ($/BBL)',
      'Realized NGL price ($/BBL)',
      'Oil revenue ($)',
      'Gas revenue ($)',
      'NGL revenue ($)',
      'Total revenue ($)',
      'Fixed expense ($)',
      'Variable expense ($)',
      'Severance tax ($)',
      'Ad valorem tax ($)',
      'CAPEX ($)',
      'Net cash flow ($)',
      'Cumulative net cash flow ($)',
      'Cash flow, 1st discount at 10 % ($)',
      'Cumulative cash flow, 1st discount at 10 % ($)',
      'Cash flow, 2nd discount at 15 % ($)',
      'Cumulative cash flow, 2nd discount at 15 % ($)',
    ]);
    expect(t.groups).toEqual([
      { label: 'Volumes', span: 10 },
      { label: 'Prices and differentials', span: 7 },
      { label: 'Revenue', span: 4 },
      { label: 'Expenses', span: 2 },
      { label: 'Taxes', span: 2 },
      { label: 'CAPEX', span: 1 },
      { label: 'Net cash flow (before income tax)', span: 6 },
    ]);
  });

  it('leave out what is 0 in every row, and a product’s prices when it has no net volume', () => {
    const ids = cashFlowTable(rows, { resolution: 'monthly' }).columns.map((c) => c.id);
    for (const gone of ['grossDripCondensateVolume', 'netDripCondensateVolume', 'dripCondensateRevenue', 'npi'])
      expect(ids).not.toContain(gone);
    // A drip condensate price with nothing sold, and differentials that are 0, say nothing.
    expect(ids).not.toContain('dripCondensatePrice');
    expect(ids).not.toContain('gasDifferential');
    expect(ids).toContain('realizedGasPrice');
  });

  it('never leave out the net cash flow and its cumulative; name unknown rates by their discount', () => {
    const t = cashFlowTable([row('2027-01-01', {})], { resolution: 'monthly' });
    expect(t.columns.map(headerText)).toEqual(['Net cash flow ($)', 'Cumulative net cash flow ($)']);
    expect(t.rows).toEqual([{ period: '2027-01', econLimit: true, values: [0, 0] }]);
    expect(columnSpecs().map((c) => c.label)).toContain('Cumulative cash flow, 2nd discount');
  });

  it('add the after-tax columns when the rows carry them', () => {
    const taxed = rows.map((r, i) => ({ ...r, afit: 100 * i, cumAfit: 100 * i, federalTax: 0, stateTax: 5 }));
    const t = cashFlowTable(taxed, { resolution: 'monthly', rates: { first: 10, second: 15 } });
    const after = t.columns.filter((c) => c.group === 'After income tax').map((c) => c.label);
    expect(after).toEqual(['State income tax', 'After-tax cash flow', 'Cumulative after-tax cash flow']);
    expect(cashFlowTable(rows, { resolution: 'monthly' }).columns.some((c) => c.group === 'After income tax')).toBe(
      false,
    );
  });
});

describe('the rows', () => {
  const value = (t: ReturnType<typeof cashFlowTable>, id: string) => {
    const i = t.columns.findIndex((c) => c.id === id);
    return t.rows.map((r) => r.values[i]);
  };

  it('run by month in date order, realized price = price + differential, the limit marked', () => {
    const t = cashFlowTable(rows, { resolution: 'monthly', econLimitDate: '2027-01-31' });
    expect(t.rows.map((r) => r.period)).toEqual(['2026-12', '2027-01', '2027-02']);
    expect(t.rows.map((r) => r.econLimit)).toEqual([false, true, false]);
    expect(value(t, 'realizedOilPrice')).toEqual([57.5, 66.5, 76]);
    // Without the one-liner's date, the limit is the last month.
    expect(cashFlowTable(rows, { resolution: 'monthly' }).rows.map((r) => r.econLimit)).toEqual([false, false, true]);
  });

  it('by year: flows and volumes summed, cumulatives at the year’s last month, the limit’s year marked', () => {
    const t = cashFlowTable(rows, { resolution: 'yearly', econLimitDate: '2027-02-28' });
    expect(t.periodLabel).toBe('Year');
    expect(t.rows.map((r) => [r.period, r.econLimit])).toEqual([
      ['2026', false],
      ['2027', true],
    ]);
    expect(value(t, 'grossOilVolume')).toEqual([1000, 1700]);
    expect(value(t, 'bfit')).toEqual([-500000, 42550]);
    expect(value(t, 'cumBfit')).toEqual([-500000, -457450]);
    expect(value(t, 'cumSecondDiscountCashFlow')).toEqual([-500000, -458200]);
    expect(value(t, 'capex')).toEqual([500000, 0]);
  });

  it('by fiscal year: a year starting in February puts December and January together, February in the next', () => {
    const t = cashFlowTable(rows, { resolution: 'yearly', econLimitDate: '2027-02-28', fiscal: '1-0' });
    expect(t.periodLabel).toBe('Fiscal year (Feb–Jan)');
    expect(t.rows.map((r) => [r.period, r.econLimit])).toEqual([
      ['FY2027', false],
      ['FY2028', true],
    ]);
    // FY2027: December 2026 and January 2027 (1000 + 900 BBL); FY2028: February 2027 (800 BBL).
    expect(value(t, 'grossOilVolume')).toEqual([1900, 800]);
  });

  it('by year: prices weighted by net volume, the plain mean without volume; interest by days', () => {
    const t = cashFlowTable(rows, { resolution: 'yearly' });
    // 2027: 700 BBL net at $70 and none at $80 → $70; differential −3.5; realized 66.5.
    expect(value(t, 'oilPrice')).toEqual([60, 70]);
    expect(value(t, 'realizedOilPrice')).toEqual([57.5, 66.5]);
    // Working interest: (31 × 100 + 28 × 50) / 59.
    expect(value(t, 'workingInterest')[1]).toBeCloseTo((31 * 100 + 28 * 50) / 59, 12);
    const noVolume = [row('2027-01-01', { oilPrice: 70 }), row('2027-02-01', { oilPrice: 80 })];
    expect(yearValue({ weight: (r) => r.netOilVolume }, (r) => r.oilPrice, noVolume)).toBe(75);
  });
});

describe('cells and CSV', () => {
  it('format cells as the page does', () => {
    expect(formatCell('$', -2500.4)).toBe('-$2,500');
    expect(formatCell('$/BBL', 66.5)).toBe('$66.50');
    expect(formatCell('BBL', 1234.6)).toBe('1,235');
    expect(formatCell('%', 87.5)).toBe('87.5 %');
  });

  it('write plain decimals', () => {
    expect(plainNumber(-457450.123456789)).toBe('-457450.123457');
    expect(plainNumber(1e-9)).toBe('0');
    expect(plainNumber(-0)).toBe('0');
    expect(plainNumber(1234567.5)).toBe('1234567.5');
  });

  it('hold exactly the columns shown, labels with units, numbers unformatted', () => {
    const t = cashFlowTable(rows.slice(0, 2), { resolution: 'yearly', rates: { first: 10, second: 15 } });
    const lines = tableCsv(t).split('\r\n');
    expect(lines[0]).toBe(
      ['Year', ...t.columns.map(headerText)].map((h) => (h.includes(',') ? `"${h}"` : h)).join(','),
    );
    expect(lines[0]).toMatch(/^Year,Gross oil \(BBL\),Gross gas \(MCF\),/);
    expect(lines[0]).toContain(',"Cash flow, 1st discount at 10 % ($)",');
    expect(lines[1]).toMatch(/^2026,1000,2000,1500,160,980,1600,100,300,1300,130,60,-2.5,57.5,/);
    expect(lines[1]!.endsWith(',500000,-500000,-500000,-500000,-500000,-500000,-500000')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('name the file after the well and the resolution', () => {
    expect(csvFileName('MIDLAND UNIT 100H', 'monthly')).toBe('MIDLAND UNIT 100H cash flow by month.csv');
    expect(csvFileName('A/B: "C"', 'yearly')).toBe('A_B_ _C_ cash flow by year.csv');
    expect(csvFileName('///', 'yearly')).toBe('_ cash flow by year.csv');
  });
});
