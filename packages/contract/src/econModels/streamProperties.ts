import { z } from 'zod';
import { errorFor, range } from './fields';
import { datedRow, RATE_ROW_PERIODS, rowTable } from './rows';
import { BTU_MAX, YIELD_MAX } from './streamValues';

/*
 * Stream properties, econ function names `yields`, `shrinkage`, `lossFlare`, `btuContent` (issue
 * 19; service-shapes.md "Stream properties"; econ-math.md "Stream properties"): how well-head
 * volumes become sales volumes. Oil: × loss remaining × shrinkage remaining. Gas: × loss × flare ×
 * shrinkage remaining. NGL and drip condensate: a yield in BBL per MMCF of unshrunk (or shrunk) gas.
 * BTU content of the gas streams (MBTU/MCF) turns $/MMBTU into $/MCF. The four objects are
 * required (clients send them); inside them, a table left out takes its default: 100 % remaining,
 * yields 0, 1000 BTU. Decision 037.
 */

export * from './streamValues';

const pctRemaining = range('pctRemaining', 0, 100).meta({ description: 'percent of the stream remaining (0 to 100)' });
const remaining = (what: string) =>
  z
    .strictObject({ rows: rowTable(datedRow({ pctRemaining }, RATE_ROW_PERIODS), ['pctRemaining']) })
    .prefault({ rows: [{ entireWellLife: 'Flat', pctRemaining: 100 }] })
    .meta({ description: `${what}: rows of pctRemaining (percent remaining); default 100` });

/**
 * `unshrunkGas` of a yield row: the gas the yield is on. Clients of the service send either
 * `unshrunkGas: "Unshrunk Gas"` or `shrunkGas: "Shrunk Gas"` (or `unshrunkGas: "Shrunk Gas"`); a row
 * with neither is on unshrunk gas.
 */
export const YieldBasis = z
  .enum(['Unshrunk Gas', 'Shrunk Gas'], { error: 'unshrunkGas must be "Unshrunk Gas" or "Shrunk Gas"' })
  .optional()
  .meta({ description: 'the gas the yield applies to; with neither this nor shrunkGas: "Unshrunk Gas"' });
const ShrunkBasis = z
  .literal('Shrunk Gas', { error: 'shrunkGas takes "Shrunk Gas" (or send unshrunkGas)' })
  .optional()
  .meta({ description: '"Shrunk Gas": the yield applies to shrunk (sales) gas; the service’s other spelling' });

const YieldRow = datedRow(
  { yield: range('yield', 0, YIELD_MAX).meta({ description: `BBL per MMCF of gas (0 to ${YIELD_MAX})` }) },
  RATE_ROW_PERIODS,
  { unshrunkGas: YieldBasis, shrunkGas: ShrunkBasis },
).superRefine((row, ctx) => {
  if (row.unshrunkGas !== undefined && row.shrunkGas !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['shrunkGas'],
      message: 'a yield row takes unshrunkGas or shrunkGas, not both',
      params: { rule: 'one gas basis' },
    });
  }
});

const yieldTable = (what: string) =>
  z
    .strictObject({ rows: rowTable(YieldRow, ['yield']) })
    .prefault({ rows: [{ entireWellLife: 'Flat', yield: 0, unshrunkGas: 'Unshrunk Gas' }] })
    .meta({ description: `${what} yield: rows of yield (BBL/MMCF) and the gas it is on; default 0` });

const RateOptions = {
  rateType: z
    .literal('gross_well_head', {
      error: 'rateType must be gross_well_head: stream properties turn the well-head volumes into sales volumes',
    })
    .default('gross_well_head')
    .meta({ description: 'rate rows (oilRate, …) read the gross well-head rate (the only choice, as in the service)' }),
  rowsCalculationMethod: z
    .enum(['non_monotonic', 'monotonic'], { error: 'rowsCalculationMethod must be monotonic or non_monotonic' })
    .default('non_monotonic')
    .meta({
      description:
        'rate rows: non_monotonic (default) reads each month’s rate; monotonic the lowest rate so far, so a row once left is not returned to',
    }),
};

const required = (field: string) => ({ error: errorFor(field, 'an object (its tables may be left out)') });

export const StreamYields = z
  .strictObject(
    { ...RateOptions, ngl: yieldTable('NGL'), dripCondensate: yieldTable('drip condensate') },
    required('yields'),
  )
  .meta({ id: 'StreamYields' });
export const StreamShrinkage = z
  .strictObject(
    { ...RateOptions, oil: remaining('oil shrinkage'), gas: remaining('gas shrinkage') },
    required('shrinkage'),
  )
  .meta({ id: 'StreamShrinkage' });
export const StreamLossFlare = z
  .strictObject(
    {
      ...RateOptions,
      oilLoss: remaining('oil loss'),
      gasLoss: remaining('gas loss'),
      gasFlare: remaining('gas flare'),
    },
    required('lossFlare'),
  )
  .meta({ id: 'StreamLossFlare' });

const btu = (field: string) =>
  range(field, 0, BTU_MAX)
    .default(1000)
    .meta({ description: `MBTU per MCF (BTU/SCF), 0 to ${BTU_MAX}; default 1000` });
export const BtuContent = z
  .strictObject({ unshrunkGas: btu('unshrunkGas'), shrunkGas: btu('shrunkGas') }, required('btuContent'))
  .meta({ id: 'StreamBtuContent' });

export const StreamPropertiesFunctions = z
  .strictObject({
    yields: StreamYields,
    shrinkage: StreamShrinkage,
    lossFlare: StreamLossFlare,
    btuContent: BtuContent,
  })
  .meta({ id: 'StreamPropertiesFunctionsInput' });
export type StreamPropertiesFunctions = z.output<typeof StreamPropertiesFunctions>;
export const StreamPropertiesFunctionsView = StreamPropertiesFunctions.meta({ id: 'StreamPropertiesFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function streamPropertiesView(functions: StreamPropertiesFunctions): StreamPropertiesFunctions {
  return structuredClone(functions);
}
