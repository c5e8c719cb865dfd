import { sessionBackend } from './auth-api';
import { browserTabChannel } from './tab-session-share';
import { createSessionStore, type SessionStore } from './session-store';

let store: SessionStore | undefined;

/** The app's one session store, made on first use (after storage is available, i.e. in the browser). */
export function defaultSessionStore(): SessionStore {
  store ??= createSessionStore({ backend: sessionBackend, storages: { persistent: window.localStorage, perSession: window.sessionStorage }, tabs: browserTabChannel() });
  return store;
}
