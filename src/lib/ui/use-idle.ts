import { useEffect, useState } from 'react';

/** At most this long a deferred part waits for an idle moment: a page that keeps the browser busy still gets it. */
export const IDLE_WAIT_MS = 1000;

/**
 * False on the first render, true once the browser has had an idle moment after it (or after IDLE_WAIT_MS): for a
 * heavy part of a page (a chart) that should not hold up the page's first paint. A component that unmounts before
 * then never starts the work at all.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_WAIT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}
