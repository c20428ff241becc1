import { describe, expect, it } from 'vitest';
import { byteaFromHex, byteaToHex } from './database';

describe('the bytea codec given to PGlite', () => {
  it('writes and reads PostgreSQL’s hex format, as PGlite’s own codec does', () => {
    const bytes = Uint8Array.from([0, 255, 16, 1]);
    expect(byteaToHex(bytes)).toBe('\\x00ff1001');
    expect(Array.from(byteaFromHex('\\x00ff1001'))).toEqual([0, 255, 16, 1]);
    // A view into a larger buffer writes its own bytes only.
    const view = new Uint8Array(Uint8Array.from([9, 9, 7, 8, 9]).buffer, 2, 2);
    expect(byteaToHex(view)).toBe('\\x0708');
    const floats = Float64Array.from([1.5, -2.25, 1e300]);
    const back = byteaFromHex(byteaToHex(new Uint8Array(floats.buffer)));
    expect(Array.from(new Float64Array(Uint8Array.from(back).buffer))).toEqual([1.5, -2.25, 1e300]);
    expect(() => byteaToHex('x')).toThrow('Invalid input for bytea type');
  });
});
