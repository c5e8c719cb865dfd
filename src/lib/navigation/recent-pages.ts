/** Recent pages kept per user (spec 1 §9). */
export const MAX_RECENT_PAGES = 5;

/**
 * Records a visit: newest first, no duplicates, at most 5. The root page and routes that redirected
 * (the caller knows: a <Navigate> or a gate sent the user elsewhere) are not recorded.
 */
export function recordVisit(recent: readonly string[], path: string, options: { redirected?: boolean } = {}): string[] {
  if (path === '/' || path === '' || options.redirected) return [...recent];
  return [path, ...recent.filter((entry) => entry !== path)].slice(0, MAX_RECENT_PAGES);
}

/** A stored value as a list of paths; anything else is empty. */
export function readRecentPages(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string').slice(0, MAX_RECENT_PAGES) : [];
}
