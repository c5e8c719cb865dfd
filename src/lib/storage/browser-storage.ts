/**
 * The browser's localStorage and sessionStorage, or a stand-in in memory where the browser refuses them. A page
 * framed by another site (the `/e` layout in an iframe) with third-party storage blocked throws a SecurityError on
 * the mere property access, as do browsers with site data turned off; the app then keeps its settings and session
 * for the page's life instead of failing to start.
 */
export type StorageKind = 'local' | 'session';

/** A Storage in memory, with the Web Storage interface the app uses. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

const chosen = new Map<StorageKind, Storage>();

/** Reads the browser's storage of a kind; undefined where it does not exist or access is refused. */
function accessible(kind: StorageKind): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    // Some browsers hand out a storage whose every call throws (blocked cookies); touching it once tells.
    storage.getItem('mate.probe');
    return storage;
  } catch {
    return undefined;
  }
}

/** The browser's storage of a kind, or one in memory for the page's life when the browser refuses it. */
export function browserStorage(kind: StorageKind): Storage {
  let storage = chosen.get(kind);
  if (!storage) {
    storage = accessible(kind) ?? new MemoryStorage();
    chosen.set(kind, storage);
  }
  return storage;
}

/** Writes a value; a full storage (quota) is ignored, the value then lasts for the page's life in the caller's state. */
export function storeItem(kind: StorageKind, key: string, value: string | null): void {
  try {
    if (value === null) browserStorage(kind).removeItem(key);
    else browserStorage(kind).setItem(key, value);
  } catch {
    // quota exceeded or storage turned off mid-session
  }
}
