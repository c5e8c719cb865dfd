import { useEffect, useEffectEvent } from 'react';
import { localStorageActivity, watchIdle } from './idle-watch';
import { ANONYMOUS_TOKEN } from './token-claims';
import { useSession } from './use-session';

/** What counts as activity: the pointer, keys, the wheel and touch, anywhere in the page (captured before any handler). */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Locks the session after `minutes` without activity in any tab (the back office's session.idleTimeoutMinutes; the
 * logic is idle-watch.ts). Runs while the session is signed in; the lock (reason 'idle') stops it, signing in again
 * starts it afresh. Undefined minutes (the setting not read) lock nothing. Render it once, in the signed-in layout.
 */
export function IdleLock({ minutes }: { minutes: number | undefined }) {
  const { ready, status, token, lockIdle } = useSession();
  const active = ready && status === 'signed-in' && token !== undefined && token !== ANONYMOUS_TOKEN;
  const shown = active && minutes !== undefined && minutes > 0 ? minutes : undefined;
  // lockIdle is a new function at each session change; the watch starts again only when it starts or stops or its minutes change.
  const lock = useEffectEvent((after: number) => lockIdle(after));
  useEffect(() => {
    if (shown === undefined) return;
    const watch = watchIdle({ timeoutMs: shown * 60_000, onIdle: () => lock(shown), shared: localStorageActivity() });
    const onActivity = () => watch.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      watch.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [shown]);
  return null;
}
