import { describe, expect, it } from 'vitest';
import { cell } from './format';

describe('table cells', () => {
  it('groups numbers with at most two decimals and leaves what is not measured empty', () => {
    expect(cell(12345.678)).toBe('12,345.68');
    expect(cell(0)).toBe('0');
    expect(cell(undefined)).toBe('');
    expect(cell(null)).toBe('');
    expect(cell('12')).toBe('');
  });
});
