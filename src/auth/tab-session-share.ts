import type { StoredSession } from './session-storage';

/**
 * Sharing a session kept "for this session only" (no remember) with new tabs of the same browser.
 *
 * Such a session lives in the tab's sessionStorage (spec 1 §4), which a new tab does not get: a shared link opened
 * in a new tab asked for a sign-in again. A new tab without a session therefore asks the open tabs over a
 * BroadcastChannel (same origin only) and takes the session one of them offers. The token still never reaches
 * localStorage or a cookie, so it still ends with the browser session; a tab whose session is locked (the lock
 * dialog) or expired offers nothing, so a new tab cannot get past a lock.
 *
 * So that a tab opened with no other tab signed in does not wait for answers, a marker in localStorage (no token,
 * just "1") says that some tab may hold such a session; sign-out removes it, and so does a question nobody answers.
 */

/** What tabs say to each other. */
export type TabMessage = { type: 'session-request'; id: string } | { type: 'session-offer'; id: string; session: StoredSession };

/** A channel between the tabs of one origin (BroadcastChannel in the browser, a fake in tests). */
export interface TabChannel {
  post(message: TabMessage): void;
  listen(handler: (message: TabMessage) => void): () => void;
}

export const SHARED_SESSION_MARKER = 'mate.session.shared';

/** How long a new tab waits for an offer when the marker says a tab may have one. */
export const OFFER_WAIT_MS = 750;

/** The browser's channel, or undefined where BroadcastChannel does not exist. */
export function browserTabChannel(name = 'mate.session'): TabChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(handler) {
      const onMessage = (event: MessageEvent<TabMessage>) => handler(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

function isOffer(message: TabMessage, id: string): message is Extract<TabMessage, { type: 'session-offer' }> {
  const session = (message as { session?: Partial<StoredSession> }).session;
  return message?.type === 'session-offer' && message.id === id && typeof session?.token === 'string' && typeof session.username === 'string';
}

/** Asks the other tabs for their session; the first offer, or undefined when none comes within `waitMs`. */
export function askOtherTabs(channel: TabChannel, options: { waitMs?: number; id?: string; setTimer?: typeof setTimeout } = {}): Promise<StoredSession | undefined> {
  const id = options.id ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const setTimer = options.setTimer ?? setTimeout;
  return new Promise((resolve) => {
    const stop = channel.listen((message) => {
      if (!isOffer(message, id)) return;
      stop();
      resolve({ token: message.session.token, username: message.session.username, remember: false, expiresAt: message.session.expiresAt });
    });
    setTimer(() => {
      stop();
      resolve(undefined);
    }, options.waitMs ?? OFFER_WAIT_MS);
    channel.post({ type: 'session-request', id });
  });
}

/** Answers other tabs' questions with `current()` when it has a session to give; returns the stop function. */
export function offerToOtherTabs(channel: TabChannel, current: () => StoredSession | undefined): () => void {
  return channel.listen((message) => {
    if (message?.type !== 'session-request' || typeof message.id !== 'string') return;
    const session = current();
    if (session) channel.post({ type: 'session-offer', id: message.id, session });
  });
}
