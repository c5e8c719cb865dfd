import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { isFavourite, readFavourites, toggleFavourite, type FavouritePages } from '../lib/navigation/favourites';
import { readRecentPages, recordVisit } from '../lib/navigation/recent-pages';
import { readUserValue, writeUserValue } from '../lib/storage/user-storage';
import { useTenancy } from './tenancy-context';

interface UserPagesValue {
  favourites: FavouritePages;
  recent: string[];
  isFavourite: (path: string) => boolean;
  toggle: (path: string) => void;
  visit: (path: string) => void;
}

const UserPagesContext = createContext<UserPagesValue | undefined>(undefined);

/** Favourites and recently used pages of the signed-in user, kept in local storage under the user's prefix. */
export function UserPagesProvider({ children }: { children: ReactNode }) {
  const { userId } = useTenancy();
  const [favourites, setFavourites] = useState(() => readFavourites(userId ? readUserValue(userId, 'favourites') : undefined));
  const [recent, setRecent] = useState(() => readRecentPages(userId ? readUserValue(userId, 'recent-pages') : undefined));

  const toggle = useCallback(
    (path: string) =>
      setFavourites((old) => {
        const next = toggleFavourite(old, path);
        if (userId) writeUserValue(userId, 'favourites', next);
        return next;
      }),
    [userId],
  );

  const visit = useCallback(
    (path: string) =>
      setRecent((old) => {
        const next = recordVisit(old, path);
        if (next.join('\n') === old.join('\n')) return old;
        if (userId) writeUserValue(userId, 'recent-pages', next);
        return next;
      }),
    [userId],
  );

  const value = useMemo(() => ({ favourites, recent, isFavourite: (path: string) => isFavourite(favourites, path), toggle, visit }), [favourites, recent, toggle, visit]);
  return <UserPagesContext.Provider value={value}>{children}</UserPagesContext.Provider>;
}

/** The user's favourites and recent pages. */
export function useUserPages(): UserPagesValue {
  const value = useContext(UserPagesContext);
  if (!value) throw new Error('useUserPages needs a UserPagesProvider');
  return value;
}
