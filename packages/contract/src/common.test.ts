import { describe, expect, it } from 'vitest';
import {
  DATE_MAX,
  DATE_MIN,
  DateString,
  ObjectId,
  pagingQuery,
  TAKE_DEFAULT,
  TAKE_MAX,
  TAKE_MAX_LARGE,
} from './common';
import { WELL_SORT } from './resources';

describe('DateString', () => {
  it.each(['1900-01-01', '2262-04-01', '2024-02-29', '2000-02-29', '2023-12-31'])('accepts %s', (s) => {
    expect(DateString.safeParse(s).success).toBe(true);
  });

  it.each([
    ['1899-12-31', 'before the range'],
    ['2262-04-02', 'after the range'],
    ['2023-02-30', 'not a real date'],
    ['2023-02-29', 'not a leap year'],
    ['1900-02-29', 'not a leap year (century)'],
    ['2023-13-01', 'month 13'],
    ['2023-04-31', 'April 31'],
    ['2023-1-01', 'one-digit month'],
    ['2023-01-1', 'one-digit day'],
    ['20230101', 'no dashes'],
    ['2023-01-01T00:00:00Z', 'a timestamp'],
    [' 2023-01-01', 'leading space'],
    ['', 'empty'],
  ])('rejects %s (%s)', (s) => {
    expect(DateString.safeParse(s).success).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(DateString.safeParse(20230101).success).toBe(false);
    expect(DateString.safeParse(null).success).toBe(false);
  });

  it('names the rule that failed', () => {
    const range = DateString.safeParse('1899-12-31');
    expect(range.error?.issues.map((i) => i.message)).toEqual([`must lie between ${DATE_MIN} and ${DATE_MAX}`]);
    const real = DateString.safeParse('2023-02-30');
    expect(real.error?.issues.map((i) => i.message)).toEqual(['must be a real calendar date']);
  });
});

describe('ObjectId', () => {
  it('accepts 24 lowercase hex characters only', () => {
    expect(ObjectId.safeParse('6523f1a2b4c5d6e7f8091a2b').success).toBe(true);
    expect(ObjectId.safeParse('6523F1A2B4C5D6E7F8091A2B').success).toBe(false);
    expect(ObjectId.safeParse('6523f1a2b4c5d6e7f8091a2').success).toBe(false);
    expect(ObjectId.safeParse('6523f1a2b4c5d6e7f8091a2bc').success).toBe(false);
  });
});

describe('pagingQuery', () => {
  const q = pagingQuery(['id', 'name'] as const, TAKE_MAX);

  it('defaults skip 0, take 25 and the first sort field', () => {
    expect(TAKE_DEFAULT).toBe(25);
    expect(q.parse({})).toEqual({ skip: 0, take: 25, sort: 'id' });
  });

  it('coerces query strings and accepts field and -field', () => {
    expect(q.parse({ skip: '40', take: '200', sort: '-name' })).toEqual({ skip: 40, take: 200, sort: '-name' });
    expect(q.parse({ take: '1', sort: 'name' })).toEqual({ skip: 0, take: 1, sort: 'name' });
  });

  it('refuses take above the maximum, naming it', () => {
    const r = q.safeParse({ take: '201' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['take'], code: 'too_big', maximum: 200 });
    expect(r.error?.issues[0]?.message).toContain('200');
  });

  it('has its own maximum per list: 1000 for project wells', () => {
    expect(TAKE_MAX).toBe(200);
    expect(TAKE_MAX_LARGE).toBe(1000);
    const wells = pagingQuery(WELL_SORT, TAKE_MAX_LARGE);
    expect(wells.parse({ take: '1000' }).take).toBe(1000);
    const r = wells.safeParse({ take: '1001' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('1000');
    expect(wells.parse({ sort: '-wellName' }).sort).toBe('-wellName');
  });

  it.each([
    [{ take: '0' }, 'take'],
    [{ take: '-5' }, 'take'],
    [{ take: '2.5' }, 'take'],
    [{ take: 'ten' }, 'take'],
    [{ skip: '-1' }, 'skip'],
    [{ skip: '1.5' }, 'skip'],
    [{ skip: 'x' }, 'skip'],
    [{ sort: 'color' }, 'sort'],
    [{ sort: '--name' }, 'sort'],
    [{ sort: '+name' }, 'sort'],
  ])('refuses %o naming %s', (input, field) => {
    const r = q.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([field]);
  });

  it('ignores keys it does not know', () => {
    expect(q.parse({ unused: 'x' })).toEqual({ skip: 0, take: 25, sort: 'id' });
  });
});
