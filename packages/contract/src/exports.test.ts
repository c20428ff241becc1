import { describe, expect, it } from 'vitest';
import { issuesOf } from './econModels/testing';
import { EXPIRATION_HOURS_DEFAULT, ExportRequest, ExportRequestType } from './exports';

const P = '6523f1a2b4c5d6e7f8091a2b';
const F = '6523f1a2b4c5d6e7f8091a2c';
const S = '6523f1a2b4c5d6e7f8091a2d';
const R = '6523f1a2b4c5d6e7f8091a2e';
const monthly = (patch: Record<string, unknown> = {}) => ({
  exportType: 'monthlyForecastVolumeExport',
  fileType: 'parquet',
  projectId: P,
  forecastId: F,
  ...patch,
});
const econ = (patch: Record<string, unknown> = {}) => ({
  exportType: 'econMonthlyExport',
  fileType: 'parquet',
  projectId: P,
  scenarioId: S,
  econRunId: R,
  ...patch,
});

const workbook = (patch: Record<string, unknown> = {}) => ({
  ...econ({ exportType: 'econWorkbookExport' }),
  fileType: 'xlsx',
  ...patch,
});

describe('ExportRequestType', () => {
  it.each([
    ['missing', {}, 'required', 'exportType is required'],
    ['not a string', { exportType: 3 }, 'invalid_type', 'exportType must be a string'],
    ['unknown', { exportType: 'csvExport' }, 'invalid_value', 'exportType must be one of'],
  ])('refuses an exportType %s', (_, body, code, message) => {
    const issues = issuesOf(ExportRequestType, body);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe('exportType');
    expect(issues[0]!.message).toContain(message);
    expect(issues[0]!.message).toContain(
      'econMonthlyExport, dailyForecastVolumeExport, monthlyForecastVolumeExport, econWorkbookExport',
    );
    if (code !== 'required') expect(issues[0]!.rule).toBe(code);
  });
  it('passes any known type and leaves other fields to ExportRequest', () => {
    expect(issuesOf(ExportRequestType, { exportType: 'econMonthlyExport', x: 1 })).toEqual([]);
  });
});

describe('ExportRequest', () => {
  it('accepts each type and defaults expirationHours to 24', () => {
    expect(ExportRequest.parse(monthly())).toEqual({ ...monthly(), expirationHours: EXPIRATION_HOURS_DEFAULT });
    expect(ExportRequest.parse(monthly({ exportType: 'dailyForecastVolumeExport' })).exportType).toBe(
      'dailyForecastVolumeExport',
    );
    expect(ExportRequest.parse(econ({ expirationHours: 168 })).expirationHours).toBe(168);
    expect(ExportRequest.parse(econ({ expirationHours: 1 })).expirationHours).toBe(1);
    expect(ExportRequest.parse(workbook())).toEqual({ ...workbook(), expirationHours: EXPIRATION_HOURS_DEFAULT });
    expect(ExportRequest.parse(workbook({ comboName: ' Low price ' }))).toMatchObject({ comboName: 'Low price' });
  });

  type Case = [what: string, body: unknown, path: string, message: string, rule: string];
  const rejected: Case[] = [
    [
      'a missing fileType',
      monthly({ fileType: undefined }),
      'fileType',
      'fileType is required: one of parquet',
      'invalid_type',
    ],
    [
      'fileType csv',
      monthly({ fileType: 'csv' }),
      'fileType',
      'fileType must be one of parquet (got "csv")',
      'invalid_value',
    ],
    ['a missing projectId', monthly({ projectId: undefined }), 'projectId', 'projectId is required', 'invalid_type'],
    [
      'a malformed projectId',
      monthly({ projectId: 'p1' }),
      'projectId',
      'projectId must be a 24-character hexadecimal id',
      'invalid_format',
    ],
    [
      'a missing forecastId (daily)',
      monthly({ exportType: 'dailyForecastVolumeExport', forecastId: undefined }),
      'forecastId',
      'forecastId is required',
      'invalid_type',
    ],
    [
      'a missing forecastId (monthly)',
      monthly({ forecastId: undefined }),
      'forecastId',
      'forecastId is required',
      'invalid_type',
    ],
    ['a missing scenarioId', econ({ scenarioId: undefined }), 'scenarioId', 'scenarioId is required', 'invalid_type'],
    ['a missing econRunId', econ({ econRunId: undefined }), 'econRunId', 'econRunId is required', 'invalid_type'],
    ['expirationHours 0', monthly({ expirationHours: 0 }), 'expirationHours', 'an integer from 1 to 168', 'too_small'],
    [
      'expirationHours 169',
      monthly({ expirationHours: 169 }),
      'expirationHours',
      'an integer from 1 to 168',
      'too_big',
    ],
    [
      'expirationHours 1.5',
      monthly({ expirationHours: 1.5 }),
      'expirationHours',
      'an integer from 1 to 168',
      'invalid_type',
    ],
    [
      'expirationHours "24"',
      monthly({ expirationHours: '24' }),
      'expirationHours',
      'an integer from 1 to 168',
      'invalid_type',
    ],
    [
      'expirationHours null',
      monthly({ expirationHours: null }),
      'expirationHours',
      'an integer from 1 to 168',
      'invalid_type',
    ],
    [
      'an unknown exportType',
      monthly({ exportType: 'csv' }),
      'exportType',
      'exportType must be one of',
      'invalid_union',
    ],
    ['an unknown field', monthly({ format: 'x' }), '', 'Unrecognized key: "format"', 'unrecognized_keys'],
    [
      'forecastId on an econ export',
      econ({ forecastId: F }),
      '',
      'Unrecognized key: "forecastId"',
      'unrecognized_keys',
    ],
    [
      'scenarioId on a forecast export',
      monthly({ scenarioId: S }),
      '',
      'Unrecognized key: "scenarioId"',
      'unrecognized_keys',
    ],
    ['an array', [monthly()], '', 'the body must be one JSON object', 'invalid_type'],
    [
      'a workbook as parquet',
      workbook({ fileType: 'parquet' }),
      'fileType',
      'fileType must be one of xlsx (got "parquet")',
      'invalid_value',
    ],
    [
      'econ monthly as xlsx',
      econ({ fileType: 'xlsx' }),
      'fileType',
      'fileType must be one of parquet',
      'invalid_value',
    ],
    [
      'a workbook without its run',
      workbook({ econRunId: undefined }),
      'econRunId',
      'econRunId is required',
      'invalid_type',
    ],
    ['a comboName 3', workbook({ comboName: 3 }), 'comboName', 'comboName must be a string', 'invalid_type'],
    ['an empty comboName', workbook({ comboName: '  ' }), 'comboName', 'comboName must not be empty', 'too_small'],
    [
      'a comboName of 101 characters',
      workbook({ comboName: 'x'.repeat(101) }),
      'comboName',
      'at most 100 characters',
      'too_big',
    ],
    [
      'comboName on the Parquet export',
      econ({ comboName: 'a' }),
      '',
      'Unrecognized key: "comboName"',
      'unrecognized_keys',
    ],
  ];
  it.each(rejected)('refuses %s', (_, body, path, message, rule) => {
    const issues = issuesOf(ExportRequest, body);
    expect(issues).toContainEqual({ path, message: expect.stringContaining(message), rule });
  });
});
