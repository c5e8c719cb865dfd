import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref to the value of the last committed render, for callbacks (handlers, subscriptions, timers, answers that
 * arrive later) that must see the current props without being made again or subscribing again. It is written in a
 * layout effect, not while rendering, so a render React throws away never leaks into it; read it only outside
 * rendering (a child's layout effect still sees the previous value).
 */
export function useLatest<T>(value: T): Readonly<RefObject<T>> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
