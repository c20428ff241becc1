import { describe, expect, it } from 'vitest';
import { formatBytes, formatCell, formatCountdown, formatProgress, msUntil } from './format';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('formatCountdown', () => {
  it('is "expired" at zero, below zero and for NaN', () => {
    expect(formatCountdown(0)).toBe('expired');
    expect(formatCountdown(-1)).toBe('expired');
    expect(formatCountdown(Number.NaN)).toBe('expired');
  });
  it('counts seconds in the last hour, rounding down (never shows more time than is left)', () => {
    expect(formatCountdown(1)).toBe('0 min 00 s');
    expect(formatCountdown(999)).toBe('0 min 00 s');
    expect(formatCountdown(5 * S)).toBe('0 min 05 s');
    expect(formatCountdown(59 * MIN + 59 * S + 999)).toBe('59 min 59 s');
  });
  it('shows hours, minutes and seconds in the last day', () => {
    expect(formatCountdown(H)).toBe('1 h 00 min 00 s');
    expect(formatCountdown(24 * H - S)).toBe('23 h 59 min 59 s');
  });
  it('shows days, hours and minutes beyond a day (168 h = 7 d)', () => {
    expect(formatCountdown(D)).toBe('1 d 0 h 00 min');
    expect(formatCountdown(168 * H)).toBe('7 d 0 h 00 min');
    expect(formatCountdown(2 * D + 3 * H + 4 * MIN + 5 * S)).toBe('2 d 3 h 04 min');
  });
});

describe('msUntil', () => {
  it('is the difference to the ISO timestamp, negative once past', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(msUntil('2026-11-23T12:00:00.000Z', now)).toBe(D);
    expect(msUntil('2026-11-22T11:59:59.000Z', now)).toBe(-S);
  });
});

describe('formatBytes', () => {
  it('bytes below 1 KiB, then one decimal in powers of 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatBytes(2 * 1024 ** 4)).toBe('2.0 TB');
  });
});

describe('formatProgress', () => {
  it('thousands separators and a singular for one file', () => {
    expect(formatProgress({ rowsWritten: 0, filesDone: 0 })).toBe('0 rows written · 0 files done');
    expect(formatProgress({ rowsWritten: 1234567, filesDone: 1 })).toBe('1,234,567 rows written · 1 file done');
    expect(formatProgress({ rowsWritten: 10, filesDone: 2 })).toBe('10 rows written · 2 files done');
  });
});

describe('formatCell', () => {
  it('dates as calendar days, empty for null, numbers and text as they are', () => {
    expect(formatCell(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
    expect(formatCell(null)).toBe('');
    expect(formatCell(undefined)).toBe('');
    expect(formatCell(1234.5)).toBe('1234.5');
    expect(formatCell('oil')).toBe('oil');
    expect(formatCell(12n)).toBe('12');
  });
});
