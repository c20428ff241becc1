import { econModelExample } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { modelRequests } from './testing';

/*
 * The service's expenses shape on our `expenses` route, and `production-taxes` (issue 19): the
 * rules the generic econ-model tests do not reach, through the API (decision 036).
 */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());
const { setup, send, write, count } = modelRequests(() => t);

describe(`expenses, the service’s shape (${BACKEND})`, () => {
  it('creates a model, reads back every leaf with the defaults, replaces the well cost by dates', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/expenses`;
    const created = await write('POST', base, s.headers, [{ name: 'LOE', ...econModelExample('expenses') }]);
    expect(created.results[0]).toMatchObject({ status: 'Created', code: 201 });
    const id = created.results[0]!.id!;
    const got = (await send('GET', `${base}/${id}`, s.headers)).body as Record<string, Record<string, unknown>>;
    expect(got).toMatchObject({ name: 'LOE', ...econModelExample('expenses') });
    expect(got.variableExpenses!.ngl).toMatchObject({
      marketing: { calculation: 'wi', dealTerms: 1, rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0 }] },
    });
    expect(got.variableExpenses!.gas).toMatchObject({ processing: { shrinkageCondition: 'unshrunk' } });
    expect(got.fixedExpenses!.otherMonthlyCost8).toMatchObject({ stopAtEconLimit: true, expenseBeforeFpd: false });
    expect(got.carbonExpenses).toMatchObject({ category: 'co2e', n2O: { rows: [{ carbonExpense: 0 }] } });

    const rows = [
      { dates: '2026-01-01', fixedExpense: 9000 },
      { dates: '2031-01-01', fixedExpensePerWell: 6500 },
    ];
    const body = () => ({
      name: 'LOE',
      variableExpenses: {},
      waterDisposal: {},
      fixedExpenses: { monthlyWellCost: { rows } },
    });
    const mixed = await write('PUT', base, s.headers, body());
    expect(mixed.results[0]!.errors!.map((e) => [e.location, e.rule])).toEqual([
      ['[0].fixedExpenses.monthlyWellCost.rows', 'one unit per table'],
    ]);
    rows[1] = { dates: '2031-01-01', fixedExpense: 6500 };
    const updated = await write('PUT', base, s.headers, body());
    expect(updated.results[0]).toMatchObject({ status: 'OK', code: 200, id });
    const after = (await send('GET', `${base}/${id}`, s.headers)).body as Record<string, Record<string, unknown>>;
    expect(after.fixedExpenses!.monthlyWellCost).toMatchObject({ rows });
    // A PUT replaces the model: the oil gathering of the example is back to its default.
    expect(after.variableExpenses!.oil).toMatchObject({ gathering: { rows: [{ dollarPerBbl: 0 }] } });
  });

  it('the old body is a 400 record naming the field, with the new shape in the message; nothing is stored', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/expenses`;
    const out = await write('POST', base, s.headers, {
      name: 'Old',
      expenses: { fixed: { flat: 8000 }, variable: { oil: 2.5, gas: 0.35, water: 1.2, ngl: 0, dripCondensate: 0 } },
      productionTaxes: { severanceTax: 4.6, adValoremTax: 2 },
    });
    expect(out.results[0]).toMatchObject({ status: 'Error', code: 400 });
    expect(out.results[0]!.errors).toEqual([
      expect.objectContaining({
        location: '[0].expenses',
        field: 'expenses',
        rule: 'the service’s expenses shape',
        message: expect.stringContaining('"monthlyWellCost":{"rows":[{"entireWellLife":"Flat","fixedExpense":8000}]}'),
      }),
    ]);
    expect(await count(base, s.headers)).toBe('0');
  });

  it('a percent over 100 and a unit of another phase are 400 records naming field, rule and value', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/expenses`;
    const out = await write('POST', base, s.headers, {
      name: 'Bad',
      variableExpenses: {
        gas: { marketing: { rows: [{ entireWellLife: 'Flat', pctOfGasRev: 100.5 }] } },
        oil: { other: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 1 }] } },
      },
      waterDisposal: { calculation: 'gross' },
    });
    expect(out.results[0]!.errors!.map((e) => [e.location, e.rule, e.value])).toEqual(
      expect.arrayContaining([
        ['[0].variableExpenses.gas.marketing.rows[0].pctOfGasRev', 'max 100', 100.5],
        ['[0].variableExpenses.oil.other.rows[0].dollarPerMcf', 'unknown field', 1],
        ['[0].fixedExpenses', 'required', undefined],
        ['[0].waterDisposal.calculation', 'enum', 'gross'],
      ]),
    );
    expect(await count(base, s.headers)).toBe('0');
  });

  it('rate rows and offsets as the service’s clients send them (numbers) are stored as {start, end}', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/expenses`;
    const created = await write('POST', base, s.headers, {
      name: 'By rate',
      variableExpenses: {
        oil: {
          gathering: {
            rateType: 'gross_sales',
            rows: [
              { oilRate: 0, dollarPerBbl: 2 },
              { oilRate: 80, dollarPerBbl: 1 },
            ],
          },
        },
      },
      fixedExpenses: {
        monthlyWellCost: {
          rows: [
            { offsetToFpd: 12, fixedExpense: 9000 },
            { offsetToFpd: 48, fixedExpense: 7000 },
          ],
        },
      },
      waterDisposal: { rowsCalculationMethod: 'monotonic', rows: [{ totalFluidRate: 0, dollarPerBbl: 1 }] },
    });
    expect(created.results[0]).toMatchObject({ status: 'Created', code: 201 });
    const got = (await send('GET', `${base}/${created.results[0]!.id}`, s.headers)).body as {
      variableExpenses: { oil: { gathering: unknown } };
      fixedExpenses: { monthlyWellCost: unknown };
      waterDisposal: unknown;
    };
    expect(got.variableExpenses.oil.gathering).toMatchObject({
      rateType: 'gross_sales',
      rowsCalculationMethod: 'non_monotonic',
      rows: [
        { oilRate: { start: 0, end: 80 }, dollarPerBbl: 2 },
        { oilRate: { start: 80, end: 'inf' }, dollarPerBbl: 1 },
      ],
    });
    expect(got.fixedExpenses.monthlyWellCost).toMatchObject({
      rows: [
        { offsetToFpd: { start: 1, end: 12, period: 12 }, fixedExpense: 9000 },
        { offsetToFpd: { start: 13, end: 60, period: 48 }, fixedExpense: 7000 },
      ],
    });
    expect(got.waterDisposal).toMatchObject({
      rowsCalculationMethod: 'monotonic',
      rows: [{ totalFluidRate: { start: 0, end: 'inf' }, dollarPerBbl: 1 }],
    });

    // Rates that do not increase are a 400 naming the row; nothing is stored.
    const bad = await write('POST', base, s.headers, {
      name: 'Bad rates',
      variableExpenses: {},
      fixedExpenses: {
        monthlyWellCost: {
          rows: [
            { gasRate: 500, fixedExpense: 1 },
            { gasRate: 100, fixedExpense: 2 },
          ],
        },
      },
      waterDisposal: {},
    });
    expect(bad.results[0]!.errors!.map((e) => [e.location, e.rule, e.value])).toEqual([
      ['[0].fixedExpenses.monthlyWellCost.rows[1].gasRate', 'increasing rates', 100],
    ]);
    expect(await count(base, s.headers)).toBe('1');
  });
});

describe(`production taxes (${BACKEND})`, () => {
  const example = econModelExample('production-taxes') as { data: { state: string; rows: Record<string, unknown>[] } };

  it('creates the Texas example in a project and among the company models, and reads it back with its defaults', async () => {
    const s = await setup();
    for (const base of [`/v1/projects/${s.project}/econ-models/production-taxes`, '/v1/econ-models/production-taxes']) {
      const out = await write('POST', base, s.headers, { name: 'Texas', ...example });
      expect(out.results[0]).toMatchObject({ status: 'Created', code: 201 });
      const list = (await send('GET', base, s.headers)).body as unknown as { data: typeof example.data }[];
      expect(list).toHaveLength(1);
      expect(list[0]!.data.state).toBe('texas');
      expect(list[0]!.data.rows[0]).toEqual({
        ...example.data.rows[0],
        shrinkageCondition: 'shrunk',
        escalation: 'none',
        calculation: 'nri',
        rateType: 'gross_well_head',
        rateRowsCalculationMethod: 'non_monotonic',
      });
      expect(list[0]!.data.rows[4]).toMatchObject({ key: 'ad_valorem_tax', deductSeveranceTax: false });
    }
  });

  it('a Pennsylvania impact-fee state is stored with where its years count from; elsewhere that choice is a 400', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/production-taxes`;
    const pa = { state: 'pennsylvania horizontal', impactFeeStart: 'spud_date_from_headers', rows: example.data.rows };
    const out = await write('POST', base, s.headers, [
      { name: 'PA', data: pa },
      { name: 'TX', data: { ...example.data, impactFeeStart: 'fpd' } },
      { name: 'Schedule', data: { ...pa, impactFeeStart: 'spud date from schedule' } },
    ]);
    expect(out.results.map((r) => r.code)).toEqual([201, 400, 400]);
    const got = (await send('GET', `${base}/${out.results[0]!.id}`, s.headers)).body as { data: typeof pa };
    expect(got.data).toMatchObject({ state: 'pennsylvania horizontal', impactFeeStart: 'spud_date_from_headers' });
    expect(got.data.rows).toHaveLength(5);
    expect(out.results.slice(1).map((r) => r.errors!.map((e) => [e.location, e.rule, e.value]))).toEqual([
      [['[1].data.impactFeeStart', 'a Pennsylvania impact-fee state', 'fpd']],
      [['[2].data.impactFeeStart', 'enum', 'spud date from schedule']],
    ]);
    expect(out.results[1]!.errors![0]!.message).toContain(
      'impactFeeStart applies to the impact fee of state pennsylvania horizontal or pennsylvania vertical, not texas',
    );
    expect(await count(base, s.headers)).toBe('1');
  });

  it('period and value of different lengths, and a category of another key, are 400 records naming the row', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/production-taxes`;
    const [oil, gas] = example.data.rows as [Record<string, unknown>, Record<string, unknown>];
    const out = await write('POST', base, s.headers, {
      name: 'Bad',
      data: {
        state: 'texas',
        rows: [
          { ...oil, criteria: 'dates', period: ['2026-01-01', '2027-01-01'], value: [4.6] },
          { ...gas, category: 'ad_val_tax' },
        ],
      },
    });
    expect(out.results[0]!.errors!.map((e) => [e.location, e.rule, e.message])).toEqual([
      [
        '[0].data.rows[0].value',
        'period and value of the same length',
        'data.rows[0].value: period has 2 entries and value 1: they must be the same length',
      ],
      [
        '[0].data.rows[1].category',
        'category of the key',
        'data.rows[1].category: category ad_val_tax does not go with key gas (it takes severance_tax)',
      ],
    ]);
    expect(await count(base, s.headers)).toBe('0');
  });
});
