import type { EconRun } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { chosenRun, isSettled, newestFirst, progressText, runLabel } from './runs';

const run = (id: string, runDate: string, status: EconRun['status'], forecast: string | null = 'f1'): EconRun => ({
  id: id.padStart(24, '0'),
  project: 'p'.repeat(24),
  scenario: 's'.repeat(24),
  status,
  runDate,
  forecast,
  qualifiers: {},
  combos: [{ comboName: 'default', qualifiers: {} }],
  progress: { wellsTotal: 12, wellsDone: 3, wellsFailed: 0 },
  incomeTax: false,
  createdAt: runDate,
  updatedAt: runDate,
});

describe('runs', () => {
  it('polls pending and running runs only', () => {
    expect(isSettled('pending')).toBe(false);
    expect(isSettled('running')).toBe(false);
    expect(isSettled('complete')).toBe(true);
    expect(isSettled('failed')).toBe(true);
  });
  it('says how far a run is, with the failed wells when there are any', () => {
    expect(progressText({ wellsTotal: 1200, wellsDone: 30, wellsFailed: 0 })).toBe('30 of 1,200 wells done');
    expect(progressText({ wellsTotal: 12, wellsDone: 12, wellsFailed: 2 })).toBe('12 of 12 wells done · 2 failed');
  });
  it('labels a run with its UTC minute, state and forecast', () => {
    const r = run('1', '2026-11-22T13:05:42.123Z', 'complete');
    expect(runLabel(r, (id) => (id === 'f1' ? 'Demo forecast' : '?'))).toBe(
      '2026-11-22 13:05 UTC · complete · Demo forecast',
    );
  });
  const a = run('a', '2026-11-20T10:00:00.000Z', 'complete');
  const b = run('b', '2026-11-21T10:00:00.000Z', 'failed');
  const c = run('c', '2026-11-22T10:00:00.000Z', 'running');
  it('sorts newest first', () => {
    expect(newestFirst([a, c, b]).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
  });
  it('shows the run of the address, else the newest complete one, else the newest', () => {
    expect(chosenRun([a, b, c], b.id)).toBe(b);
    expect(chosenRun([a, b, c], 'f'.repeat(24))).toBe(a);
    expect(chosenRun([a, b, c], undefined)).toBe(a);
    expect(chosenRun([b, c], undefined)).toBe(c);
    expect(chosenRun([], undefined)).toBeUndefined();
  });
});
