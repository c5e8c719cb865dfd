/** What survives a reload: the token, who it belongs to, and where it was kept. */
export interface StoredSession {
  token: string;
  username: string;
  remember: boolean;
  /** Expiry from the sign-in answer (epoch ms), for tokens that carry no `exp`. */
  expiresAt?: number;
  /** How it was signed in, when through an OpenID provider (the re-login dialog offers that provider again). */
  provider?: 'directory' | 'google';
  /** Set while the session is locked (the lock action, or idle minutes): a reload opens it locked again. */
  locked?: { reason: 'lock' | 'idle'; idleMinutes?: number };
}

/** The two places a token may live: localStorage with remember, sessionStorage without (spec 1 §4). */
export interface SessionStorages {
  persistent: Storage;
  perSession: Storage;
}

export const SESSION_STORAGE_KEY = 'mate.session';

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.token === 'string' && record.token.length > 0 && typeof record.username === 'string';
}

function readFrom(storage: Storage, remember: boolean): StoredSession | undefined {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isStoredSession(parsed)) return { ...parsed, remember };
  } catch {
    // fall through: a damaged entry is dropped below
  }
  storage.removeItem(SESSION_STORAGE_KEY);
  return undefined;
}

/** The stored session, the tab's own one first; a damaged entry is removed, not trusted. */
export function loadStoredSession(storages: SessionStorages): StoredSession | undefined {
  return readFrom(storages.perSession, false) ?? readFrom(storages.persistent, true);
}

/** Keeps the session in exactly one of the two storages, as remember says. */
export function saveStoredSession(storages: SessionStorages, session: StoredSession): void {
  const target = session.remember ? storages.persistent : storages.perSession;
  const other = session.remember ? storages.perSession : storages.persistent;
  other.removeItem(SESSION_STORAGE_KEY);
  target.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

/** Forgets the token everywhere (logout, failed restore). */
export function clearStoredSession(storages: SessionStorages): void {
  storages.persistent.removeItem(SESSION_STORAGE_KEY);
  storages.perSession.removeItem(SESSION_STORAGE_KEY);
}
