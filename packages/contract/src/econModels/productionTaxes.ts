import { z } from 'zod';
import { DateString, ObjectId } from '../common';
import {
  CALCULATIONS,
  MONEY_MAX,
  PRODUCTION_TAX_CRITERIA,
  periodMonths,
  RATE_TYPES,
  ROWS_CALCULATION_METHODS,
  SHRINKAGE_CONDITIONS,
  TAX_CATEGORIES,
  TAX_KEYS,
  TAX_ROW_DEFAULTS,
  TAX_ROW_SETS_PER_KEY,
  TAX_UNITS,
  TAX_UNITS_BY_KEY,
} from './expenseKeys';
import { enumOf } from './fields';
import { IMPACT_FEE_STARTS, impactFeeWell } from './productionTaxStates';
import { OFFSET_MONTHS_MAX, ROWS_MAX } from './rowPeriods';

export * from './productionTaxStates';

/*
 * Production taxes, econ function `data` (issue 19; service-shapes.md: `{state, rows: [{key,
 * category, criteria, period[], value[], unit, …}]}`). A row is a set of values over periods:
 * `period[i]` holds `value[i]`. Severance (`severance_tax`) is per phase; ad valorem
 * (`ad_valorem_tax` / `ad_val_tax`) is on the well. Every row set of a key applies, summed
 * (econ-math.md, Production taxes), at most two per key. Decision 036. A `pennsylvania horizontal`
 * or `pennsylvania vertical` state charges Pennsylvania's impact fee instead of the ad valorem row
 * sets; `impactFeeStart` says what its well years count from. Decision 038.
 */

const money = (v: number) => v >= -MONEY_MAX && v <= MONEY_MAX;

/** One row set of a tax: periods and values of the same length, its unit, its settings. */
export const ProductionTaxRow = z
  .strictObject({
    key: enumOf('key', TAX_KEYS).meta({ description: 'oil, gas, ngl, drip_condensate (severance) or ad_valorem_tax' }),
    category: enumOf('category', TAX_CATEGORIES).meta({
      description: 'severance_tax for a phase key, ad_val_tax for ad_valorem_tax',
    }),
    criteria: enumOf('criteria', PRODUCTION_TAX_CRITERIA).meta({
      description:
        'entire_well_life: period ["Flat"]; dates: each period a date (from its month to the next one’s); offset_to_fpd: each period a number of months, consecutive from the first production month',
    }),
    period: z
      .array(z.union([z.string(), z.number()], { error: 'each period must be a string or a number' }))
      .min(1, 'period must hold at least one entry')
      .max(ROWS_MAX, `period must hold at most ${ROWS_MAX} entries`),
    value: z
      .array(z.number({ error: 'each value must be a number' }))
      .min(1, 'value must hold at least one entry')
      .max(ROWS_MAX, `value must hold at most ${ROWS_MAX} entries`)
      .meta({
        description: `value[i] holds over period[i]: pct_of_revenue 0 to 100, money −${MONEY_MAX} to ${MONEY_MAX}`,
      }),
    unit: enumOf('unit', TAX_UNITS).meta({
      description:
        'severance: pct_of_revenue, dollar_per_bbl (oil, NGL, drip), dollar_per_mcf (gas) or dollar_per_month; ad valorem: pct_of_revenue, dollar_per_boe or dollar_per_month',
    }),
    shrinkageCondition: enumOf('shrinkageCondition', SHRINKAGE_CONDITIONS)
      .default(TAX_ROW_DEFAULTS.shrinkageCondition)
      .meta({ description: '$/unit rows: shrunk (sales, default) or unshrunk volumes' }),
    escalation: z
      .union([z.literal('none'), ObjectId], {
        error: 'escalation must be "none" or the id of an escalations model (24 hexadecimal characters)',
      })
      .default(TAX_ROW_DEFAULTS.escalation)
      .meta({ description: '"none", or the id of an escalations model ($ units only)' }),
    calculation: enumOf('calculation', CALCULATIONS)
      .default(TAX_ROW_DEFAULTS.calculation)
      .meta({ description: 'the interest the tax is charged at (default nri)' }),
    deductSeveranceTax: z
      .boolean({ error: 'deductSeveranceTax must be true or false' })
      .optional()
      .meta({ description: 'ad valorem: the severance tax is deducted from its % base (default false)' }),
    rateType: enumOf('rateType', RATE_TYPES).default(TAX_ROW_DEFAULTS.rateType).meta({ description: 'stored' }),
    rateRowsCalculationMethod: enumOf('rateRowsCalculationMethod', ROWS_CALCULATION_METHODS)
      .default(TAX_ROW_DEFAULTS.rateRowsCalculationMethod)
      .meta({ description: 'stored' }),
  })
  .superRefine((row, ctx) => {
    const issue = (path: (string | number)[], message: string, rule: string, input: unknown) =>
      ctx.addIssue({ code: 'custom', path, message, params: { rule }, input });
    const adValorem = row.key === 'ad_valorem_tax';
    const category = adValorem ? 'ad_val_tax' : 'severance_tax';
    if (row.category !== category) {
      issue(
        ['category'],
        `category ${row.category} does not go with key ${row.key} (it takes ${category})`,
        'category of the key',
        row.category,
      );
    }
    const units = TAX_UNITS_BY_KEY[row.key];
    if (!units.includes(row.unit)) {
      issue(
        ['unit'],
        `unit ${row.unit} is not a unit of key ${row.key} (it takes ${units.join(', ')})`,
        'unit of the key',
        row.unit,
      );
    }
    if (row.period.length !== row.value.length) {
      issue(
        ['value'],
        `period has ${row.period.length} entries and value ${row.value.length}: they must be the same length`,
        'period and value of the same length',
        row.value,
      );
    }
    row.value.forEach((v, i) => {
      if (row.unit === 'pct_of_revenue' ? v < 0 || v > 100 : !money(v)) {
        const range = row.unit === 'pct_of_revenue' ? '0 to 100' : `−${MONEY_MAX} to ${MONEY_MAX}`;
        issue(['value', i], `value[${i}] must be from ${range} (${row.unit})`, `range ${range}`, v);
      }
    });
    checkPeriods(row.criteria, row.period, issue);
  })
  .meta({ id: 'ProductionTaxRow' });
export type ProductionTaxRow = z.output<typeof ProductionTaxRow>;

type Issue = (path: (string | number)[], message: string, rule: string, input: unknown) => void;

function checkPeriods(criteria: ProductionTaxRow['criteria'], period: (string | number)[], issue: Issue): void {
  if (criteria === 'entire_well_life') {
    if (period.length !== 1 || period[0] !== 'Flat') {
      issue(['period'], 'an entire_well_life row takes period ["Flat"] (one value)', 'one Flat period', period);
    }
    return;
  }
  if (criteria === 'dates') {
    period.forEach((p, i) => {
      const date = DateString.safeParse(p);
      if (!date.success) {
        issue(['period', i], `period[${i}] ${date.error.issues[0]!.message} (criteria dates)`, 'date', p);
      } else if (i > 0 && typeof period[i - 1] === 'string' && !(p > period[i - 1]!)) {
        issue(
          ['period', i],
          `dates must strictly increase: period[${i}] (${p}) must be after period[${i - 1}] (${period[i - 1]})`,
          'increasing dates',
          p,
        );
      }
    });
    return;
  }
  let total = 0;
  period.forEach((p, i) => {
    const months = periodMonths(p);
    if (!Number.isInteger(months) || months < 1) {
      issue(
        ['period', i],
        `period[${i}] must be a whole number of months, at least 1 (criteria offset_to_fpd)`,
        'months ≥ 1',
        p,
      );
    } else total += months;
  });
  if (total > OFFSET_MONTHS_MAX) {
    issue(
      ['period'],
      `the periods add up to ${total} months: at most ${OFFSET_MONTHS_MAX}`,
      `≤ ${OFFSET_MONTHS_MAX} months`,
      total,
    );
  }
}

export const ProductionTaxData = z
  .strictObject({
    state: z
      .string({ error: 'state must be a string' })
      .trim()
      .min(1, 'state must not be empty')
      .max(100, 'state must be at most 100 characters')
      .default('custom')
      .meta({
        description:
          'the state the rates are for, default custom; `pennsylvania horizontal` or `pennsylvania vertical` (or with an underscore) charges the impact fee instead of the ad valorem row sets; other states are stored (no state rate tables)',
      }),
    impactFeeStart: enumOf('impactFeeStart', IMPACT_FEE_STARTS).optional().meta({
      description:
        'Pennsylvania impact fee: its well years count from the first production date (fpd, the default) or the spud date header (spud_date_from_headers)',
    }),
    rows: z
      .array(ProductionTaxRow)
      .max(
        TAX_KEYS.length * TAX_ROW_SETS_PER_KEY,
        `rows must hold at most ${TAX_KEYS.length * TAX_ROW_SETS_PER_KEY} row sets`,
      )
      .default([])
      .superRefine((rows, ctx) => {
        const seen = new Map<string, number>();
        rows.forEach((row, i) => {
          const n = (seen.get(row.key) ?? 0) + 1;
          seen.set(row.key, n);
          if (n > TAX_ROW_SETS_PER_KEY) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'key'],
              message: `key ${row.key} takes at most ${TAX_ROW_SETS_PER_KEY} row sets (row ${i} is set ${n})`,
              params: { rule: `at most ${TAX_ROW_SETS_PER_KEY} per key` },
              input: row.key,
            });
          }
        });
      })
      .meta({
        description: `row sets of severance per phase and of ad valorem, at most ${TAX_ROW_SETS_PER_KEY} per key`,
      }),
  })
  .superRefine((data, ctx) => {
    if (data.impactFeeStart !== undefined && impactFeeWell(data.state) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['impactFeeStart'],
        message: `impactFeeStart applies to the impact fee of state pennsylvania horizontal or pennsylvania vertical, not ${data.state}`,
        params: { rule: 'a Pennsylvania impact-fee state' },
        input: data.impactFeeStart,
      });
    }
  })
  .meta({ id: 'ProductionTaxData' });

export const ProductionTaxesFunctions = z
  .strictObject({ data: ProductionTaxData })
  .meta({ id: 'ProductionTaxesFunctionsInput' });
export type ProductionTaxesFunctions = z.output<typeof ProductionTaxesFunctions>;
export const ProductionTaxesFunctionsView = ProductionTaxesFunctions.meta({ id: 'ProductionTaxesFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function productionTaxesView(functions: ProductionTaxesFunctions): ProductionTaxesFunctions {
  return structuredClone(functions);
}
