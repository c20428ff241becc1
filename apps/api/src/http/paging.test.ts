import { describe, expect, it } from 'vitest';
import { linkHeader, sortOf } from './paging';

const BASE = 'https://api.example.com';
const REQ = 'http://10.0.0.7:4000/v1/projects';

describe('linkHeader', () => {
  it('first page with a next page: next and first only', () => {
    expect(linkHeader(BASE, `${REQ}?take=10`, { skip: 0, take: 10, sort: 'id' }, true)).toBe(
      `<${BASE}/v1/projects?skip=10&take=10>;rel="next",<${BASE}/v1/projects?skip=0&take=10>;rel="first"`,
    );
  });

  it('the only page: first only, with the default take written out', () => {
    expect(linkHeader(BASE, REQ, { skip: 0, take: 25, sort: 'id' }, false)).toBe(
      `<${BASE}/v1/projects?skip=0&take=25>;rel="first"`,
    );
  });

  it('middle page: next, prev and first, in that order, with no space after the commas', () => {
    const link = linkHeader(BASE, `${REQ}?skip=20&take=10`, { skip: 20, take: 10, sort: 'id' }, true);
    expect(link).toBe(
      `<${BASE}/v1/projects?skip=30&take=10>;rel="next",<${BASE}/v1/projects?skip=10&take=10>;rel="prev",<${BASE}/v1/projects?skip=0&take=10>;rel="first"`,
    );
    expect(link).not.toMatch(/,\s/);
  });

  it('last page: prev and first', () => {
    expect(linkHeader(BASE, `${REQ}?skip=40&take=10`, { skip: 40, take: 10, sort: 'id' }, false)).toBe(
      `<${BASE}/v1/projects?skip=30&take=10>;rel="prev",<${BASE}/v1/projects?skip=0&take=10>;rel="first"`,
    );
  });

  it('prev never goes below 0 when skip is not a multiple of take', () => {
    expect(linkHeader(BASE, `${REQ}?skip=3&take=10`, { skip: 3, take: 10, sort: 'id' }, false)).toBe(
      `<${BASE}/v1/projects?skip=0&take=10>;rel="prev",<${BASE}/v1/projects?skip=0&take=10>;rel="first"`,
    );
  });

  it('keeps other query parameters (sort, unused ones) after skip and take, encoded', () => {
    const req = `${REQ}/abc/wells?sort=-wellName&take=2&skip=2&note=a%20b&tag=x&tag=y`;
    const q = 'sort=-wellName&note=a+b&tag=x&tag=y';
    expect(linkHeader(BASE, req, { skip: 2, take: 2, sort: '-wellName' }, true)).toBe(
      [
        `<${BASE}/v1/projects/abc/wells?skip=4&take=2&${q}>;rel="next"`,
        `<${BASE}/v1/projects/abc/wells?skip=0&take=2&${q}>;rel="prev"`,
        `<${BASE}/v1/projects/abc/wells?skip=0&take=2&${q}>;rel="first"`,
      ].join(','),
    );
  });

  it('uses the public base URL, not the host the request reached', () => {
    const link = linkHeader(BASE, 'http://internal:9999/v1/projects?skip=0', { skip: 0, take: 25, sort: 'id' }, false);
    expect(link).toBe(`<${BASE}/v1/projects?skip=0&take=25>;rel="first"`);
    expect(link).not.toContain('internal');
  });
});

describe('sortOf', () => {
  it('reads field and direction', () => {
    expect(sortOf('name')).toEqual({ field: 'name', desc: false });
    expect(sortOf('-name')).toEqual({ field: 'name', desc: true });
  });
});
