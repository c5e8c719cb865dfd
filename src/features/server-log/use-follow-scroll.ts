import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** How close to the bottom still counts as "at the bottom" (a fraction of a line). */
const BOTTOM_SLACK_PX = 16;

/**
 * Keeps a scrolling list at its newest (bottom) line while following. Scrolling up pauses following, scrolling back
 * to the bottom resumes it, and `setFollowing` switches it by hand (the Follow/Pause button).
 */
export function useFollowScroll(contentVersion: unknown) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [following, setFollowingState] = useState(true);
  const followingRef = useRef(true);

  const setFollowing = useCallback((next: boolean) => {
    followingRef.current = next;
    setFollowingState(next);
    const element = ref.current;
    if (next && element) element.scrollTop = element.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (element && followingRef.current) element.scrollTop = element.scrollHeight;
  }, [contentVersion]);

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
    if (atBottom !== followingRef.current) {
      followingRef.current = atBottom;
      setFollowingState(atBottom);
    }
  }, []);

  return { ref, following, setFollowing, onScroll };
}
