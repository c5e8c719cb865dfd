/** Favourites kept (spec 1 §9). */
export const MAX_FAVOURITES = 10;

/** The stored shape of spec 1 §3. */
export interface FavouritePages {
  version: 1;
  storedAt: string;
  pages: Array<{ path: string }>;
}

/** An empty list. */
export function emptyFavourites(now = new Date()): FavouritePages {
  return { version: 1, storedAt: now.toISOString(), pages: [] };
}

/** A stored value when it has the expected shape; anything else (older or broken) starts empty. */
export function readFavourites(value: unknown): FavouritePages {
  const candidate = value as Partial<FavouritePages> | undefined;
  if (candidate?.version !== 1 || !Array.isArray(candidate.pages)) return emptyFavourites();
  const pages = candidate.pages.filter((page): page is { path: string } => typeof page?.path === 'string').slice(0, MAX_FAVOURITES);
  return { version: 1, storedAt: typeof candidate.storedAt === 'string' ? candidate.storedAt : new Date(0).toISOString(), pages };
}

/** Whether a path is a favourite. */
export function isFavourite(favourites: FavouritePages, path: string): boolean {
  return favourites.pages.some((page) => page.path === path);
}

/** Adds the path (newest first, at most 10 kept) or removes it when it is one already. */
export function toggleFavourite(favourites: FavouritePages, path: string, now = new Date()): FavouritePages {
  const pages = isFavourite(favourites, path) ? favourites.pages.filter((page) => page.path !== path) : [{ path }, ...favourites.pages].slice(0, MAX_FAVOURITES);
  return { version: 1, storedAt: now.toISOString(), pages };
}
