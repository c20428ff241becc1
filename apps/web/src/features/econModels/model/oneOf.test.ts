import { describe, expect, it } from 'vitest';
import { choiceDefault, chosenKey, switchChoice, today } from './oneOf';

describe('choiceDefault', () => {
  const now = new Date(2026, 0, 5);
  it.each([
    ['boolean', true],
    ['emptyString', ''],
    ['text', ''],
    ['number', 0],
    ['date', '2026-01-05'],
  ] as const)('%s → %j', (kind, value) => expect(choiceDefault(kind, undefined, now)).toBe(value));

  it('a select starts at its first option', () => {
    expect(choiceDefault('select', ['a', 'b'])).toBe('a');
    expect(choiceDefault('select', [{ value: 'x' }])).toBe('x');
    expect(choiceDefault('select', [])).toBe('');
  });

  it('today is the local calendar day', () => expect(today(new Date(2024, 11, 31, 23, 30))).toBe('2024-12-31'));
});

describe('chosenKey', () => {
  const keys = ['date', 'fpd', 'never'];
  it('is the first key with a value; "" and false count as chosen', () => {
    expect(chosenKey({ fpd: true }, keys)).toBe('fpd');
    expect(chosenKey({ never: '' }, keys)).toBe('never');
    expect(chosenKey({ date: undefined, fpd: true }, keys)).toBe('fpd');
  });
  it('is undefined for nothing chosen or no object', () => {
    expect(chosenKey({}, keys)).toBeUndefined();
    expect(chosenKey(undefined, keys)).toBeUndefined();
    expect(chosenKey(null, keys)).toBeUndefined();
  });
  it('ignores keys that are not choices (flat objects carry other fields)', () => {
    expect(
      chosenKey({ minLife: { none: true }, alignDependentPhases: true, oilRate: 5 }, ['noCutOff', 'oilRate']),
    ).toBe('oilRate');
  });
});

describe('switchChoice', () => {
  it('clears the other chosen keys and starts the new one', () => {
    expect(switchChoice({ fpd: true }, ['date', 'fpd'], 'date', '2026-01-01')).toEqual({
      fpd: undefined,
      date: '2026-01-01',
    });
  });
  it('keeps a value the new key already holds', () => {
    expect(switchChoice({ date: '2020-01-01', fpd: true }, ['date', 'fpd'], 'date', 'x')).toEqual({ fpd: undefined });
  });
  it('leaves keys that are not choices alone (flat: the cut-off companions)', () => {
    expect(switchChoice({ maxCumCashFlow: true, discount: 5 }, ['maxCumCashFlow', 'oilRate'], 'oilRate', 0)).toEqual({
      maxCumCashFlow: undefined,
      oilRate: 0,
    });
  });
  it('starts from nothing', () => expect(switchChoice(undefined, ['a', 'b'], 'b', true)).toEqual({ b: true }));
});
