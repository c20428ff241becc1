import { describe, expect, it } from 'vitest';
import { ScenarioSearch } from './search';

describe('ScenarioSearch', () => {
  it('fills the defaults', () => {
    expect(ScenarioSearch.parse({})).toEqual({
      wskip: 0,
      wtake: 25,
      wsort: 'wellName',
      q: 'default',
      skip: 0,
      take: 25,
      sort: 'wellName',
    });
  });
  it('keeps good values', () => {
    const id = 'a'.repeat(24);
    const s = ScenarioSearch.parse({
      wsort: '-wellName',
      q: 'high',
      run: id,
      well: id,
      sort: '-secondDiscountNpv',
      skip: 50,
    });
    expect(s).toMatchObject({ wsort: '-wellName', q: 'high', run: id, well: id, sort: '-secondDiscountNpv', skip: 50 });
  });
  it('falls back on bad values', () => {
    const s = ScenarioSearch.parse({ wsort: 'api14', q: '  ', run: 'nope', sort: 'npv', take: 5000, skip: -1 });
    expect(s).toMatchObject({ wsort: 'wellName', q: 'default', run: undefined, sort: 'wellName', take: 25, skip: 0 });
  });
});
