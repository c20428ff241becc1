import { z } from 'zod';
import { range, readOnly } from './fields';

export * from './bonusDepreciation';

/* Depreciation model, econ function `depreciation` (spec part 2.2). */

export const DEPRECIATION_MODEL_TYPES = ['depreciation', 'depletion'] as const;
export type DepreciationModelType = (typeof DEPRECIATION_MODEL_TYPES)[number];

/** Depletion methods of spec part 2.2 (tangibleDepletionModel, intangibleDepletionModel). */
export const DEPLETION_MODELS = ['unit_of_production_major', 'unit_of_production_BOE', 'ecl', 'never', 'fpd'] as const;

/**
 * Most entries of `depreciation.depreciation` (one per year). The spec sets no limit; 100 years is
 * longer than any well's life (dateSetting.maxWellLife is at most 100) and keeps bodies small.
 */
export const DEPRECIATION_ENTRIES_MAX = 100;

const TAX_LIMIT = 1e19;

const depletionModel = (field: string) =>
  z.enum(DEPLETION_MODELS, { error: `${field} must be one of ${DEPLETION_MODELS.join(', ')}` });

/** A field of the other modelType's body: refused with a message naming the modelType it belongs to. */
const belongsTo = (field: string, modelType: DepreciationModelType) =>
  z
    .unknown()
    .refine((v) => v === undefined, {
      message: `${field} belongs to modelType ${modelType}; remove it or send modelType ${modelType}`,
      params: { rule: `only with modelType ${modelType}` },
    })
    .optional()
    .meta({ description: `not accepted here: ${field} belongs to modelType ${modelType}` });

const BonusDepreciationEntry = z
  .strictObject({
    tangibleBonusDepreciation: range('tangibleBonusDepreciation', 0, 100).meta({ description: 'percent' }),
    intangibleBonusDepreciation: range('intangibleBonusDepreciation', 0, 100).meta({ description: 'percent' }),
  })
  .meta({ id: 'DepreciationBonusEntry' });

const bonusDepreciation = z
  .array(BonusDepreciationEntry, { error: 'bonusDepreciation must be an array holding 1 object' })
  .length(1, 'bonusDepreciation must hold exactly 1 object');

const DepreciationEntryInput = z
  .strictObject({
    year: readOnly('year'),
    tanFactor: range('tanFactor', 0, 100).meta({ description: 'percent of tangible CAPEX depreciated this year' }),
    tanCumulative: readOnly('tanCumulative'),
    intanFactor: range('intanFactor', 0, 100).meta({
      description: 'percent of intangible CAPEX depreciated this year',
    }),
    intanCumulative: readOnly('intanCumulative'),
  })
  .meta({ id: 'DepreciationEntryInput' });

const depreciationEntries = z
  .array(DepreciationEntryInput, { error: 'depreciation must be an array of yearly entries' })
  .min(1, 'depreciation needs at least 1 entry (one per year, in order)')
  .max(DEPRECIATION_ENTRIES_MAX, `depreciation holds at most ${DEPRECIATION_ENTRIES_MAX} entries (years)`);

const depreciationFields = {
  taxCredit: range('taxCredit', -TAX_LIMIT, TAX_LIMIT).meta({ description: 'percent tangible federal tax credit' }),
  tcjaBonus: z
    .boolean({ error: 'tcjaBonus must be true or false' })
    .default(false)
    .meta({ description: 'true applies the statutory bonus schedule by investment year; false: manual bonus entry' }),
  bonusDepreciation,
};

const depletionFields = {
  tangibleImmediateDepletion: range('tangibleImmediateDepletion', -TAX_LIMIT, TAX_LIMIT).meta({
    description: 'percent of tangible CAPEX depleted on the spend date',
  }),
  intangibleImmediateDepletion: range('intangibleImmediateDepletion', -TAX_LIMIT, TAX_LIMIT).meta({
    description: 'percent of intangible CAPEX depleted on the spend date',
  }),
  tangibleDepletionModel: depletionModel('tangibleDepletionModel'),
  intangibleDepletionModel: depletionModel('intangibleDepletionModel'),
};

const DepreciationBodyInput = z
  .strictObject({
    modelType: z.literal('depreciation'),
    prebuilt: readOnly('prebuilt'),
    ...depreciationFields,
    depreciation: depreciationEntries,
    tangibleImmediateDepletion: belongsTo('tangibleImmediateDepletion', 'depletion'),
    intangibleImmediateDepletion: belongsTo('intangibleImmediateDepletion', 'depletion'),
    tangibleDepletionModel: belongsTo('tangibleDepletionModel', 'depletion'),
    intangibleDepletionModel: belongsTo('intangibleDepletionModel', 'depletion'),
  })
  .meta({ id: 'DepreciationModelDepreciationInput' });

const DepletionBodyInput = z
  .strictObject({
    modelType: z.literal('depletion'),
    prebuilt: readOnly('prebuilt'),
    ...depletionFields,
    taxCredit: belongsTo('taxCredit', 'depreciation'),
    tcjaBonus: belongsTo('tcjaBonus', 'depreciation'),
    bonusDepreciation: belongsTo('bonusDepreciation', 'depreciation'),
    depreciation: belongsTo('depreciation', 'depreciation'),
  })
  .meta({ id: 'DepreciationModelDepletionInput' });

const modelTypeError = (iss: { code: string; input?: unknown }) => {
  if (iss.code === 'invalid_type') {
    return iss.input === undefined
      ? `depreciation is required: an object with modelType ${DEPRECIATION_MODEL_TYPES.join(' or ')}`
      : 'depreciation must be an object with a modelType';
  }
  const input = iss.input as { modelType?: unknown } | undefined;
  return input?.modelType === undefined
    ? `modelType is required: ${DEPRECIATION_MODEL_TYPES.join(' or ')}`
    : `modelType must be ${DEPRECIATION_MODEL_TYPES.join(' or ')} (got ${JSON.stringify(input.modelType)})`;
};

/** The `depreciation` econ function as sent: `modelType` chooses one of two bodies (spec part 2.2). */
export const DepreciationModel = z
  .discriminatedUnion('modelType', [DepreciationBodyInput, DepletionBodyInput], { error: modelTypeError })
  .meta({ id: 'DepreciationModelInput' });
export type DepreciationModel = z.infer<typeof DepreciationModel>;

/** The econ function object of a depreciation model's request body. */
export const DepreciationFunctions = z
  .strictObject({ depreciation: DepreciationModel })
  .meta({ id: 'DepreciationFunctionsInput' });
/** The body as a form holds it, before defaults apply. */
export type DepreciationFunctionsInput = z.input<typeof DepreciationFunctions>;
export type DepreciationFunctions = z.infer<typeof DepreciationFunctions>;

const DepreciationEntryView = z
  .strictObject({
    year: z.number().int().min(1).meta({ description: 'read-only: 1, 2, … in the order of the entries' }),
    tanFactor: z.number(),
    tanCumulative: z.number().meta({ description: 'read-only: running sum of tanFactor up to this year' }),
    intanFactor: z.number(),
    intanCumulative: z.number().meta({ description: 'read-only: running sum of intanFactor up to this year' }),
  })
  .meta({ id: 'DepreciationEntryView' });

const prebuiltView = z
  .string()
  .optional()
  .meta({ description: 'read-only: name of the pre-built model used to populate the arrays' });

const DepletionFieldsView = {
  tangibleImmediateDepletion: z.number(),
  intangibleImmediateDepletion: z.number(),
  tangibleDepletionModel: z.enum(DEPLETION_MODELS),
  intangibleDepletionModel: z.enum(DEPLETION_MODELS),
};

const DepreciationBodyView = z
  .strictObject({
    modelType: z.literal('depreciation'),
    prebuilt: prebuiltView,
    taxCredit: z.number(),
    tcjaBonus: z.boolean(),
    bonusDepreciation: z.array(BonusDepreciationEntry),
    depreciation: z.array(DepreciationEntryView),
    // Spec part 2.2: responses for a depreciation-type model can also carry the depletion fields.
    tangibleImmediateDepletion: DepletionFieldsView.tangibleImmediateDepletion.optional(),
    intangibleImmediateDepletion: DepletionFieldsView.intangibleImmediateDepletion.optional(),
    tangibleDepletionModel: DepletionFieldsView.tangibleDepletionModel.optional(),
    intangibleDepletionModel: DepletionFieldsView.intangibleDepletionModel.optional(),
  })
  .meta({ id: 'DepreciationModelDepreciationView' });

const DepletionBodyView = z
  .strictObject({ modelType: z.literal('depletion'), prebuilt: prebuiltView, ...DepletionFieldsView })
  .meta({ id: 'DepreciationModelDepletionView' });

/** The `depreciation` econ function as responses carry it (read-only fields included). */
export const DepreciationFunctionsView = z
  .strictObject({
    depreciation: z
      .discriminatedUnion('modelType', [DepreciationBodyView, DepletionBodyView])
      .meta({ id: 'DepreciationModelView' }),
  })
  .meta({ id: 'DepreciationFunctionsView' });
export type DepreciationFunctionsView = z.infer<typeof DepreciationFunctionsView>;

/** Micro-units: factors have at most 6 decimals, so sums of integers are exact. */
const toMicro = (v: number): number => Math.round(v * 1e6);

/**
 * The response form of stored depreciation functions: `year` numbers the entries 1, 2, … in
 * order, and `tanCumulative` / `intanCumulative` are the running sums of the factors up to and
 * including the entry (summed in units of 0.000001, so 0.1 + 0.2 gives 0.3).
 */
export function depreciationView(functions: DepreciationFunctions): DepreciationFunctionsView {
  const model = functions.depreciation;
  if (model.modelType === 'depletion') {
    return {
      depreciation: {
        modelType: 'depletion',
        tangibleImmediateDepletion: model.tangibleImmediateDepletion,
        intangibleImmediateDepletion: model.intangibleImmediateDepletion,
        tangibleDepletionModel: model.tangibleDepletionModel,
        intangibleDepletionModel: model.intangibleDepletionModel,
      },
    };
  }
  let tan = 0;
  let intan = 0;
  return {
    depreciation: {
      modelType: 'depreciation',
      taxCredit: model.taxCredit,
      tcjaBonus: model.tcjaBonus,
      bonusDepreciation: model.bonusDepreciation.map((b) => ({
        tangibleBonusDepreciation: b.tangibleBonusDepreciation,
        intangibleBonusDepreciation: b.intangibleBonusDepreciation,
      })),
      depreciation: model.depreciation.map((entry, i) => {
        tan += toMicro(entry.tanFactor);
        intan += toMicro(entry.intanFactor);
        return {
          year: i + 1,
          tanFactor: entry.tanFactor,
          tanCumulative: tan / 1e6,
          intanFactor: entry.intanFactor,
          intanCumulative: intan / 1e6,
        };
      }),
    },
  };
}
