import { describe, expect, it } from 'vitest';
import { consoleLink, displayState, exportTypeLabel, fileTypeOf, isSettled, previewable, sourceOf } from './state';

const now = new Date('2026-11-22T12:00:00Z');

describe('displayState', () => {
  it('a complete export is valid before expiresAt and expired at and after it', () => {
    expect(displayState({ status: 'complete', expiresAt: '2026-11-22T12:00:01.000Z' }, now)).toBe('valid');
    expect(displayState({ status: 'complete', expiresAt: '2026-11-22T12:00:00.000Z' }, now)).toBe('expired');
    expect(displayState({ status: 'complete', expiresAt: '2026-11-22T11:00:00.000Z' }, now)).toBe('expired');
  });
  it('a running export is running until its expiry', () => {
    expect(displayState({ status: 'running', expiresAt: '2026-11-23T12:00:00.000Z' }, now)).toBe('running');
    expect(displayState({ status: 'running', expiresAt: '2026-11-21T12:00:00.000Z' }, now)).toBe('expired');
  });
  it('failed and expired are final, whatever the clock says', () => {
    expect(displayState({ status: 'failed', expiresAt: '2026-11-23T12:00:00.000Z' }, now)).toBe('failed');
    expect(displayState({ status: 'failed', expiresAt: '2026-11-21T12:00:00.000Z' }, now)).toBe('failed');
    expect(displayState({ status: 'expired', expiresAt: '2026-11-23T12:00:00.000Z' }, now)).toBe('expired');
  });
});

describe('isSettled', () => {
  it('only a running export is polled again', () => {
    expect(isSettled('running')).toBe(false);
    expect(isSettled('complete')).toBe(true);
    expect(isSettled('failed')).toBe(true);
    expect(isSettled('expired')).toBe(true);
  });
});

describe('consoleLink', () => {
  const q = '?X-Expires=1795435200&X-Signature=ab12';
  it('keeps path and query from /downloads/exports/ on, dropping the API host', () => {
    expect(consoleLink(`http://127.0.0.1:4000/downloads/exports/e1/f-part-0001.parquet${q}`)).toBe(
      `/downloads/exports/e1/f-part-0001.parquet${q}`,
    );
  });
  it('drops a path prefix of PUBLIC_BASE_URL too', () => {
    expect(consoleLink(`https://example.com/econ-api/downloads/exports/e1/a.parquet${q}`)).toBe(
      `/downloads/exports/e1/a.parquet${q}`,
    );
  });
  it('refuses any other link', () => {
    expect(() => consoleLink('https://evil.example/steal')).toThrow(/Not an export link/);
    expect(() => consoleLink('http://api/downloads/credentials/abc')).toThrow(/Not an export link/);
    expect(() => consoleLink('http://api/downloads/exports/e1/a/b.parquet')).toThrow(/Not an export link/);
  });
});

describe('exportTypeLabel', () => {
  it('names the known types and passes unknown ones through', () => {
    expect(exportTypeLabel('monthlyForecastVolumeExport')).toBe('Monthly forecast volumes');
    expect(exportTypeLabel('other')).toBe('other');
  });
});

describe('the workbook type', () => {
  it('is an econ run export of fileType xlsx, labelled, downloaded but not previewed', () => {
    expect(sourceOf('econWorkbookExport')).toBe('econRun');
    expect(sourceOf('econMonthlyExport')).toBe('econRun');
    expect(sourceOf('dailyForecastVolumeExport')).toBe('forecast');
    expect(fileTypeOf('econWorkbookExport')).toBe('xlsx');
    expect(fileTypeOf('econMonthlyExport')).toBe('parquet');
    expect(exportTypeLabel('econWorkbookExport')).toBe('Econ run workbook (.xlsx)');
    expect(previewable('econ-workbook-e1.xlsx')).toBe(false);
    expect(previewable('econ-monthly-e1-part-0001.parquet')).toBe(true);
  });
});
