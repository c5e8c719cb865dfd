import { useEffect, type ReactNode } from 'react';
import { defaultSessionStore } from './default-session-store';
import { SessionContext } from './session-context';
import type { SessionStore } from './session-store';

/** Provides the session and checks the stored token once at start. Tests pass their own store. */
export function SessionProvider({ children, store }: { children: ReactNode; store?: SessionStore }) {
  const value = store ?? defaultSessionStore();
  useEffect(() => {
    void value.restore();
  }, [value]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
