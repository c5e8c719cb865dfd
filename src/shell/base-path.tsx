import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';

/** '' in the normal layout, '/e' in the embedded one: links stay in the layout they start from. */
export const BasePathContext = createContext('');

/** The layout's path prefix. */
export function useBasePath(): string {
  return useContext(BasePathContext);
}

/** The page's own path, without the embedded prefix. */
export function usePagePath(): string {
  const base = useBasePath();
  const { pathname } = useLocation();
  const path = base && pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  return path || '/';
}
