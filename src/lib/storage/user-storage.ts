import { browserStorage } from './browser-storage';

/** Application id of spec 1 §3: every local-storage key starts with it and the user id. */
export const APPLICATION_ID = 'mate';

/** The local-storage key of a user's setting: `mate.<userId>.<name>`. */
export function userStorageKey(userId: string | number, name: string): string {
  return `${APPLICATION_ID}.${userId}.${name}`;
}

function storage(): Storage {
  return browserStorage('local');
}

/** A user's stored JSON value, or undefined when absent or unreadable (a broken entry must not break the shell). */
export function readUserValue<T>(userId: string | number, name: string): T | undefined {
  const text = storage()?.getItem(userStorageKey(userId, name));
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Stores a user's JSON value; a full or blocked storage is ignored, the value then lives for the session only. */
export function writeUserValue(userId: string | number, name: string, value: unknown): void {
  try {
    storage()?.setItem(userStorageKey(userId, name), JSON.stringify(value));
  } catch {
    // quota or privacy mode: nothing to do
  }
}
