import {
  DASHBOARD_CARD_NAMES,
  DASHBOARD_LAYOUT_VERSION,
  DEFAULT_CARD_SIZE,
  MAX_DASHBOARD_CARDS,
  REQUIRED_DASHBOARD_CARDS,
  type DashboardCardName,
  type DashboardCardSize,
  type DashboardLayout,
} from '../../../schemas/dashboard-layout';

/** One tile as the page lays it out: the order is the array's. */
export interface Tile {
  id: string;
  name: DashboardCardName;
  size: DashboardCardSize;
}

/** The tiles of a layout in its order (the order of its keys). Unknown names are dropped rather than breaking the page. */
export function tilesOf(layout: DashboardLayout): Tile[] {
  return Object.entries(layout.cards)
    .filter(([, card]) => (DASHBOARD_CARD_NAMES as readonly string[]).includes(card.name))
    .map(([id, card]) => ({ id, name: card.name, size: card.params?.size ?? DEFAULT_CARD_SIZE }));
}

/** The layout to store for `tiles`. */
export function layoutOf(tiles: readonly Tile[]): DashboardLayout {
  return { version: DASHBOARD_LAYOUT_VERSION, storedAt: null, cards: Object.fromEntries(tiles.map((tile) => [tile.id, { name: tile.name, params: { size: tile.size } }])) };
}

export const isRequired = (name: DashboardCardName) => REQUIRED_DASHBOARD_CARDS.includes(name);

/** Cards that may still be added: at most twice each, and no more than the layout holds. */
export function addableCards(tiles: readonly Tile[]): DashboardCardName[] {
  if (tiles.length >= MAX_DASHBOARD_CARDS) return [];
  return DASHBOARD_CARD_NAMES.filter((name) => tiles.filter((tile) => tile.name === name).length < (isRequired(name) ? 1 : 2));
}

export type EditorAction =
  | { type: 'add'; name: DashboardCardName }
  | { type: 'remove'; id: string }
  | { type: 'resize'; id: string; size: DashboardCardSize }
  | { type: 'move'; from: string; to: string }
  | { type: 'reset'; tiles: Tile[] };

/** A tile id not taken yet: the card's name, then a number. */
function freeId(tiles: readonly Tile[], name: DashboardCardName): string {
  const taken = new Set(tiles.map((tile) => tile.id));
  for (let n = 1; ; n++) {
    const id = n === 1 ? `tile-${name}` : `tile-${name}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** The draft of the edit mode: add (at the end), remove (not a required card), resize and move tiles. */
export function editorReducer(tiles: Tile[], action: EditorAction): Tile[] {
  switch (action.type) {
    case 'add':
      return addableCards(tiles).includes(action.name) ? [...tiles, { id: freeId(tiles, action.name), name: action.name, size: DEFAULT_CARD_SIZE }] : tiles;
    case 'remove':
      return tiles.filter((tile) => tile.id !== action.id || isRequired(tile.name));
    case 'resize':
      return tiles.map((tile) => (tile.id === action.id ? { ...tile, size: action.size } : tile));
    case 'move': {
      const from = tiles.findIndex((tile) => tile.id === action.from);
      const to = tiles.findIndex((tile) => tile.id === action.to);
      if (from < 0 || to < 0 || from === to) return tiles;
      const next = [...tiles];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    }
    case 'reset':
      return action.tiles;
  }
}
