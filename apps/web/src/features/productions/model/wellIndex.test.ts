import { describe, expect, it } from 'vitest';
import { type IndexedWell, normalizeApi, WellIndex } from './wellIndex';

const well = (n: number, more: Partial<IndexedWell> = {}): IndexedWell => ({
  id: `${'0'.repeat(23)}${n}`,
  wellName: `Demo ${n}H`,
  chosenID: `CH-${n}`,
  dataSource: 'internal',
  api14: `4230112345${n}${n}00`,
  ...more,
});

describe('normalizeApi', () => {
  it('drops dashes, spaces and dots and keeps 10, 12 or 14 digits', () => {
    expect(normalizeApi('42-301-12345-00-00')).toBe('42301123450000');
    expect(normalizeApi(' 42 301 12345 ')).toBe('4230112345');
    expect(normalizeApi('42.301.12345.01')).toBe('423011234501');
  });
  it('refuses other lengths and letters', () => {
    expect(normalizeApi('423011234')).toBeUndefined();
    expect(normalizeApi('4230112345000')).toBeUndefined();
    expect(normalizeApi('42-301-1234X')).toBeUndefined();
  });
});

describe('WellIndex', () => {
  const a = well(1);
  const b = well(2, { api14: '42301123450100' });
  const index = new WellIndex([a, b]);

  it('finds a well by id, chosen ID (any case), API 14/12 and name (any case and spacing)', () => {
    expect(index.find(a.id, 'id')).toEqual({ well: a });
    expect(index.find(' ch-1 ', 'chosenID')).toEqual({ well: a });
    expect(index.find('42-301-12345-11-00', 'api')).toEqual({ well: a });
    expect(index.find('42-301-12345-11', 'api')).toEqual({ well: a });
    expect(index.find('demo   1h', 'wellName')).toEqual({ well: a });
  });
  it('says "ambiguous" when an API 10 names two wells (two sidetracks), and "unknown" when nothing matches', () => {
    const twins = new WellIndex([well(1, { api14: '42301123450000' }), well(2, { api14: '42301123450100' })]);
    expect(twins.find('4230112345', 'api')).toEqual({ error: 'ambiguous', candidates: 2 });
    expect(index.find('CH-9', 'chosenID')).toEqual({ error: 'unknown', candidates: 0 });
    expect(index.find('', 'auto')).toEqual({ error: 'unknown', candidates: 0 });
  });
  it('matches only the chosen kind: a name is not looked up as a chosen ID', () => {
    expect(index.find('Demo 1H', 'chosenID')).toEqual({ error: 'unknown', candidates: 0 });
  });
  it('in auto, takes the first kind naming exactly one well (id, chosen ID, API, name)', () => {
    expect(index.find('CH-2', 'auto')).toEqual({ well: b });
    expect(index.find('42301123450100', 'auto')).toEqual({ well: b });
    expect(index.find('Demo 2H', 'auto')).toEqual({ well: b });
  });
  it('prefers the exact chosen ID when two wells differ only by case', () => {
    const lower = well(3, { chosenID: 'abc' });
    const upper = well(4, { chosenID: 'ABC' });
    const i = new WellIndex([lower, upper]);
    expect(i.find('ABC', 'chosenID')).toEqual({ well: upper });
    expect(i.find('Abc', 'chosenID')).toEqual({ error: 'ambiguous', candidates: 2 });
  });
});
