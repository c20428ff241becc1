import { describe, expect, it } from 'vitest';
import { PRMS_CATEGORIES, PRMS_CLASSES, PRMS_SUB_CATEGORIES, ReservesCategoryFunctions } from './reservesCategory';

const parse = (reservesCategory: unknown) => ReservesCategoryFunctions.safeParse({ reservesCategory });
const issues = (reservesCategory: unknown) =>
  parse(reservesCategory).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('reserves category (PRMS)', () => {
  it('takes every category and sub-category of each class', () => {
    for (const prmsClass of PRMS_CLASSES)
      for (const prmsCategory of PRMS_CATEGORIES[prmsClass])
        for (const prmsSubCategory of PRMS_SUB_CATEGORIES[prmsClass])
          expect(parse({ prmsClass, prmsCategory, prmsSubCategory }).success).toBe(true);
  });

  it('refuses a category or sub-category of another class, naming the field and what the class takes', () => {
    expect(issues({ prmsClass: 'contingent', prmsCategory: 'proved', prmsSubCategory: 'producing' })).toEqual([
      {
        path: 'reservesCategory.prmsCategory',
        message: 'prmsCategory proved is not of prmsClass contingent (it takes c1, c2, c3)',
      },
      {
        path: 'reservesCategory.prmsSubCategory',
        message:
          'prmsSubCategory producing is not of prmsClass contingent (it takes development_pending, development_on_hold, development_unclarified, development_not_viable)',
      },
    ]);
  });

  it('refuses unknown values, missing fields and extra keys', () => {
    expect(issues({ prmsClass: 'resources', prmsCategory: 'proved', prmsSubCategory: 'producing' })?.[0]).toMatchObject(
      {
        path: 'reservesCategory.prmsClass',
        message: 'prmsClass must be one of reserves, contingent, prospective',
      },
    );
    expect(parse({ prmsClass: 'reserves', prmsCategory: 'proved' }).success).toBe(false);
    expect(
      parse({ prmsClass: 'reserves', prmsCategory: 'proved', prmsSubCategory: 'producing', extra: 1 }).success,
    ).toBe(false);
  });
});
