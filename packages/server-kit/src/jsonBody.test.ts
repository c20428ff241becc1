import { describe, expect, it } from 'vitest';
import {
  decodeJsonBody,
  hasLoneSurrogate,
  mayHoldSurrogateEscape,
  nestingDepth,
  strictUtf8,
  stringPathWhere,
} from './jsonBody';

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

  it('finds lone surrogates, and only them: a pair is one character', () => {
    for (const text of ['"\\ud800"', '"a\\uDFFFb"', '"\\udc00\\ud800"', '"x\\ud83d"']) {
      expect(mayHoldSurrogateEscape(text), text).toBe(true);
      expect(hasLoneSurrogate(JSON.parse(text) as string), text).toBe(true);
    }
    expect(hasLoneSurrogate(JSON.parse('"\\ud83d\\ude00"') as string)).toBe(false);
    expect(hasLoneSurrogate('é💥 plain')).toBe(false);
    expect(mayHoldSurrogateEscape('"\\u00e9 \\ue000"')).toBe(false);
  });

  it('names the path of the first flagged string or key', () => {
    const bad = (s: string) => s.includes('!');
    expect(stringPathWhere({ a: [{ b: 'ok' }, { c: 'no!' }] }, bad)).toBe('a[1].c');
    expect(stringPathWhere([{ 'k!': 1 }], bad)).toBe('[0].k!');
    expect(stringPathWhere('!', bad)).toBe('');
    expect(stringPathWhere({ a: 1, b: [true, null, 'fine'] }, bad)).toBeUndefined();
  });

  it('decodes a body or names the rule it breaks', () => {
    const enc = (t: string) => new TextEncoder().encode(t).buffer as ArrayBuffer;
    expect(decodeJsonBody(enc('[{"a":"é \\ud83d\\ude00"}]'))).toEqual({ ok: true, value: [{ a: 'é 😀' }] });
    const rule = (bytes: ArrayBuffer, opts = {}) => {
      const r = decodeJsonBody(bytes, opts);
      return r.ok ? 'ok' : `${r.problem.detail.field}|${r.problem.detail.rule}`;
    };
    expect(rule(new Uint8Array([0x22, 0xff, 0x22]).buffer)).toBe('|utf-8');
    expect(rule(enc('['.repeat(65) + ']'.repeat(65)))).toBe('|max depth 64');
    expect(rule(enc('{"a":'))).toBe('|json');
    expect(rule(enc('{"a":["x\\ud800"]}'))).toBe('a[0]|unicode');
    expect(rule(enc('{"a":"x\\u0000"}'))).toBe('ok');
    expect(rule(enc('{"a":"x\\u0000"}'), { refuseNul: true })).toBe('a|no NUL');
  });
});
