/**
 * The dashboard's stored layout (spec 2 §3 "Dashboard stored layout"): version 1, storedAt, and the cards keyed by
 * tile id, each with its name and params. The order of the keys is the order of the cards. The server checks what
 * it stores and what it reads with `checkDashboardLayout`; the browser shows what the server answers, so the shape
 * and the rules live here once.
 */

/** The only version of the layout this code knows. */
export const DASHBOARD_LAYOUT_VERSION = 1;

/** Every card the dashboard has (spec 2 §2), in the order of the default layout. */
export const DASHBOARD_CARD_NAMES = [
  'favourites',
  'recently-used',
  'version',
  'weekly-turnover',
  'document-throughput',
  'exchange-rates',
  'bridge-status',
  'unprocessed-documents',
  'configuration-changes',
  'database-usage',
] as const;
export type DashboardCardName = (typeof DASHBOARD_CARD_NAMES)[number];

/** Cards every layout has: they cannot be removed (spec 2 §9). */
export const REQUIRED_DASHBOARD_CARDS: readonly DashboardCardName[] = ['favourites', 'recently-used', 'version'];

/** Tile sizes; medium is the default (spec 2 §9). */
export const DASHBOARD_CARD_SIZES = ['small', 'medium', 'large'] as const;
export type DashboardCardSize = (typeof DASHBOARD_CARD_SIZES)[number];
export const DEFAULT_CARD_SIZE: DashboardCardSize = 'medium';

/** Most cards one layout holds: every card can be there twice at most (a second turnover card, say). */
export const MAX_DASHBOARD_CARDS = 20;

/**
 * A tile id: a letter first, so a JavaScript object never reorders it (integer-like keys would jump ahead), then
 * letters, digits and '-'.
 */
export const TILE_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

export interface DashboardCard {
  name: DashboardCardName;
  params: { size: DashboardCardSize };
}

export interface DashboardLayout {
  version: typeof DASHBOARD_LAYOUT_VERSION;
  /** When the user stored it (ISO date-time); null for the default layout. */
  storedAt: string | null;
  cards: Record<string, DashboardCard>;
}

/** The layout of a user who stored none, or whose stored layout cannot be read: the cards that need no other module's data first. */
export function defaultDashboardLayout(): DashboardLayout {
  const names: DashboardCardName[] = ['favourites', 'recently-used', 'version', 'weekly-turnover', 'document-throughput', 'exchange-rates', 'bridge-status', 'unprocessed-documents', 'configuration-changes'];
  return { version: DASHBOARD_LAYOUT_VERSION, storedAt: null, cards: Object.fromEntries(names.map((name) => [`tile-${name}`, { name, params: { size: DEFAULT_CARD_SIZE } }])) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a layout. Answers the problems, each with the path it is at (`cards.tile-x.params.size`) and a message
 * a person can act on; none: the layout is good. A version other than 1 is refused by name, whether older or newer.
 */
export function checkDashboardLayout(value: unknown): { path: string; message: string }[] {
  if (!isObject(value)) return [{ path: '', message: 'The dashboard layout must be an object with version, storedAt and cards.' }];
  const problems: { path: string; message: string }[] = [];
  for (const key of Object.keys(value)) if (!['version', 'storedAt', 'cards'].includes(key)) problems.push({ path: key, message: `'${key.slice(0, 40)}' is not part of a dashboard layout (version, storedAt, cards).` });
  if (value.version !== DASHBOARD_LAYOUT_VERSION) {
    const version = typeof value.version === 'number' ? value.version : undefined;
    const which = version === undefined ? 'has no version number' : version < DASHBOARD_LAYOUT_VERSION ? `has the older version ${version}` : version > DASHBOARD_LAYOUT_VERSION ? `has the newer version ${version}` : `has the version ${version}`;
    problems.push({ path: 'version', message: `The dashboard layout ${which}; this server reads and stores version ${DASHBOARD_LAYOUT_VERSION} only.` });
  }
  if (value.storedAt !== undefined && value.storedAt !== null && (typeof value.storedAt !== 'string' || Number.isNaN(Date.parse(value.storedAt)))) {
    problems.push({ path: 'storedAt', message: 'storedAt must be a date-time or null.' });
  }
  if (!isObject(value.cards)) {
    problems.push({ path: 'cards', message: 'cards must be an object of cards keyed by tile id.' });
    return problems;
  }
  const entries = Object.entries(value.cards);
  if (entries.length > MAX_DASHBOARD_CARDS) problems.push({ path: 'cards', message: `A dashboard holds at most ${MAX_DASHBOARD_CARDS} cards, this one ${entries.length}.` });
  const counts = new Map<string, number>();
  for (const [tileId, card] of entries) {
    const at = `cards.${tileId.slice(0, 40)}`;
    if (!TILE_ID_PATTERN.test(tileId)) problems.push({ path: at, message: `The tile id '${tileId.slice(0, 40)}' must start with a small letter and have only small letters, digits and '-' (at most 40).` });
    if (!isObject(card)) {
      problems.push({ path: at, message: 'A card must be an object with name and params.' });
      continue;
    }
    for (const key of Object.keys(card)) if (key !== 'name' && key !== 'params') problems.push({ path: `${at}.${key.slice(0, 40)}`, message: `'${key.slice(0, 40)}' is not part of a card (name, params).` });
    if (typeof card.name !== 'string' || !(DASHBOARD_CARD_NAMES as readonly string[]).includes(card.name)) {
      problems.push({ path: `${at}.name`, message: `The card name must be one of ${DASHBOARD_CARD_NAMES.join(', ')}.` });
    } else {
      counts.set(card.name, (counts.get(card.name) ?? 0) + 1);
    }
    if (!isObject(card.params)) {
      problems.push({ path: `${at}.params`, message: 'params must be an object with the size.' });
      continue;
    }
    for (const key of Object.keys(card.params)) if (key !== 'size') problems.push({ path: `${at}.params.${key.slice(0, 40)}`, message: `'${key.slice(0, 40)}' is not a card parameter (size).` });
    if (!(DASHBOARD_CARD_SIZES as readonly unknown[]).includes(card.params.size)) problems.push({ path: `${at}.params.size`, message: `The size must be one of ${DASHBOARD_CARD_SIZES.join(', ')}.` });
  }
  for (const name of REQUIRED_DASHBOARD_CARDS) {
    if (!counts.has(name)) problems.push({ path: 'cards', message: `The card ${name} is required and cannot be removed.` });
  }
  for (const [name, count] of counts) if (count > 2) problems.push({ path: 'cards', message: `The card ${name} appears ${count} times; at most twice.` });
  return problems;
}
