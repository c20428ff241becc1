import { z } from 'zod';
import { errorFor, range } from './fields';
import { datedRow, rowTable } from './rows';

/*
 * Stream properties, econ function names `yields`, `shrinkage`, `lossFlare`, `btuContent` (issue
 * 19; service-shapes.md "Stream properties"; econ-math.md "Stream properties"): how well-head
 * volumes become sales volumes. Oil: × loss remaining × shrinkage remaining. Gas: × loss × flare ×
 * shrinkage remaining. NGL and drip condensate: a yield in BBL per MMCF of unshrunk (or shrunk) gas.
 * BTU content of the gas streams (MBTU/MCF) turns $/MMBTU into $/MCF. The four objects are
 * required (clients send them); inside them, a table left out takes its default: 100 % remaining,
 * yields 0, 1000 BTU. Decision 037.
 */

export const YIELD_MAX = 1000;
export const BTU_MAX = 5000;

const pctRemaining = range('pctRemaining', 0, 100).meta({ description: 'percent of the stream remaining (0 to 100)' });
const remaining = (what: string) =>
  z
    .strictObject({ rows: rowTable(datedRow({ pctRemaining }), ['pctRemaining']) })
    .prefault({ rows: [{ entireWellLife: 'Flat', pctRemaining: 100 }] })
    .meta({ description: `${what}: rows of pctRemaining (percent remaining); default 100` });

/** `unshrunkGas` of a yield row: the gas the yield is on, as clients send it. */
export const YieldBasis = z
  .enum(['Unshrunk Gas', 'Shrunk Gas'], { error: 'unshrunkGas must be "Unshrunk Gas" or "Shrunk Gas"' })
  .default('Unshrunk Gas')
  .meta({ description: 'the gas the yield applies to (default "Unshrunk Gas")' });

const yieldTable = (what: string) =>
  z
    .strictObject({
      rows: rowTable(
        datedRow(
          { yield: range('yield', 0, YIELD_MAX).meta({ description: `BBL per MMCF of gas (0 to ${YIELD_MAX})` }) },
          undefined,
          { unshrunkGas: YieldBasis },
        ),
        ['yield'],
      ),
    })
    .prefault({ rows: [{ entireWellLife: 'Flat', yield: 0, unshrunkGas: 'Unshrunk Gas' }] })
    .meta({ description: `${what} yield: rows of yield (BBL/MMCF) and unshrunkGas; default 0` });

const RateOptions = {
  rateType: z
    .enum(['gross_well_head', 'gross_sales', 'net_sales'], {
      error: 'rateType must be gross_well_head, gross_sales or net_sales',
    })
    .optional()
    .meta({ description: 'stored (rate-based rows are not taken yet)' }),
  rowsCalculationMethod: z
    .enum(['monotonic', 'non_monotonic'], { error: 'rowsCalculationMethod must be monotonic or non_monotonic' })
    .optional()
    .meta({ description: 'stored (rate-based rows are not taken yet)' }),
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
