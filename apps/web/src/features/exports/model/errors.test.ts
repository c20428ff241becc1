import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import { placeExportError } from './errors';

const detail = (field: string, message: string) => ({ field, rule: 'x', value: null, message }) as never;

describe('placeExportError', () => {
  it('a 400 puts each detail on its field (first message wins), named by its label, and nothing in the banner', () => {
    const e = new HttpError(400, 'ValidationError', 'invalid', [
      detail('expirationHours', 'expirationHours must be an integer from 1 to 168'),
      detail('forecastId', 'forecastId is required'),
      detail('forecastId', 'second message'),
    ]);
    expect(placeExportError(e)).toEqual({
      fields: {
        expirationHours: 'Link lifetime must be an integer from 1 to 168 hours',
        forecastId: 'Forecast is required',
      },
      banner: undefined,
    });
  });
  it('details on no form field go to the banner with their message, the field named', () => {
    const e = new HttpError(400, 'ValidationError', 'invalid', [
      detail('forecastId', 'forecastId is required'),
      detail('wellIds', 'wellIds is not a field of this export'),
    ]);
    const placed = placeExportError(e);
    expect(placed.fields).toEqual({ forecastId: 'Forecast is required' });
    expect(placed.banner).toBeInstanceOf(HttpError);
    expect((placed.banner as HttpError).message).toBe('Well ids is not a field of this export');
  });
  it('404 and 409 are banner messages in the API’s words', () => {
    const notFound = new HttpError(404, 'NotFound', 'Forecast 6523f1a2b4c5d6e7f8091a2c not found in project 6523…');
    expect(placeExportError(notFound)).toEqual({ fields: {}, banner: notFound });
    const conflict = new HttpError(409, 'Conflict', 'Econ run 6523… is running, not complete');
    expect(placeExportError(conflict)).toEqual({ fields: {}, banner: conflict });
  });
  it('a 409 on the run: its message in the banner and its detail on the run field', () => {
    const conflict = new HttpError(409, 'Conflict', 'Econ run 6523f1a2b4c5d6e7f8091a2e is running, not complete', [
      detail('econRunId', 'the run is running'),
    ]);
    expect(placeExportError(conflict)).toEqual({ fields: { econRunId: 'The run is running' }, banner: conflict });
  });
  it('a 400 without details and any other error go to the banner', () => {
    const bare = new HttpError(400, 'ValidationError', 'Malformed JSON');
    expect(placeExportError(bare).banner).toBe(bare);
    const network = new TypeError('Failed to fetch');
    expect(placeExportError(network)).toEqual({ fields: {}, banner: network });
  });
});
