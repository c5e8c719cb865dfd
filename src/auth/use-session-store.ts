import { useContext } from 'react';
import { SessionContext } from './session-context';
import type { SessionStore } from './session-store';

/** The store itself, for auth pages that need more than useSession (e.g. a renewed token). */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession needs a SessionProvider above it.');
  return store;
}
