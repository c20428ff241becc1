import { createHash } from 'node:crypto';
import { ECON_MONTHLY_RESULT_COLUMNS, type EconOneLiner } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../http/errors';
import { packMonthly } from './results';
import { exportRows, oneLinerRow, parseResultColumns, resultColumns, resultRowId } from './serviceShapes';

const RUN = '0123456789abcdef01234567';
const WELL = 'fedcba9876543210fedcba98';

describe('result row ids', () => {
  it('are 24 hex characters of md5(run/combo/well), one per combo', () => {
    const id = resultRowId(RUN, 'default', WELL);
    expect(id).toBe(createHash('md5').update(`${RUN}/default/${WELL}`).digest('hex').slice(0, 24));
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(resultRowId(RUN, 'High', WELL)).not.toBe(id);
  });
});

describe('one-liner rows', () => {
  it('a refused well has output null and keeps its own fields', () => {
    const failed: EconOneLiner = {
      well: WELL,
      wellName: 'A',
      comboName: 'default',
      warnings: [],
      status: 'failed',
      error: 'pricing.priceModel.oil.rows[0]: a price is required',
      reservesCategory: { prmsClass: 'reserves', prmsCategory: 'proved', prmsSubCategory: 'undeveloped' },
    };
    expect(oneLinerRow(failed, 'abc', 'Base')).toEqual({
      ...failed,
      comboName: 'Base',
      id: 'abc',
      output: null,
      econPRMSResourcesClass: 'reserves',
      econPRMSReservesCategory: 'proved',
      econPRMSReservesSubCategory: 'undeveloped',
    });
  });
});

describe('monthly result columns', () => {
  it('reads names in order, once each, trimmed', () => {
    expect(parseResultColumns(' net_income, days ,net_income').map((c) => c.column)).toEqual(['net_income', 'days']);
  });

  it('refuses an unknown name with the closest one and every valid one', () => {
    try {
      parseResultColumns('days,oil_prise');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      const d = (e as DomainError).details![0]!;
      expect(d).toMatchObject({ field: 'query.columns', rule: 'monthly result column', value: 'oil_prise' });
      expect(d.message).toMatch(/^unknown column "oil_prise" \(did you mean "oil_price"\?\); valid columns: /);
    }
    expect(() => parseResultColumns(' , ')).toThrow(/columns names no column/);
  });

  it('sums our columns and reads a no-tax well’s after-tax columns as before-tax ones', () => {
    const packed = packMonthly(
      ['2027-01-01', '2027-02-01'],
      { bfit: [10, 20], capex: [5, 0], oilPrice: [70, 71], oilDifferential: [-5, -5], cumBfit: [10, 30] },
      false,
    );
    const cols = parseResultColumns(
      'net_income,oil_price,after_income_tax_cash_flow,cum_after_income_tax_cash_flow,state_income_tax',
    );
    expect(resultColumns(packed, cols)).toEqual({
      date: ['2027-01-01', '2027-02-01'],
      net_income: [15, 20],
      oil_price: [65, 66],
      after_income_tax_cash_flow: [10, 20],
      cum_after_income_tax_cash_flow: [10, 30],
      state_income_tax: [0, 0],
    });
    const rows = exportRows(WELL, 'default', packed, 1, 5);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ well: WELL, comboName: 'default', date: '2027-02-01' });
    expect(rows[0]!.output).toMatchObject({
      netIncome: 20,
      oilPrice: 66,
      inputOilPrice: 71,
      afterIncomeTaxCashFlow: 20,
    });
    expect(Object.keys(rows[0]!.output)).toEqual(ECON_MONTHLY_RESULT_COLUMNS.map((c) => c.key));
  });
});
