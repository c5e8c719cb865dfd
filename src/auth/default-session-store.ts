import { sessionBackend } from './auth-api';
import { createSessionStore, type SessionStore } from './session-store';

let store: SessionStore | undefined;

/** The app's one session store, made on first use (after storage is available, i.e. in the browser). */
export function defaultSessionStore(): SessionStore {
  store ??= createSessionStore({ backend: sessionBackend, storages: { persistent: window.localStorage, perSession: window.sessionStorage } });
  return store;
}
