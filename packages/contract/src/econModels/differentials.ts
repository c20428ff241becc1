import { z } from 'zod';

export * from './differentialKeys';

import { range } from './fields';
import { datedRow, EscalationModelRef, rowTable } from './rows';

/*
 * Differentials, econ function `differentials` (issue 19; service-shapes.md "Differentials";
 * econ-math.md "Pricing and differentials"): up to three differentials (first, second, third) per
 * product, each a table of dated rows added to the price (negative: a discount) in $ per unit, $
 * per MMBTU (gas: × shrunk-gas BTU) or `pctOfBasePrice`, the percent of the base price remaining
 * (90: a 10 % discount). A table left out adds nothing. Decision 037.
 */

export const DIFFERENTIAL_LIMIT = 10_000;
export const PCT_OF_BASE_MAX = 1000;

const dollars = (field: string, unit: string) =>
  range(field, -DIFFERENTIAL_LIMIT, DIFFERENTIAL_LIMIT).meta({
    description: `${unit} added to the price (negative: a discount), −${DIFFERENTIAL_LIMIT} to ${DIFFERENTIAL_LIMIT}`,
  });
const pctOfBase = range('pctOfBasePrice', 0, PCT_OF_BASE_MAX).meta({
  description: `percent of the base price remaining (90: a 10 % discount; 100: none), 0 to ${PCT_OF_BASE_MAX}`,
});

/** The value keys of each product's rows and their units. */
export const DIFFERENTIAL_UNITS = {
  oil: [
    { key: 'dollarPerBbl', label: '$/BBL' },
    { key: 'pctOfBasePrice', label: '% of base price' },
  ],
  gas: [
    { key: 'dollarPerMcf', label: '$/MCF' },
    { key: 'dollarPerMmbtu', label: '$/MMBTU' },
    { key: 'pctOfBasePrice', label: '% of base price' },
  ],
  ngl: [
    { key: 'dollarPerBbl', label: '$/BBL' },
    { key: 'pctOfBasePrice', label: '% of base price' },
  ],
  dripCondensate: [
    { key: 'dollarPerBbl', label: '$/BBL' },
    { key: 'pctOfBasePrice', label: '% of base price' },
  ],
} as const;

const table = <V extends Record<string, z.ZodType<number>>>(product: string, values: V) => {
  const keys = Object.keys(values);
  return z
    .strictObject({ escalationModel: EscalationModelRef, rows: rowTable(datedRow(values), keys) })
    .optional()
    .meta({
      description: `${product}: rows of exactly one of ${keys.join(', ')}; escalationModel "none" or an escalations model id (not applied to pctOfBasePrice)`,
    });
};

const Differential = (name: string) =>
  z
    .strictObject({
      oil: table('oil', { dollarPerBbl: dollars('dollarPerBbl', '$/BBL'), pctOfBasePrice: pctOfBase }),
      gas: table('gas', {
        dollarPerMcf: dollars('dollarPerMcf', '$/MCF'),
        dollarPerMmbtu: dollars('dollarPerMmbtu', '$/MMBTU'),
        pctOfBasePrice: pctOfBase,
      }),
      ngl: table('ngl', { dollarPerBbl: dollars('dollarPerBbl', '$/BBL'), pctOfBasePrice: pctOfBase }),
      dripCondensate: table('dripCondensate', {
        dollarPerBbl: dollars('dollarPerBbl', '$/BBL'),
        pctOfBasePrice: pctOfBase,
      }),
    })
    .default({})
    .meta({ id: `Differentials_${name}`, description: `the ${name} per product; a product left out: none` });

export const Differentials = z
  .strictObject({
    firstDifferential: Differential('firstDifferential'),
    secondDifferential: Differential('secondDifferential'),
    thirdDifferential: Differential('thirdDifferential'),
  })
  .meta({ id: 'Differentials' });
export type Differentials = z.output<typeof Differentials>;

export const DifferentialsFunctions = z
  .strictObject({ differentials: Differentials })
  .meta({ id: 'DifferentialsFunctionsInput' });
export type DifferentialsFunctions = z.output<typeof DifferentialsFunctions>;
export const DifferentialsFunctionsView = DifferentialsFunctions.meta({ id: 'DifferentialsFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function differentialsView(functions: DifferentialsFunctions): DifferentialsFunctions {
  return structuredClone(functions);
}
