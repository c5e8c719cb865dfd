/**
 * Whether an SWR cache key holds data of the kind at `/api/data/<area>/<entity>` (lists, records, lookups): a
 * string key that names that path, or an array key whose first element does.
 */
export function isKeyOfKind(key: unknown, area: string, entity: string): boolean {
  const path = `/api/data/${area}/${entity}`.toLowerCase();
  const first = Array.isArray(key) ? key[0] : key;
  if (typeof first !== 'string') return false;
  const text = first.toLowerCase();
  return text === path || text.startsWith(`${path}/`) || text.startsWith(`${path}?`);
}

/** The path of the scope tree (tenants, locations, terminals) the shell's selectors read; its SWR key is `[SCOPE_KEY, userId]`. */
export const SCOPE_KEY = '/api/settings/scope';

/** Whether an SWR cache key holds the scope tree (of whichever user). */
export function isScopeKey(key: unknown): boolean {
  return (Array.isArray(key) ? key[0] : key) === SCOPE_KEY;
}
