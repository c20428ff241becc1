import { describe, expect, it } from 'vitest';
import { ENVELOPE_LABELS } from './labels';
import { placeRecordErrors, recordErrorPath, toFormPath } from './serverErrors';

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

  it('places errors of shown paths with their labels and leaves the rest, labelled, for the banner', () => {
    const shown = new Map([
      ['name', 'Name'],
      ['otherCapex.rows.1.tangible', 'Tangible'],
      ['otherCapex.rows.0.escalationModel', 'Escalation model'],
    ]);
    const labels = (p: string) => shown.get(p) ?? ENVELOPE_LABELS[p];
    const { placed, unplaced } = placeRecordErrors(
      [
        err('name', 'a model named "A" already exists'),
        err('otherCapex.rows[1].tangible', 'otherCapex.rows[1].tangible: tangible must be a number'),
        err('otherCapex.rows[1].tangible', 'otherCapex.rows[1].tangible: a second complaint'),
        err(
          'otherCapex.rows[0].escalationModel',
          'otherCapex.rows[0].escalationModel: no escalations model with id ffffffffffffffffffffffff in the company',
        ),
        err('copiedFrom', 'copiedFrom: no CAPEX model with id x in the company'),
        err('otherCapex.rows[4].intangible', 'otherCapex.rows[4].intangible: intangible must be at least -10000000000'),
        err(undefined, 'each record must be an object', '[0]'),
      ],
      (p) => shown.has(p),
      labels,
    );
    expect(placed).toEqual([
      { path: 'name', message: 'A model named "A" already exists' },
      { path: 'otherCapex.rows.1.tangible', message: 'Tangible must be a number' },
      {
        path: 'otherCapex.rows.0.escalationModel',
        message: 'Escalation model: no escalations model with id ffffffffffffffffffffffff in the company',
      },
    ]);
    expect(unplaced).toEqual([
      'Copied from: no CAPEX model with id x in the company',
      'Row 5 intangible must be at least -10,000,000,000',
      'Each record must be an object',
    ]);
  });
});
