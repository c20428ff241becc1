import { z } from 'zod';
import { range } from './fields';
import { datedRow, rowTable } from './rows';

/*
 * Escalations, route `escalations`, econ function `escalation` (issue 19). The service's public
 * material gives the route, not the body (service-shapes.md); this is the shape econ-math.md
 * ("Escalation") describes: a frequency, a method and dated rows of a percent or a dollar change
 * per year. Price, differential, expense and CAPEX tables name a model by id in their
 * `escalationModel`. Decision 034.
 */

export const ESCALATION_FREQUENCIES = ['monthly', 'yearly', 'constant'] as const;
export type EscalationFrequency = (typeof ESCALATION_FREQUENCIES)[number];
export const ESCALATION_METHODS = ['compound', 'simple'] as const;
export type EscalationMethod = (typeof ESCALATION_METHODS)[number];
/** The periods an escalation row takes: the whole life, from dates, or months from the escalated table's first row. */
export const ESCALATION_PERIODS = ['entireWellLife', 'dates', 'monthPeriod'] as const;
export const ESCALATION_VALUE_KEYS = ['pctPerYear', 'dollarPerYear'] as const;
/** −100 %/yr takes a value to 0 in a year; 1000 %/yr is past any real price or cost path. */
export const PCT_PER_YEAR_MIN = -100;
export const PCT_PER_YEAR_MAX = 1000;
/** Money of the service's tables: ±1e10. */
export const DOLLAR_PER_YEAR_MAX = 1e10;

export const EscalationRow = datedRow(
  {
    pctPerYear: range('pctPerYear', PCT_PER_YEAR_MIN, PCT_PER_YEAR_MAX).meta({
      description: `percent per year (3 = 3 %/yr), multiplies the escalated value; ${PCT_PER_YEAR_MIN} to ${PCT_PER_YEAR_MAX}`,
    }),
    dollarPerYear: range('dollarPerYear', -DOLLAR_PER_YEAR_MAX, DOLLAR_PER_YEAR_MAX).meta({
      description:
        '$ per unit of the escalated value per year, added to it (CAPEX: $ added to tangible and to intangible); ±1e10',
    }),
  },
  ESCALATION_PERIODS,
).meta({
  id: 'EscalationRow',
  description:
    'exactly one period (entireWellLife, dates, monthPeriod) and exactly one value (pctPerYear, dollarPerYear)',
});
export type EscalationRow = z.infer<typeof EscalationRow>;

export const Escalation = z
  .strictObject({
    escalationFrequency: z
      .enum(ESCALATION_FREQUENCIES, {
        error: (i) =>
          `escalationFrequency must be one of ${ESCALATION_FREQUENCIES.join(', ')} (got ${JSON.stringify(i.input)})`,
      })
      .default('monthly')
      .meta({
        description:
          'monthly: every month, k/12 of a year; yearly: on the escalated row’s anniversaries; constant: a flat 1 + p/12 (or + d/12) every month (the platform’s engine). Default monthly',
      }),
    calculationMethod: z
      .enum(ESCALATION_METHODS, {
        error: (i) =>
          `calculationMethod must be one of ${ESCALATION_METHODS.join(', ')} (got ${JSON.stringify(i.input)})`,
      })
      .default('compound')
      .meta({
        description:
          'compound: (1 + p)^years; simple: 1 + p × years (pctPerYear only; dollarPerYear adds). Default compound',
      }),
    rows: rowTable(EscalationRow, ESCALATION_VALUE_KEYS).meta({
      description:
        'one period for every row (entireWellLife "Flat", dates, or consecutive monthPeriod {start, end}) and one value key (pctPerYear or dollarPerYear)',
    }),
  })
  .meta({ id: 'EscalationInput' });
export type Escalation = z.output<typeof Escalation>;

export const EscalationFunctions = z.strictObject({ escalation: Escalation }).meta({ id: 'EscalationFunctionsInput' });
export type EscalationFunctions = z.output<typeof EscalationFunctions>;
export const EscalationFunctionsView = EscalationFunctions.meta({ id: 'EscalationFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function escalationView(functions: EscalationFunctions): EscalationFunctions {
  return structuredClone(functions);
}
