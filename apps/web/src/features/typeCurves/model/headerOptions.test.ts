import { describe, expect, it } from 'vitest';
import { headerOptions, NUMERIC_HEADER_OPTIONS } from './headerOptions';

describe('normalization header options', () => {
  it('offers the numeric headers of the catalog by title, keyed as the spec writes them', () => {
    expect(NUMERIC_HEADER_OPTIONS).toContainEqual({
      value: 'perf_lateral_length',
      label: 'Perforated lateral length (FT)',
    });
    expect(NUMERIC_HEADER_OPTIONS).toContainEqual({ value: 'true_vertical_depth', label: 'True vertical depth (FT)' });
    // Text headers are not offered where a number is needed.
    expect(NUMERIC_HEADER_OPTIONS.some((o) => o.value === 'county')).toBe(false);
    const labels = NUMERIC_HEADER_OPTIONS.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  it('keeps a stored key that is not a header, and an empty choice when asked', () => {
    expect(headerOptions('perf_lateral_length')).toEqual(NUMERIC_HEADER_OPTIONS);
    expect(headerOptions('legacy_key')[0]).toEqual({ value: 'legacy_key', label: 'legacy_key (not a well header)' });
    expect(headerOptions('', true)[0]).toEqual({ value: '', label: '— none —' });
  });
});
