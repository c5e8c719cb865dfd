import { configureApi } from '../lib/api/api-client';
import { defaultSessionStore } from './default-session-store';
import type { SessionStore } from './session-store';

/**
 * Plugs the session into the one fetch layer: every call asks for the token first, which checks expiry with the
 * 5 s margin and, when expired, waits for the re-login dialog before the call proceeds (spec 1 §4).
 * Call once at start, before the first call that needs a user.
 */
export function configureSessionForApi(store: SessionStore = defaultSessionStore()): void {
  configureApi({ getToken: () => store.getToken() });
}
