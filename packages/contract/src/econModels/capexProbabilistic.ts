import type { z } from 'zod';
import { type CapexFunctionsView, DISTRIBUTION_TYPES, type DistributionType, OtherCapexRowView } from './capex';
import { enumOf, intRange, range } from './fields';

/* Probabilistic models (read-only, seeded by the service). */

/** The parameters each distribution needs besides mean and seed (our rule: the spec lists the fields only). */
export const DISTRIBUTION_PARAMETERS = {
  na: [],
  normal: ['standardDeviation'],
  lognormal: ['standardDeviation'],
  triangular: ['lowerBound', 'mode', 'upperBound'],
  uniform: ['lowerBound', 'upperBound'],
} as const satisfies Record<DistributionType, readonly string[]>;

/**
 * A row of a probabilistic model: distributionType, mean and seed present, the parameters of its
 * distribution present, and lowerBound ≤ mode ≤ upperBound.
 */
export const ProbabilisticCapexRow = OtherCapexRowView.safeExtend({
  distributionType: enumOf('distributionType', DISTRIBUTION_TYPES),
  mean: range('mean', 0, 1e10),
  seed: intRange('seed', 1, 1_000_000),
})
  .superRefine((row, ctx) => {
    for (const field of DISTRIBUTION_PARAMETERS[row.distributionType]) {
      if (row[field] !== undefined) continue;
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `a ${row.distributionType} distribution needs ${field}`,
        params: { rule: `parameter of ${row.distributionType}` },
      });
    }
    const ordered = [row.lowerBound, row.mode, row.upperBound].filter((v) => v !== undefined);
    if (ordered.some((v, i) => i > 0 && v < (ordered[i - 1] as number))) {
      ctx.addIssue({
        code: 'custom',
        path: ['upperBound'],
        message: 'lowerBound, mode and upperBound must be in that order (lowerBound ≤ mode ≤ upperBound)',
        params: { rule: 'lowerBound ≤ mode ≤ upperBound' },
      });
    }
  })
  .meta({ id: 'ProbabilisticCapexRow' });
export type ProbabilisticCapexRow = z.infer<typeof ProbabilisticCapexRow>;

/**
 * A valid probabilistic CAPEX functions object (response form), for the read-only demo model:
 * one row per distribution type, means equal to tangible + intangible ($M).
 */
export function probabilisticCapexExample(): CapexFunctionsView {
  const base = {
    capexExpense: 'capex',
    afterEconLimit: false,
    calculation: 'gross',
    escalationModel: 'none',
    escalationStart: { applyToCriteria: 0 },
    depreciationModel: 'none',
    dealTerms: 1,
  } as const;
  const rows: ProbabilisticCapexRow[] = [
    {
      ...base,
      category: 'drilling',
      description: 'Drill and case (P50 from offset wells)',
      tangible: 1200,
      intangible: 3400,
      fromSchedule: 'offset_to_drill_start',
      drillStart: 0,
      distributionType: 'normal',
      mean: 4600,
      standardDeviation: 500,
      seed: 101,
    },
    {
      ...base,
      category: 'completion',
      description: 'Frac',
      tangible: 300,
      intangible: 4100,
      fromHeaders: 'offset_to_first_prod_date',
      firstProdDate: -30,
      distributionType: 'triangular',
      mean: 4400,
      lowerBound: 3500,
      mode: 4200,
      upperBound: 5500,
      seed: 202,
    },
    {
      ...base,
      category: 'facilities',
      tangible: 800,
      intangible: 200,
      offsetToFpd: 0,
      distributionType: 'lognormal',
      mean: 1000,
      standardDeviation: 250,
      seed: 303,
    },
    {
      ...base,
      category: 'artificial_lift',
      tangible: 150,
      intangible: 50,
      offsetToFpd: 365,
      distributionType: 'uniform',
      mean: 200,
      lowerBound: 150,
      upperBound: 250,
      seed: 404,
    },
    {
      ...base,
      category: 'abandonment',
      description: 'Plug and abandon',
      tangible: 0,
      intangible: 150,
      afterEconLimit: true,
      offsetToEconLimit: 0,
      distributionType: 'na',
      mean: 150,
      seed: 505,
    },
  ];
  return {
    otherCapex: { rows },
    drillingCost: {
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
        { pctOfTotalCost: 40, offsetToFpd: -90 },
      ],
    },
  };
}
