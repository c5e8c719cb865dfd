import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { recalledScroll, rememberScroll } from './scroll-memory';
import { browserStorage } from '../../lib/storage/browser-storage';

/** What the grid tells the scroll memory about its rows. */
export interface ScrollMemoryRows {
  /** Lines shown (records and the open row's details): a change may make room for the kept position. */
  lines: number;
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * Keeps the grid's scroll position per history entry and restores it when that entry is shown again (Back, Forward,
 * reload). The position may lie beyond the first page: pages are loaded until it can be reached or the list ends.
 * Returns the grid's scroll listener.
 */
export function useScrollMemory(scroller: () => HTMLElement | null | undefined, { lines, hasMore, loadMore }: ScrollMemoryRows): (element: HTMLElement) => void {
  const location = useLocation();
  // React Router's key names the history entry; it survives Back, Forward and reload, and is new for every entry.
  const entry = `${location.pathname}#${location.key}`;
  const current = useRef(entry);
  const more = useEffectEvent(() => loadMore());
  // The position to restore, read once when the grid appears; undefined once reached (or nothing was kept).
  const [recalled] = useState(() => recalledScroll(browserStorage('session'), entry) || undefined);
  const pending = useRef(recalled);

  // The grid's own address is replaced as queries run and rows open: the position now belongs to the new entry.
  useEffect(() => {
    if (current.current === entry) return;
    current.current = entry;
    const element = scroller();
    if (element && pending.current === undefined) rememberScroll(browserStorage('session'), entry, element.scrollTop);
  }, [entry, scroller]);

  // Before the browser paints the rows: scroll to the kept position, or load the next page to make room for it.
  useLayoutEffect(() => {
    const target = pending.current;
    const element = scroller();
    if (target === undefined || !element || lines === 0) return;
    element.scrollTop = target;
    if (element.scrollTop >= target - 1 || !hasMore) pending.current = undefined;
    else more();
  }, [lines, hasMore, scroller]);

  return (element) => {
    // While restoring, the scroll events are the restore's own: the kept position stays what the user left.
    if (pending.current === undefined) rememberScroll(browserStorage('session'), current.current, element.scrollTop);
  };
}
