import { describe, expect, it } from 'vitest';
import { numberFromInput, parseNumberInput } from './numberInput';

describe('parseNumberInput', () => {
  it.each([
    ['1,250,000.5', 1250000.5],
    ['1,250,000', 1250000],
    ['-1,000', -1000],
    ['+12,345.25', 12345.25],
    ['1250000', 1250000],
    [' 42 ', 42],
    ['.5', 0.5],
    ['5.', 5],
    ['1e6', 1e6],
    ['-2.5E-3', -0.0025],
    ['0', 0],
    ['999', 999],
  ])('%s → %s', (text, n) => expect(parseNumberInput(text)).toBe(n));

  it.each([
    '1,2,3x',
    '1,2,3',
    '12,34',
    '1,2345',
    ',123',
    '1,,000',
    '1.000,5',
    'abc',
    '',
    '  ',
    '-',
    '.',
    '1.2.3',
    '0x10',
    'Infinity',
    '1 250 000',
  ])('%s is not a number', (text) => expect(parseNumberInput(text)).toBeNaN());
});

describe('numberFromInput', () => {
  it('keeps numbers, parses text, and gives the empty value for an empty box', () => {
    expect(numberFromInput(7)).toBe(7);
    expect(numberFromInput('2,500')).toBe(2500);
    expect(numberFromInput('')).toBeNaN();
    expect(numberFromInput('', null)).toBeNull();
    expect(numberFromInput('   ', undefined)).toBeUndefined();
    expect(numberFromInput(undefined, null)).toBeNull();
    expect(numberFromInput('1,2,3x', null)).toBeNaN();
  });
});
