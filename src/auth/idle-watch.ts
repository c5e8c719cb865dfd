/**
 * The idle timeout of the back office (session.idleTimeoutMinutes, docs/settings.md): after that many minutes with no
 * pointer, key, wheel or touch activity in any tab of the browser, the session locks (the re-login dialog, reason
 * 'idle'; unsaved edits stay). The tabs share their latest activity through localStorage, so working in one tab keeps
 * the others open; each tab decides for itself when its timer runs out, and they reach the same verdict.
 *
 * The clock and the timer are injected: the unit test drives them, the browser gives Date.now and setTimeout (which
 * Playwright's page.clock moves on in the e2e test).
 */

/** The time and the one timer the watch needs. */
export interface IdleClock {
  now(): number;
  setTimer(run: () => void, ms: number): () => void;
}

/** Where the tabs of a browser keep the time of their latest activity (localStorage in the browser). */
export interface SharedActivity {
  read(): number | undefined;
  write(at: number): void;
}

/** The localStorage key of the latest activity of any tab (a time in ms; no token, nothing of the user). */
export const SHARED_ACTIVITY_KEY = 'mate.activity';

/** How often at most a tab writes its activity for the others: pointer moves come many times a second. */
export const SHARE_EVERY_MS = 1000;

export interface IdleWatch {
  /** Activity in this tab: the idle time starts again, in every tab. */
  activity(): void;
  /** Stops the timer (the session locked, signed out, or the page went away). */
  stop(): void;
}

export const browserIdleClock: IdleClock = {
  now: () => Date.now(),
  setTimer(run, ms) {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

/** The page's localStorage, or none where reading it throws (a frame of another site whose storage the browser blocks). */
function pageLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The latest activity shared by the tabs in localStorage; an unreadable store shares nothing. */
export function localStorageActivity(storage: Storage | undefined = pageLocalStorage()): SharedActivity {
  return {
    read() {
      try {
        const value = Number(storage?.getItem(SHARED_ACTIVITY_KEY));
        return Number.isFinite(value) && value > 0 ? value : undefined;
      } catch {
        return undefined;
      }
    },
    write(at) {
      try {
        storage?.setItem(SHARED_ACTIVITY_KEY, String(at));
      } catch {
        // A full or blocked store: this tab still counts its own activity.
      }
    },
  };
}

/**
 * Watches for `timeoutMs` without activity in any tab and then calls `onIdle` once. The start counts as activity
 * (opening or reloading a page is one). The timer is not moved on at each activity (pointer moves are many): when it
 * runs out it looks at the latest activity of all tabs and waits again for what is left.
 */
export function watchIdle({ timeoutMs, onIdle, clock = browserIdleClock, shared }: { timeoutMs: number; onIdle: () => void; clock?: IdleClock; shared?: SharedActivity }): IdleWatch {
  let last = clock.now();
  let lastShared = Number.NEGATIVE_INFINITY;
  let cancel: (() => void) | undefined;
  let stopped = false;

  const share = (at: number) => {
    if (!shared || at - lastShared < SHARE_EVERY_MS) return;
    lastShared = at;
    shared.write(at);
  };

  const check = () => {
    cancel = undefined;
    if (stopped) return;
    const latest = Math.max(last, shared?.read() ?? Number.NEGATIVE_INFINITY);
    const left = latest + timeoutMs - clock.now();
    if (left > 0) {
      cancel = clock.setTimer(check, left);
      return;
    }
    stopped = true;
    onIdle();
  };

  share(last);
  cancel = clock.setTimer(check, timeoutMs);
  return {
    activity() {
      if (stopped) return;
      last = clock.now();
      share(last);
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
    },
  };
}
