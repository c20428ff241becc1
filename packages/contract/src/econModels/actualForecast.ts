import { z } from 'zod';
import { DateString, exactlyOne } from './fields';

/* Actual or forecast, econ function `actualOrForecast` (spec part 2.5). */

export const AFTER_ECON_LIMIT = ['yes', 'no'] as const;

/**
 * A choice whose value is the empty string (spec 2.5). Clients of the service also send `true`
 * (service-shapes.md, end of "Econ models"): accepted and stored as "".
 */
const emptyString = (field: string, meaning: string) =>
  z
    .preprocess(
      (v) => (v === true ? '' : v),
      z.literal('', { error: `${field} takes the empty string "" or true (sending the key is the choice)` }),
    )
    .meta({ description: `${meaning}; "" (true is accepted and stored as "")` });

const replacement = (phase: string) =>
  exactlyOne(phase, {
    asOfDate: emptyString('asOfDate', 'forecast replaces actuals from the as-of date'),
    never: emptyString('never', 'actuals are never replaced'),
    date: DateString.meta({ description: 'forecast replaces actuals from this date' }),
  });

const ReplaceActualWithForecast = z
  .strictObject({ oil: replacement('oil'), gas: replacement('gas'), water: replacement('water') })
  .meta({ id: 'ActualForecastReplaceActualWithForecast' });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const fields = {
  ignoreHistoryProd: z.boolean({ error: 'ignoreHistoryProd must be true or false' }).meta({
    description: 'true ignores all historical and future volumetric forecasting',
  }),
  replaceActualWithForecast: ReplaceActualWithForecast.optional().meta({
    description: 'required when ignoreHistoryProd is false; refused when it is true',
  }),
};

const afterEconLimitDescription =
  'yes ignores all historical and future volumetric forecasting (for example a well shut in until a future date); it does not affect the FPD hierarchy';

/** Spec part 2.5: replaceActualWithForecast is required when ignoreHistoryProd is false, refused when true. */
const replacementRule = (
  value: { ignoreHistoryProd: unknown; replaceActualWithForecast?: unknown },
  ctx: z.RefinementCtx,
) => {
  if (value.ignoreHistoryProd === false && value.replaceActualWithForecast === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['replaceActualWithForecast'],
      message: 'replaceActualWithForecast is required when ignoreHistoryProd is false (send oil, gas and water)',
      params: { rule: 'required when ignoreHistoryProd is false' },
    });
  } else if (value.ignoreHistoryProd === true && value.replaceActualWithForecast !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['replaceActualWithForecast'],
      message: 'replaceActualWithForecast must not be sent when ignoreHistoryProd is true; remove it',
      params: { rule: 'not with ignoreHistoryProd true' },
    });
  }
};
// Run even when a field has a bad value, so a form shows every problem at once.
const always = { when: (payload: { value: unknown }) => isObject(payload.value) };

/** The `actualOrForecast` econ function as sent (spec part 2.5). */
export const ActualOrForecast = z
  .strictObject({
    ...fields,
    afterEconLimit: z
      .enum(AFTER_ECON_LIMIT, { error: 'afterEconLimit must be yes or no' })
      .default('no')
      .meta({ description: afterEconLimitDescription }),
  })
  .superRefine(replacementRule, always)
  .meta({ id: 'ActualForecastActualOrForecastInput' });
export type ActualOrForecast = z.infer<typeof ActualOrForecast>;

/** The econ function object of an actual-or-forecast model's request body. */
export const ActualForecastFunctions = z
  .strictObject({ actualOrForecast: ActualOrForecast })
  .meta({ id: 'ActualForecastFunctionsInput' });
/** The body as a form holds it, before defaults apply. */
export type ActualForecastFunctionsInput = z.input<typeof ActualForecastFunctions>;
export type ActualForecastFunctions = z.infer<typeof ActualForecastFunctions>;

/** The `actualOrForecast` econ function as responses carry it: afterEconLimit always present. */
const ActualOrForecastView = z
  .strictObject({
    ...fields,
    afterEconLimit: z.enum(AFTER_ECON_LIMIT).meta({ description: afterEconLimitDescription }),
  })
  .superRefine(replacementRule, always)
  .meta({ id: 'ActualForecastActualOrForecastView' });

export const ActualForecastFunctionsView = z
  .strictObject({ actualOrForecast: ActualOrForecastView })
  .meta({ id: 'ActualForecastFunctionsView' });
export type ActualForecastFunctionsView = z.infer<typeof ActualForecastFunctionsView>;

/** The response form of stored functions: the kind computes nothing, so a copy of the input. */
export function actualForecastView(functions: ActualForecastFunctions): ActualForecastFunctionsView {
  return structuredClone(functions);
}
