import { createContext } from 'react';
import type { SessionStore } from './session-store';

/** The store SessionProvider hands down; null outside a provider. */
export const SessionContext = createContext<SessionStore | null>(null);
