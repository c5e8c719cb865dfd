import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { useLatest } from './use-latest';

/** What a page with an editor needs to ask before unsaved edits are thrown away. */
export interface UnsavedGuard {
  /** Runs `proceed` at once when nothing is unsaved, else only after the user chose to discard. */
  confirm: (proceed: () => void) => void;
  /** True while the question is on screen. */
  asking: boolean;
  /** The user keeps editing: the navigation or action that was held back is dropped. */
  keep: () => void;
  /** The user discards the edits: the held-back navigation or action goes ahead. */
  discard: () => void;
}

/**
 * Holds back whatever would throw away unsaved edits while `dirty` is true (issue 14): a navigation to another page
 * of the app (React Router's blocker), closing or reloading the tab (the browser's own `beforeunload` question:
 * browsers show no page text there), and the page's own actions passed to `confirm` (opening another row).
 * A change of the query string alone (the grid's own state in the address) is not held back.
 */
export function useUnsavedGuard(dirty: boolean): UnsavedGuard {
  // Read through a ref: `confirm` is called from handlers created before the last edit.
  const dirtyRef = useLatest(dirty);
  const [held, setHeld] = useState<{ proceed: () => void }>();

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older Chromium asks only when returnValue is set
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const confirm = useCallback((proceed: () => void) => {
    if (dirtyRef.current) setHeld({ proceed });
    else proceed();
  }, [dirtyRef]);

  const keep = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setHeld(undefined);
  };
  const discard = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    held?.proceed();
    setHeld(undefined);
  };

  return { confirm, asking: blocker.state === 'blocked' || held !== undefined, keep, discard };
}
