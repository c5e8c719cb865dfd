import { useEffect, useRef, useState } from 'react';

/**
 * True only once `flag` has stayed true for `delayMs` (the navigation hourglass appears after 250 ms). Once shown it
 * stays at least `minimumMs` even when `flag` drops sooner (the body busy minimum of spec 1 §9, 333 ms), so an
 * indicator that appeared does not flash away a moment later.
 */
export function useDelayedFlag(flag: boolean, delayMs: number, minimumMs = 0): boolean {
  const [shown, setShown] = useState(false);
  const shownAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (flag) {
      if (shown) return;
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setShown(true);
      }, delayMs);
      return () => clearTimeout(timer);
    }
    if (!shown) return;
    const remaining = shownAt.current === undefined ? 0 : shownAt.current + minimumMs - Date.now();
    if (remaining <= 0) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(false), remaining);
    return () => clearTimeout(timer);
  }, [flag, shown, delayMs, minimumMs]);
  // Without a minimum the indicator goes in the render that ends the wait, not one effect later.
  return minimumMs > 0 ? shown : flag && shown;
}
