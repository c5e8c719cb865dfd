import { useCallback, useLayoutEffect, useRef, useState, type DependencyList } from 'react';

/**
 * Whether a scrolling box has more below what it shows, for a cue at its bottom edge. `update` goes on the box's
 * scroll event; the box is measured again whenever `deps` change (content shown, list opened) and on resize.
 */
export function useScrollCue(deps: DependencyList) {
  const [box, setBox] = useState<HTMLElement | null>(null);
  // The box is state (the effects follow it) and a ref (what is measured, also from the scroll event).
  const boxRef = useRef<HTMLElement | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    boxRef.current = element;
    setBox(element);
  }, []);
  const [more, setMore] = useState(false);
  const update = useCallback(() => {
    const element = boxRef.current;
    setMore(!!element && element.scrollTop + element.clientHeight < element.scrollHeight - 1);
  }, []);
  useLayoutEffect(update, [box, update, ...deps]);
  useLayoutEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(box);
    return () => observer.disconnect();
  }, [box, update]);
  return { ref, more, update };
}
