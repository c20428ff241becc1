/* The differentials of a product, in the order they apply (differentials.ts), without zod: the engine reads them too. */
export const DIFFERENTIALS = ['firstDifferential', 'secondDifferential', 'thirdDifferential'] as const;
export type DifferentialKey = (typeof DIFFERENTIALS)[number];
