import { describe, expect, it } from 'vitest';
import { checkDashboardLayout, defaultDashboardLayout } from '../../../schemas/dashboard-layout';
import { addableCards, editorReducer, layoutOf, tilesOf } from './layout-editor';

describe('the dashboard editor', () => {
  const tiles = tilesOf(defaultDashboardLayout());

  it('round-trips a layout in its order', () => {
    expect(layoutOf(tiles)).toEqual(defaultDashboardLayout());
    expect(tiles[0]).toEqual({ id: 'tile-favourites', name: 'favourites', size: 'medium' });
  });

  it('adds a card at the end at medium size with a fresh id, at most twice, and never a second required card', () => {
    const added = editorReducer(tiles, { type: 'add', name: 'weekly-turnover' });
    expect(added.at(-1)).toEqual({ id: 'tile-weekly-turnover-2', name: 'weekly-turnover', size: 'medium' });
    expect(addableCards(added)).not.toContain('weekly-turnover');
    expect(addableCards(tiles)).not.toContain('version');
    expect(editorReducer(tiles, { type: 'add', name: 'version' })).toBe(tiles);
    expect(checkDashboardLayout(layoutOf(added))).toEqual([]);
  });

  it('removes, resizes and moves tiles, but keeps a required card', () => {
    expect(editorReducer(tiles, { type: 'remove', id: 'tile-version' })).toEqual(tiles);
    expect(editorReducer(tiles, { type: 'remove', id: 'tile-exchange-rates' }).map((tile) => tile.name)).not.toContain('exchange-rates');
    expect(editorReducer(tiles, { type: 'resize', id: 'tile-version', size: 'large' })[2]!.size).toBe('large');
    const moved = editorReducer(tiles, { type: 'move', from: 'tile-version', to: 'tile-favourites' });
    expect(moved.slice(0, 3).map((tile) => tile.name)).toEqual(['version', 'favourites', 'recently-used']);
  });
});
