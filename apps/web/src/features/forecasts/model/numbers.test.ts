import { describe, expect, it } from 'vitest';
import { formatValue, fractionFromPercent, percentFromFraction, shortNumber, shownText } from './numbers';

describe('numbers shown in the editor', () => {
  it('reads a rate in four significant digits, keeping every whole digit', () => {
    expect(shortNumber(67.563118)).toBe('67.56');
    expect(shortNumber(0.0712345)).toBe('0.07123');
    expect(shortNumber(1234.56)).toBe('1235');
    expect(shortNumber(12345.6)).toBe('12346');
    expect(shortNumber(800)).toBe('800');
    expect(shortNumber(0.65)).toBe('0.65');
    expect(shortNumber(-4.56789)).toBe('-4.568');
    expect(shortNumber(0)).toBe('0');
  });

  it('shows typed text that is no number as it is', () => {
    expect(shownText('67.563118')).toBe('67.56');
    expect(shownText('')).toBe('');
    expect(shownText('12a')).toBe('12a');
    expect(shownText(' 950 ')).toBe('950');
  });

  it('formats computed values for prose with grouping', () => {
    expect(formatValue(67.563118)).toBe('67.56');
    expect(formatValue(1234.56)).toBe('1,235');
    expect(formatValue(123456.7)).toBe('123,457');
  });
});

describe('effective declines in percent per year', () => {
  it('turns a typed percent into the stored fraction', () => {
    expect(fractionFromPercent('65')).toBe('0.65');
    expect(fractionFromPercent('8')).toBe('0.08');
    expect(fractionFromPercent('7.5')).toBe('0.075');
    expect(fractionFromPercent('0.1')).toBe('0.001');
    expect(fractionFromPercent('100')).toBe('1');
    expect(fractionFromPercent('')).toBe('');
    expect(fractionFromPercent('6x')).toBe('6x');
  });

  it('turns a stored fraction into the percent typed, without float noise', () => {
    expect(percentFromFraction('0.65')).toBe('65');
    expect(percentFromFraction('0.07')).toBe('7');
    expect(percentFromFraction('0.075')).toBe('7.5');
    expect(percentFromFraction('0.0712345678')).toBe('7.12345678');
    expect(percentFromFraction('')).toBe('');
  });

  it('goes both ways and back', () => {
    for (const pct of ['65', '8', '12.25', '0.5', '99.9'])
      expect(percentFromFraction(fractionFromPercent(pct))).toBe(pct);
    for (const frac of ['0.65', '0.08', '0.1225', '0.005'])
      expect(fractionFromPercent(percentFromFraction(frac))).toBe(frac);
  });
});
