import { describe, expect, it } from 'vitest';
import { emptyFavourites, isFavourite, readFavourites, toggleFavourite } from './favourites';

describe('favourites', () => {
  const now = new Date('2025-01-14T08:40:00Z');

  it('adds and removes the current path and stamps the change', () => {
    const added = toggleFavourite(emptyFavourites(), '/data/tenancy/tenant', now);
    expect(added).toEqual({ version: 1, storedAt: '2025-01-14T08:40:00.000Z', pages: [{ path: '/data/tenancy/tenant' }] });
    expect(isFavourite(added, '/data/tenancy/tenant')).toBe(true);
    expect(toggleFavourite(added, '/data/tenancy/tenant', now).pages).toEqual([]);
  });

  it('keeps the 10 newest', () => {
    let favourites = emptyFavourites();
    for (let i = 1; i <= 11; i += 1) favourites = toggleFavourite(favourites, `/p${i}`, now);
    expect(favourites.pages).toHaveLength(10);
    expect(favourites.pages[0]).toEqual({ path: '/p11' });
    expect(isFavourite(favourites, '/p1')).toBe(false);
  });

  it('starts empty from a stored value of another shape', () => {
    expect(readFavourites({ version: 2, pages: [] }).pages).toEqual([]);
    expect(readFavourites('junk').pages).toEqual([]);
    expect(readFavourites({ version: 1, storedAt: 'x', pages: [{ path: '/a' }, { nope: 1 }] }).pages).toEqual([{ path: '/a' }]);
  });
});
