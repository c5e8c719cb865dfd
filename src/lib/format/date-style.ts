import { useSyncExternalStore } from 'react';
import type { DateStyle } from '../../../schemas';

/**
 * The date style in force (the back office's formats.dateFormat at the shell's scope, docs/settings.md): the one place
 * of the app that knows it. The shell's back office settings set it; the formatters of src/lib/format/ read it, and
 * components that write dates subscribe with useDateStyle() so that they write them anew when it changes.
 */
let current: DateStyle = 'language';
const listeners = new Set<() => void>();

export function currentDateStyle(): DateStyle {
  return current;
}

export function setDateStyle(style: DateStyle): void {
  if (style === current) return;
  current = style;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The date style in force; re-renders when it changes. */
export function useDateStyle(): DateStyle {
  return useSyncExternalStore(subscribe, currentDateStyle, currentDateStyle);
}
