import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/**
 * Which form paths show their error somewhere on the page right now (a field, a one-of group, an
 * object's `FieldError`): errors of the service for those paths go next to them, the others to
 * the banner, so no error is set where nobody would see it.
 */
export class ErrorSlots {
  private readonly counts = new Map<string, number>();
  add(path: string): () => void {
    this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
    return () => {
      const n = (this.counts.get(path) ?? 1) - 1;
      if (n > 0) this.counts.set(path, n);
      else this.counts.delete(path);
    };
  }
  has = (path: string): boolean => this.counts.has(path);
}

const Context = createContext<ErrorSlots | null>(null);

/** Gives the fields below a registry of the paths they show. */
export function ErrorSlotsProvider({ children }: { children: (slots: ErrorSlots) => ReactNode }) {
  const [slots] = useState(() => new ErrorSlots());
  return <Context.Provider value={slots}>{children(slots)}</Context.Provider>;
}

/** Marks `path` as shown while the calling component is mounted. */
export function useErrorSlot(path: string): void {
  const slots = useContext(Context);
  useEffect(() => slots?.add(path), [slots, path]);
}
