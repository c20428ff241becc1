import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from './pgErrors';

describe('isUniqueViolation', () => {
  it('finds code 23505 on the error or its cause, filtered by constraint when named', () => {
    const driver = Object.assign(new Error('dup'), { code: '23505', constraint: 'lookup_tables_project_name_uq' });
    const wrapped = Object.assign(new Error('Failed query'), { cause: driver });
    expect(isUniqueViolation(driver)).toBe(true);
    expect(isUniqueViolation(wrapped, 'lookup_tables_project_name_uq')).toBe(true);
    expect(isUniqueViolation(wrapped, 'other_uq')).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('isForeignKeyViolation', () => {
  it('finds code 23503 on the error or its cause', () => {
    const fk = Object.assign(new Error('fk'), { code: '23503' });
    expect(isForeignKeyViolation(fk)).toBe(true);
    expect(isForeignKeyViolation(new Error('wrapped', { cause: fk }))).toBe(true);
    expect(isForeignKeyViolation(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isForeignKeyViolation(undefined)).toBe(false);
  });
});
