import { describe, expect, it } from 'vitest';
import { placeRecordErrors, recordErrorMessage, recordErrorPath, toFormPath } from './serverErrors';

const err = (field: string | undefined, message: string, location = `[0].${field}`) => ({
  name: 'ValidationError',
  message,
  location,
  ...(field === undefined ? {} : { field }),
});

describe('toFormPath', () => {
  it.each([
    ['cutOff.discount', 'cutOff.discount'],
    ['otherCapex.rows[2].tangible', 'otherCapex.rows.2.tangible'],
    ['[0].otherCapex.rows[2].tangible', 'otherCapex.rows.2.tangible'],
    ['[3].name', 'name'],
    ['[0]', ''],
    ['depreciation.depreciation[0]', 'depreciation.depreciation.0'],
  ])('%s → %s', (api, form) => expect(toFormPath(api)).toBe(form));
});

describe('record errors', () => {
  it('takes the field, else the location', () => {
    expect(recordErrorPath(err('cutOff.discount', 'x'))).toBe('cutOff.discount');
    expect(recordErrorPath(err(undefined, 'x', '[0].dateSetting.asOfDate'))).toBe('dateSetting.asOfDate');
  });

  it('drops the "field: " prefix the API puts before the message', () => {
    expect(recordErrorMessage(err('cutOff.discount', 'cutOff.discount: discount must be at most 100'))).toBe(
      'discount must be at most 100',
    );
    expect(recordErrorMessage(err('name', 'a model named "A" already exists'))).toBe(
      'a model named "A" already exists',
    );
  });

  it('places errors of shown paths and leaves the rest for the banner', () => {
    const shown = new Set(['name', 'otherCapex.rows.1.tangible']);
    const { placed, unplaced } = placeRecordErrors(
      [
        err('name', 'a model named "A" already exists'),
        err('otherCapex.rows[1].tangible', 'otherCapex.rows[1].tangible: tangible must be a number'),
        err('copiedFrom', 'copiedFrom: no CAPEX model with id x in the company'),
        err(undefined, 'each record must be an object', '[0]'),
      ],
      (p) => shown.has(p),
    );
    expect(placed).toEqual([
      { path: 'name', message: 'a model named "A" already exists' },
      { path: 'otherCapex.rows.1.tangible', message: 'tangible must be a number' },
    ]);
    expect(unplaced).toEqual(['copiedFrom: no CAPEX model with id x in the company', 'each record must be an object']);
  });
});
