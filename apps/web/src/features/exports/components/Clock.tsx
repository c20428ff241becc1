import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const NowContext = createContext<Date | null>(null);

/**
 * One clock for the whole page: a single one-second timer, read by every countdown and state
 * badge below it (no timer per file or per row).
 */
export function ClockProvider({ children }: { children: ReactNode }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/** The page clock's current time (the real time outside a ClockProvider). */
export function useNow(): Date {
  return useContext(NowContext) ?? new Date();
}
