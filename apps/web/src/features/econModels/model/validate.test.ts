import { ECON_MODEL_SPECS, econModelExample } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { econModelResolver, flatErrors, validateBody } from './validate';

const dateSettings = () =>
  ({ name: 'DS', tags: [], unique: false, ...econModelExample('date-settings') }) as Record<
    string,
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are edited freely
    any
  >;

describe('validateBody', () => {
  it('accepts the example of every kind with an envelope, applying defaults and trimming the name', () => {
    for (const [kind, spec] of Object.entries(ECON_MODEL_SPECS)) {
      const r = validateBody(spec.functions, { name: `  ${kind} `, ...econModelExample(kind as never) });
      expect(r.ok, kind).toBe(true);
      if (r.ok) expect(r.body).toMatchObject({ name: kind, tags: [], unique: false });
    }
  });

  it('reports envelope and function problems together, with form paths', () => {
    const body = dateSettings();
    body.name = '';
    body.dateSetting.maxWellLife = 101;
    const r = validateBody(ECON_MODEL_SPECS['date-settings'].functions, body);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toContainEqual({ path: 'name', message: 'name must not be empty' });
      expect(r.issues).toContainEqual({ path: 'dateSetting.maxWellLife', message: 'maxWellLife must be at most 100' });
    }
  });

  it('runs the cross-field rules: a cut-off companion its trigger requires is named at its path', () => {
    const body = dateSettings();
    body.cutOff = { ...body.cutOff, discount: undefined };
    const r = validateBody(ECON_MODEL_SPECS['date-settings'].functions, body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['cutOff.discount']));
  });

  it('names an exactly-one-of object with none chosen at the object', () => {
    const body = dateSettings();
    body.dateSetting.asOfDate = {};
    const r = validateBody(ECON_MODEL_SPECS['date-settings'].functions, body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ path: 'dateSetting.asOfDate', message: /exactly one of/ });
  });

  it('names an unknown key at its own path', () => {
    const body = { name: 'A', ...econModelExample('actual-forecast'), extra: 1 };
    const r = validateBody(ECON_MODEL_SPECS['actual-forecast'].functions, body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues).toContainEqual({ path: 'extra', message: 'extra is not a field of this model' });
  });
});

describe('flatErrors', () => {
  it('keeps the first message per path and puts parents before children', () => {
    const flat = flatErrors([
      { path: 'cutOff.discount', message: 'child' },
      { path: 'cutOff', message: 'parent' },
      { path: 'cutOff.discount', message: 'second' },
    ]);
    expect(Object.keys(flat)).toEqual(['cutOff', 'cutOff.discount']);
    expect(flat['cutOff.discount']?.message).toBe('child');
  });
});

describe('econModelResolver', () => {
  it('nests an object error and its field error side by side', async () => {
    const body = dateSettings();
    body.cutOff = { ...body.cutOff, maxCumCashFlow: undefined, discount: 200 };
    const resolver = econModelResolver(ECON_MODEL_SPECS['date-settings'].functions);
    const out = await resolver(body, undefined, { fields: {}, names: [], shouldUseNativeValidation: false });
    // biome-ignore lint/suspicious/noExplicitAny: reading nested errors
    const cutOff = (out.errors as any).cutOff;
    expect(cutOff.message).toMatch(/exactly one end-of-life trigger/);
    expect(cutOff.discount.message).toBe('Discount must be at most 100');
  });

  it('words its messages with the labels of the fields on the page, units after bounds', async () => {
    const body = dateSettings();
    body.cutOff = { ...body.cutOff, discount: 200 };
    body.dateSetting.maxWellLife = 101;
    const labels = { 'cutOff.discount': { label: 'NPV discount rate', unit: '%' } };
    const resolver = econModelResolver(ECON_MODEL_SPECS['date-settings'].functions, labels);
    const out = await resolver(body, undefined, { fields: {}, names: [], shouldUseNativeValidation: false });
    // biome-ignore lint/suspicious/noExplicitAny: reading nested errors
    const errors = out.errors as any;
    expect(errors.cutOff.discount.message).toBe('NPV discount rate must be at most 100 %');
    // No label on the page: the key in words.
    expect(errors.dateSetting.maxWellLife.message).toBe('Max well life must be at most 100');
  });

  it('gives the parsed body on success', async () => {
    const resolver = econModelResolver(ECON_MODEL_SPECS['actual-forecast'].functions);
    const out = await resolver({ name: 'x', actualOrForecast: { ignoreHistoryProd: true } }, undefined, {
      fields: {},
      names: [],
      shouldUseNativeValidation: false,
    });
    expect(out.errors).toEqual({});
    expect(out.values).toEqual({
      name: 'x',
      tags: [],
      unique: false,
      actualOrForecast: { ignoreHistoryProd: true, afterEconLimit: 'no' },
    });
  });
});
