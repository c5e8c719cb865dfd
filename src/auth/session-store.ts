import { clearStoredSession, loadStoredSession, saveStoredSession, type SessionStorages } from './session-storage';
import { askOtherTabs, offerToOtherTabs, SHARED_SESSION_MARKER, type TabChannel } from './tab-session-share';
import type { ProfileAnswer, ReloginReason, SecondFactorAnswer, SessionBackend, SessionSnapshot, SessionUser, SignInProvider, TokenAnswer } from './session-types';
import { ANONYMOUS_TOKEN, isTokenExpired, readTokenClaims } from './token-claims';

/** The session outside React: the API client asks it for a token, React subscribes to it. */
export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /**
   * Sends the profile call of a stored, unexpired token ahead of restore(), so it runs while the app still loads and
   * pings; restore() takes its answer (or asks again if it failed). Changes nothing by itself.
   */
  warmUp(): void;
  /** Checks the stored token once at start (profile call); a failure clears it. */
  restore(): Promise<void>;
  /** Answers the recovery codes when this sign-in finished setting up a second factor (shown once). */
  signIn(username: string, password: string, remember: boolean, secondFactor?: SecondFactorAnswer): Promise<string[] | undefined>;
  /** Signs in with an OpenID provider's ID token (the code flow's end on the sign-in page); answers as signIn. */
  signInWithProvider(provider: Exclude<SignInProvider, 'internal'>, idToken: string, remember: boolean, secondFactor?: SecondFactorAnswer): Promise<string[] | undefined>;
  signOut(): Promise<void>;
  /** Opens the re-login dialog with reason 'lock'. */
  lock(): void;
  /** Opens the re-login dialog with reason 'idle': no activity for `minutes` (the back office's idle timeout). */
  lockIdle(minutes: number): void;
  /** Opens the re-login dialog with reason 'expired' (the 'expired' event of spec 1 §4). */
  expire(): void;
  /** Takes a token the server handed out for the same user (password change ends the old one). */
  acceptToken(answer: TokenAnswer): void;
  /** The token for the next call; waits for a re-login when it is expired (5 s margin). */
  getToken(): Promise<string | undefined> | string | undefined;
}

export interface SessionStoreOptions {
  backend: SessionBackend;
  storages: SessionStorages;
  now?: () => number;
  /** The other tabs of the browser, to share a session kept for this session only (tab-session-share.ts). */
  tabs?: TabChannel;
  /** How long a new tab waits for another tab's session (tests set it). */
  tabWaitMs?: number;
}

function userFrom(profile: ProfileAnswer, token: string): SessionUser {
  return {
    username: profile.username,
    emailAddress: profile.emailAddress ?? undefined,
    userId: String(profile.userOid ?? readTokenClaims(token).userId ?? profile.username),
    firstname: profile.firstname ?? undefined,
    lastname: profile.lastname ?? undefined,
  };
}

function expiryOf(answer: TokenAnswer, now: number): number | undefined {
  return typeof answer.expires_in === 'number' ? now + answer.expires_in * 1000 : undefined;
}

/** Creates the session store; storages and clock are injected so the time rules can be tested. */
export function createSessionStore({ backend, storages, now = Date.now, tabs, tabWaitMs }: SessionStoreOptions): SessionStore {
  const listeners = new Set<() => void>();
  let waiters: Array<(token: string | undefined) => void> = [];
  let restoring: Promise<void> | undefined;
  let early: { token: string; profile: Promise<ProfileAnswer> } | undefined;
  // Read synchronously so calls made before restore finishes already carry the token.
  const stored = loadStoredSession(storages);
  let expiresAt = stored?.expiresAt;
  let snapshot: SessionSnapshot = stored
    ? {
        ready: false,
        status: 'signed-in',
        token: stored.token,
        remember: stored.remember,
        ...(stored.provider ? { provider: stored.provider } : {}),
        // A session locked before the reload opens locked: a reload is no way past the lock.
        ...(stored.locked ? { status: 'locked' as const, reloginReason: stored.locked.reason, ...(stored.locked.idleMinutes !== undefined ? { idleMinutes: stored.locked.idleMinutes } : {}) } : {}),
        user: { username: stored.username, userId: readTokenClaims(stored.token).userId ?? stored.username },
      }
    : { ready: true, status: 'anonymous', remember: false };
  // No session of its own, but some tab may hold one kept for this session only: restore() asks before deciding.
  let askTabs = !stored && tabs !== undefined && storages.persistent.getItem(SHARED_SESSION_MARKER) !== null;
  if (askTabs) snapshot = { ...snapshot, ready: false };

  function set(next: SessionSnapshot): void {
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function release(token: string | undefined): void {
    const pending = waiters;
    waiters = [];
    for (const resolve of pending) resolve(token);
  }

  function openRelogin(reason: ReloginReason, idleMinutes?: number): void {
    if (snapshot.status === 'anonymous') return;
    // A session already locked stays locked for its first reason: the user is already asked to sign in again.
    if (snapshot.status === 'locked') return;
    const { idleMinutes: _before, ...rest } = snapshot;
    set({ ...rest, status: 'locked', reloginReason: reason, ...(idleMinutes !== undefined ? { idleMinutes } : {}) });
    // The lock is kept with the session, so a reload (or a new tab of a remembered session) opens locked; an expiry
    // needs no mark: the token says it. Signing in again stores a session without it.
    const kept = loadStoredSession(storages);
    if (reason !== 'expired' && kept && kept.token === snapshot.token) saveStoredSession(storages, { ...kept, locked: { reason, ...(idleMinutes !== undefined ? { idleMinutes } : {}) } });
  }

  function expired(): boolean {
    return snapshot.token !== undefined && isTokenExpired(snapshot.token, now(), expiresAt);
  }

  function forget(): void {
    clearStoredSession(storages);
    expiresAt = undefined;
    set({ ready: true, status: 'anonymous', remember: false });
    release(undefined);
  }

  // Offer this tab's session to new tabs: only a usable one (not locked, not expired) kept for this session only (a
  // remembered one is in localStorage, where every tab finds it).
  if (tabs) {
    offerToOtherTabs(tabs, () => {
      const { token, status, remember, user } = snapshot;
      if (status !== 'signed-in' || remember || !token || token === ANONYMOUS_TOKEN || !user || expired()) return undefined;
      return { token, username: user.username, remember: false, expiresAt };
    });
  }

  async function adoptFromOtherTab(channel: TabChannel): Promise<void> {
    const offered = await askOtherTabs(channel, { waitMs: tabWaitMs });
    if (snapshot.token) return; // signed in here meanwhile
    if (!offered) {
      storages.persistent.removeItem(SHARED_SESSION_MARKER); // nobody holds one any more
      set({ ...snapshot, ready: true });
      return;
    }
    expiresAt = offered.expiresAt;
    saveStoredSession(storages, offered);
    set({ ready: false, status: 'signed-in', token: offered.token, remember: false, user: { username: offered.username, userId: readTokenClaims(offered.token).userId ?? offered.username } });
  }

  /** Starts the session of a token a sign-in answered. */
  async function start(answer: TokenAnswer, remember: boolean, provider?: 'directory' | 'google'): Promise<string[] | undefined> {
    const token = answer.access_token;
    const profile = await backend.fetchProfile(token);
    expiresAt = expiryOf(answer, now());
    saveStoredSession(storages, { token, username: profile.username, remember, expiresAt, ...(provider ? { provider } : {}) });
    if (!remember) storages.persistent.setItem(SHARED_SESSION_MARKER, '1');
    const { rootTenantOid, tenantOids, primaryTenantOid } = profile;
    set({ ready: true, status: 'signed-in', token, remember, ...(provider ? { provider } : {}), user: userFrom(profile, token), profile: { rootTenantOid, tenantOids, primaryTenantOid } });
    release(token);
    return answer.recoveryCodes;
  }

  return {
    getSnapshot: () => snapshot,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    warmUp() {
      const token = snapshot.token;
      if (early || snapshot.ready || !token || token === ANONYMOUS_TOKEN || expired()) return;
      const profile = backend.fetchProfile(token);
      profile.catch(() => undefined); // restore() decides what a failure means, and asks again first
      early = { token, profile };
    },

    restore() {
      restoring ??= (async () => {
        if (askTabs && tabs) {
          askTabs = false;
          await adoptFromOtherTab(tabs);
        }
        const token = snapshot.token;
        if (!token || snapshot.ready) return;
        if (token === ANONYMOUS_TOKEN) {
          set({ ...snapshot, ready: true });
          return;
        }
        if (expired()) {
          // Still this user's session: ask for the password instead of throwing the session away.
          set({ ...snapshot, ready: true, status: 'locked', reloginReason: 'expired' });
          return;
        }
        try {
          // The warmed-up answer counts only when it succeeded: a failure then (service still starting, the ping
          // not yet answered) is asked again rather than taken as the end of the session.
          const warm = early?.token === token ? early.profile.catch(() => undefined) : undefined;
          early = undefined;
          const profile = (await warm) ?? (await backend.fetchProfile(token));
          if (snapshot.token !== token) return;
          const { rootTenantOid, tenantOids, primaryTenantOid } = profile;
          set({ ...snapshot, ready: true, user: userFrom(profile, token), profile: { rootTenantOid, tenantOids, primaryTenantOid } });
        } catch {
          if (snapshot.token === token) forget();
        }
      })();
      return restoring;
    },

    async signIn(username, password, remember, secondFactor) {
      const answer = secondFactor === undefined ? await backend.requestToken(username, password) : await backend.requestToken(username, password, secondFactor);
      return start(answer, remember);
    },

    async signInWithProvider(provider, idToken, remember, secondFactor) {
      if (!backend.exchangeProviderToken) throw new Error('this backend cannot sign in with a provider');
      return start(await backend.exchangeProviderToken(provider, idToken, secondFactor), remember, provider);
    },

    async signOut() {
      const token = snapshot.token;
      const wasValid = token !== undefined && token !== ANONYMOUS_TOKEN && !expired();
      // Logout ends every token of the user, so no other tab has a session left to offer.
      storages.persistent.removeItem(SHARED_SESSION_MARKER);
      forget();
      if (wasValid) {
        try {
          await backend.revokeToken(token);
        } catch {
          // The token is gone here either way; the server ends it at expiry at the latest.
        }
      }
    },

    lock() {
      openRelogin('lock');
    },

    lockIdle(minutes) {
      openRelogin('idle', minutes);
    },

    expire() {
      openRelogin('expired');
    },

    acceptToken(answer) {
      if (!snapshot.user) return;
      expiresAt = expiryOf(answer, now());
      const provider = snapshot.provider === 'directory' || snapshot.provider === 'google' ? snapshot.provider : undefined;
      saveStoredSession(storages, { token: answer.access_token, username: snapshot.user.username, remember: snapshot.remember, expiresAt, ...(provider ? { provider } : {}) });
      set({ ...snapshot, token: answer.access_token });
    },

    getToken() {
      const token = snapshot.token;
      if (token === undefined || token === ANONYMOUS_TOKEN) return token;
      if (snapshot.status === 'locked' && snapshot.reloginReason === 'expired') return new Promise((resolve) => waiters.push(resolve));
      if (!expired()) return token;
      openRelogin('expired');
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
