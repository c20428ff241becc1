import { describe, expect, it } from 'vitest';
import {
  applyStatus,
  HISTORY_KEY,
  HISTORY_MAX,
  loadHistory,
  parseHistory,
  type SessionExport,
  saveHistory,
  upsert,
} from './history';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const id = (i: number) => i.toString(16).padStart(24, '0');
const entry = (id: string, createdAt: string, over: Partial<SessionExport> = {}): SessionExport => ({
  id,
  exportType: 'monthlyForecastVolumeExport',
  fileType: 'parquet',
  projectId: 'c'.repeat(24),
  forecastId: 'd'.repeat(24),
  status: 'running',
  rowsWritten: 0,
  filesDone: 0,
  files: [],
  fileUrls: [],
  expiresAt: '2026-11-23T12:00:00.000Z',
  createdAt,
  updatedAt: createdAt,
  projectName: 'Permian Basin Demo',
  sourceName: 'Demo deterministic forecast',
  ...over,
});

describe('upsert', () => {
  it('puts the newest first and replaces an entry with the same id', () => {
    const a = entry(A, '2026-11-22T10:00:00.000Z');
    const b = entry(B, '2026-11-22T11:00:00.000Z');
    expect(upsert(upsert([], a), b).map((e) => e.id)).toEqual([B, A]);
    const a2 = { ...a, status: 'complete' as const };
    const list = upsert([b, a], a2);
    expect(list.map((e) => e.id)).toEqual([B, A]);
    expect(list[1]!.status).toBe('complete');
  });
  it(`keeps at most ${HISTORY_MAX}`, () => {
    let list: SessionExport[] = [];
    for (let i = 0; i < HISTORY_MAX + 5; i++) {
      list = upsert(list, entry(id(i), new Date(Date.UTC(2026, 10, 22, 0, i)).toISOString()));
    }
    expect(list).toHaveLength(HISTORY_MAX);
    expect(list[0]!.id).toBe(id(HISTORY_MAX + 4));
    expect(list.at(-1)!.id).toBe(id(5));
  });
});

describe('applyStatus', () => {
  it('takes the polled fields and keeps the names', () => {
    const list = [entry(A, '2026-11-22T10:00:00.000Z')];
    const {
      projectName: _p,
      sourceName: _s,
      ...status
    } = entry(A, '2026-11-22T10:00:00.000Z', {
      status: 'complete',
      rowsWritten: 42,
      filesDone: 1,
      files: [
        { name: 'f.parquet', rows: 42, bytes: 1000, url: `http://api.test/downloads/exports/${A}/f.parquet?x=1` },
      ],
    });
    const [next] = applyStatus(list, status);
    expect(next).toMatchObject({
      status: 'complete',
      rowsWritten: 42,
      filesDone: 1,
      projectName: 'Permian Basin Demo',
    });
    expect(next!.files).toHaveLength(1);
    expect(applyStatus(list, { ...status, id: 'ffffffffffffffffffffffff' })).toEqual(list);
  });
});

describe('storage', () => {
  it('round-trips through sessionStorage-like storage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const list = [entry(A, '2026-11-22T10:00:00.000Z')];
    saveHistory(list, storage);
    expect(store.has(HISTORY_KEY)).toBe(true);
    expect(loadHistory(storage)).toEqual(list);
  });
  it('anything unreadable is an empty list', () => {
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory('[{"id":"x"}]')).toEqual([]);
  });
});
