import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { FieldLabel } from '../../../lib/formErrors';

/**
 * Which form paths show their error somewhere on the page right now (a field, a one-of group, an
 * object's `FieldError`): errors of the service for those paths go next to them, the others to
 * the banner, so no error is set where nobody would see it. Each slot also says its field's label,
 * which the messages of that path use (`label`: the form's label map, decision 057).
 */
export class ErrorSlots {
  private readonly counts = new Map<string, number>();
  private readonly labels = new Map<string, FieldLabel>();
  add(path: string, label?: FieldLabel): () => void {
    this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
    if (label) this.labels.set(path, label);
    return () => {
      const n = (this.counts.get(path) ?? 1) - 1;
      if (n > 0) this.counts.set(path, n);
      else {
        this.counts.delete(path);
        this.labels.delete(path);
      }
    };
  }
  has = (path: string): boolean => this.counts.has(path);
  /** The label of the field shown at `path`, if one is. */
  label = (path: string): FieldLabel | undefined => this.labels.get(path);
}

const Context = createContext<ErrorSlots | null>(null);

/** Gives the fields below a registry of the paths they show. */
export function ErrorSlotsProvider({ children }: { children: (slots: ErrorSlots) => ReactNode }) {
  const [slots] = useState(() => new ErrorSlots());
  return <Context.Provider value={slots}>{children(slots)}</Context.Provider>;
}

/** Marks `path` as shown (with its field's label) while the calling component is mounted. */
export function useErrorSlot(path: string, label?: string, unit?: string): void {
  const slots = useContext(Context);
  useEffect(() => slots?.add(path, label ? { label, unit } : undefined), [slots, path, label, unit]);
}
