import { sessionBackend } from './auth-api';
import { browserTabChannel } from './tab-session-share';
import { createSessionStore, type SessionStore } from './session-store';
import { browserStorage } from '../lib/storage/browser-storage';

let store: SessionStore | undefined;

/** The app's one session store, made on first use (after storage is available, i.e. in the browser). */
export function defaultSessionStore(): SessionStore {
  store ??= createSessionStore({ backend: sessionBackend, storages: { persistent: browserStorage('local'), perSession: browserStorage('session') }, tabs: browserTabChannel() });
  return store;
}
