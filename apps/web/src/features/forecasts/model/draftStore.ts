import { useSyncExternalStore } from 'react';
import type { Draft } from './drafts';

/**
 * Unsaved drafts, per forecast and combination, for the life of the page: switching well, phase
 * or series (or leaving the forecast and coming back) keeps them; a reload or signing out drops
 * them. Each change replaces the forecast's map, so a snapshot never changes under React.
 */
const byForecast = new Map<string, ReadonlyMap<string, Draft>>();
const listeners = new Set<() => void>();
const EMPTY: ReadonlyMap<string, Draft> = new Map();

const emit = () => {
  for (const l of listeners) l();
};

export function draftsOf(forecastId: string): ReadonlyMap<string, Draft> {
  return byForecast.get(forecastId) ?? EMPTY;
}

export function putDraft(forecastId: string, key: string, draft: Draft): void {
  byForecast.set(forecastId, new Map(draftsOf(forecastId)).set(key, draft));
  emit();
}

export function dropDrafts(forecastId: string, keys: readonly string[]): void {
  const next = new Map(draftsOf(forecastId));
  for (const k of keys) next.delete(k);
  byForecast.set(forecastId, next);
  emit();
}

/** Forgets every draft (on sign-out: the next user of this browser must not see them). */
export function clearAllDrafts(): void {
  byForecast.clear();
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The drafts of one forecast, by combination key; re-renders when they change. */
export function useDrafts(forecastId: string): ReadonlyMap<string, Draft> {
  return useSyncExternalStore(subscribe, () => draftsOf(forecastId));
}
