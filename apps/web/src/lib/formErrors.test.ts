import { ECON_MODEL_SPECS, econModelExample } from '@econ/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateBody } from '../features/econModels/model/validate';
import {
  applyServerErrors,
  bannerLines,
  fallbackLabel,
  fieldLabel,
  keyWords,
  labelled,
  labelledForBanner,
  toFormPath,
  withLabels,
} from './formErrors';
import { HttpError } from './http';

// biome-ignore lint/suspicious/noExplicitAny: test bodies are edited freely
type Body = Record<string, any>;

/** The first contract message of an edited example of `kind`, with its form path. */
function issueOf(kind: keyof typeof ECON_MODEL_SPECS, edit: (body: Body) => void) {
  const body = structuredClone(econModelExample(kind)) as Body;
  body.name = 'm';
  edit(body);
  const r = validateBody(ECON_MODEL_SPECS[kind].functions, body);
  if (r.ok) throw new Error('expected a problem');
  return r.issues[0]!;
}

describe('paths and words', () => {
  it.each([
    ['priceModel.oil.rows[0].price', 'priceModel.oil.rows.0.price'],
    ['[2].otherCapex.rows[3].tangible', 'otherCapex.rows.3.tangible'],
    ['rows.2.price', 'rows.2.price'],
    ['/segments/1/start', 'segments.1.start'],
    ['', ''],
  ])('%s → %s', (api, form) => expect(toFormPath(api)).toBe(form));

  it.each([
    ['tangibleBonusDepreciation', 'tangible bonus depreciation'],
    ['maxWellLife', 'max well life'],
    ['customNumber3', 'custom number 3'],
    ['rate_type', 'rate type'],
    ['NGL', 'NGL'],
  ])('%s in words: %s', (key, words) => expect(keyWords(key)).toBe(words));

  it.each([
    ['rows.2.price', 'Row 3 price'],
    ['priceModel.oil.rows.0.price', 'Row 1 price'],
    ['segments.1.start', 'Segment 2 start'],
    ['depreciation.bonusDepreciation.0.tangibleBonusDepreciation', 'Row 1 tangible bonus depreciation'],
    ['dateSetting.maxWellLife', 'Max well life'],
    ['value.3', 'Row 4'],
  ])('fallback label of %s: %s', (path, label) => expect(fallbackLabel(path)).toBe(label));

  it('takes the form label of the path, of its `*` pattern, or of its nearest labelled ancestor', () => {
    const labels = {
      'depreciation.bonusDepreciation.0.tangibleBonusDepreciation': { label: 'Tangible bonus depreciation', unit: '%' },
      'otherCapex.rows.*.tangible': 'Tangible',
      'priceModel.oil': 'Oil price',
    };
    expect(fieldLabel('depreciation.bonusDepreciation.0.tangibleBonusDepreciation', labels)).toEqual({
      label: 'Tangible bonus depreciation',
      unit: '%',
    });
    expect(fieldLabel('otherCapex.rows.7.tangible', labels).label).toBe('Tangible');
    expect(fieldLabel('priceModel.oil.rows.2.price', labels).label).toBe('Oil price row 3 price');
    expect(fieldLabel('priceModel.gas.rows.0.price', labels).label).toBe('Row 1 price');
    expect(fieldLabel('x', (p) => (p === 'x' ? 'Ex' : undefined)).label).toBe('Ex');
  });
});

describe('messages of the econ-model kinds worded with labels', () => {
  it('names a bound by the label and its unit (depreciation)', () => {
    const issue = issueOf('depreciation', (b) => {
      b.depreciation.bonusDepreciation[0].tangibleBonusDepreciation = 150;
    });
    expect(issue.message).toBe('tangibleBonusDepreciation must be at most 100');
    const labels = { [issue.path]: { label: 'Tangible bonus depreciation', unit: '%' } };
    expect(labelled(issue.message, issue.path, labels)).toBe('Tangible bonus depreciation must be at most 100 %');
  });

  it('says which row, without a label map (depreciation entries, CAPEX rows)', () => {
    const tan = issueOf('depreciation', (b) => {
      b.depreciation.depreciation[2].tanFactor = -3;
    });
    expect(labelled(tan.message, tan.path)).toBe('Row 3 tan factor must be at least 0');
    const capex = issueOf('capex', (b) => {
      b.otherCapex.rows[1].tangible = Number.NaN;
    });
    expect(capex.message).toBe('tangible must be a number');
    expect(labelled(capex.message, capex.path)).toBe('Row 2 tangible must be a number');
  });

  it('names a dated row by its table (pricing) and an exactly-one-of object (date settings)', () => {
    const price = issueOf('pricing', (b) => {
      b.priceModel.oil.rows[1].price = Number.NaN;
    });
    expect(labelled(price.message, price.path, { 'priceModel.oil': 'Oil price' })).toBe(
      'Oil price row 2 price must be a number',
    );
    const asOf = issueOf('date-settings', (b) => {
      b.dateSetting.asOfDate = {};
    });
    expect(labelled(asOf.message, asOf.path, { 'dateSetting.asOfDate': 'As-of date' })).toBe(
      'As-of date needs exactly one of date, dynamic, fpd, major segment',
    );
  });

  it('drops the API’s "path: " prefix and names the field in the banner', () => {
    const api = 'otherCapex.rows[2].tangible';
    expect(labelled(`${api}: tangible must be a number`, 'otherCapex.rows.2.tangible', undefined, api)).toBe(
      'Row 3 tangible must be a number',
    );
    expect(labelledForBanner('copiedFrom: no CAPEX model with id x', 'copiedFrom', undefined, 'copiedFrom')).toBe(
      'Copied from: no CAPEX model with id x',
    );
    expect(labelledForBanner('each record must be an object', '')).toBe('Each record must be an object');
    expect(bannerLines([{ field: 'segments[1].start', message: 'start must be after segment 1' }])).toEqual([
      'Segment 2 start must be after segment 1',
    ]);
  });

  it('names a field by its label after keys of its path, words other keys, separates large bounds', () => {
    expect(
      labelled('gas specificGravity must be at least 0.5', 'fluidModel.gas.specificGravity', {
        'fluidModel.gas.specificGravity': 'Gas specific gravity',
      }),
    ).toBe('Gas specific gravity must be at least 0.5');
    expect(
      labelled('endDate 2027-03-14 must not be before startDate 2027-04-01', 'shutIn.rows.0.endDate', {
        'shutIn.rows.0.endDate': 'Shut-in 1 last day',
      }),
    ).toBe('Shut-in 1 last day 2027-03-14 must not be before start date 2027-04-01');
    expect(
      labelled('tangible must be at most 10000000000', 'otherCapex.rows.0.tangible', {
        'otherCapex.rows.*.tangible': { label: 'Tangible', unit: 'M$ (thousands of dollars)' },
      }),
    ).toBe('Tangible must be at most 10,000,000,000 M$ (thousands of dollars)');
    expect(labelled('must lie between 1900-01-01 and 2262-04-01', 'gas.date', { 'gas.date': 'Gas: From a date' })).toBe(
      'Must lie between 1900-01-01 and 2262-04-01',
    );
    expect(labelled('modelType must be depreciation (got "fooBar")', 'depreciation.modelType')).toBe(
      'Model type must be depreciation (got "fooBar")',
    );
  });
});

describe('applyServerErrors', () => {
  const http400 = (details: { field: string; message: string }[]) =>
    new HttpError(
      400,
      'ValidationError',
      'the body is not valid',
      details.map((d) => ({ ...d, rule: 'range' })),
    );

  it('places details on nested form paths with labels and returns nothing when all found a field', () => {
    const set: [string, string][] = [];
    const rest = applyServerErrors(
      http400([{ field: 'priceModel.oil.rows[0].price', message: 'price must be at least 0' }]),
      ['priceModel.oil.rows.0.price'] as never,
      (path, e) => set.push([path, e.message ?? '']),
      { labels: { 'priceModel.oil': 'Oil price' } },
    );
    expect(rest).toBeUndefined();
    expect(set).toEqual([['priceModel.oil.rows.0.price', 'Oil price row 1 price must be at least 0']]);
  });

  it('leaves the rest for the banner, labelled, as a list of field-less details', () => {
    const set: string[] = [];
    const rest = applyServerErrors(
      http400([
        { field: 'username', message: 'username must not be empty' },
        { field: 'rows[2].price', message: 'price must be at least 0' },
        { field: 'rows[3].price', message: 'price must be at least 0' },
      ]),
      (p) => p === 'username',
      (path) => set.push(path),
    );
    expect(set).toEqual(['username']);
    expect(rest).toBeInstanceOf(HttpError);
    const e = rest as HttpError;
    expect(e.message).toBe('the body is not valid');
    expect(e.details.map((d) => [d.field, d.message])).toEqual([
      ['', 'Row 3 price must be at least 0'],
      ['', 'Row 4 price must be at least 0'],
    ]);
    const one = applyServerErrors(
      http400([{ field: 'rows[2].price', message: 'price must be at least 0' }]),
      [],
      () => {},
    );
    expect((one as HttpError).message).toBe('Row 3 price must be at least 0');
  });

  it('keeps other errors for the banner and puts a status answer on its field when asked', () => {
    const plain = new Error('offline');
    expect(applyServerErrors(plain, ['username'], () => {})).toBe(plain);
    const unauthorized = new HttpError(401, 'Unauthorized', 'invalid username or password');
    expect(applyServerErrors(unauthorized, ['username'], () => {})).toBe(unauthorized);
    const set: [string, string][] = [];
    const taken = new HttpError(409, 'Conflict', 'user "ann" already exists');
    expect(
      applyServerErrors(taken, ['username'], (p, e) => set.push([p, e.message ?? '']), {
        statusFields: { 409: 'username' },
      }),
    ).toBeUndefined();
    expect(set).toEqual([['username', 'User "ann" already exists']]);
  });
});

describe('withLabels', () => {
  it('words a zod resolver’s messages with the form’s labels, nested paths included', async () => {
    const schema = z.object({
      username: z.string().min(1, 'username must not be empty'),
      rows: z.array(z.object({ price: z.number().min(0, 'price must be at least 0') })),
    });
    const resolver = withLabels(zodResolver(schema), { username: 'User name' });
    const out = await resolver({ username: '', rows: [{ price: 1 }, { price: -1 }] }, undefined, {
      fields: {},
      names: [],
      shouldUseNativeValidation: false,
    });
    // biome-ignore lint/suspicious/noExplicitAny: reading nested errors
    const errors = out.errors as any;
    expect(errors.username.message).toBe('User name must not be empty');
    expect(errors.rows[1].price.message).toBe('Row 2 price must be at least 0');
  });
});
