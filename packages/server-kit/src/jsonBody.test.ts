import { describe, expect, it } from 'vitest';
import { nestingDepth, strictUtf8 } from './jsonBody';

describe('JSON body checks', () => {
  it('counts nesting outside strings only, escaped quotes included', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('[[{"a":[1]}]]')).toBe(4);
    expect(nestingDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(nestingDepth('{"a":"\\"[[["}')).toBe(1);
    expect(nestingDepth('['.repeat(10_000))).toBe(10_000);
  });

  it('decodes UTF-8 strictly: invalid bytes are refused, not replaced', () => {
    expect(strictUtf8(new TextEncoder().encode('{"n":"é💥"}').buffer as ArrayBuffer)).toBe('{"n":"é💥"}');
    expect(strictUtf8(new Uint8Array([0x7b, 0xff, 0x7d]).buffer)).toBeUndefined();
    expect(strictUtf8(new Uint8Array([0xed, 0xa0, 0x80]).buffer)).toBeUndefined(); // a lone surrogate
  });
});
