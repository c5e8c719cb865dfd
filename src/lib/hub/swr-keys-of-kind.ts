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

/** The data area of the kinds the scope tree is made of (tenant, location, location group, POS and payment terminals). */
const SCOPE_AREA = 'tenancy';

/**
 * Whether a data message of the hub changes the scope tree: a change of a tenancy kind. Messages of other kinds (an
 * article, a receipt reason) leave the tree as it is, so they do not cost a revalidation of it.
 */
export function changesScope(message: { area: string }): boolean {
  return message.area.toLowerCase() === SCOPE_AREA;
}
