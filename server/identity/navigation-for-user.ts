import type { NavigationItem } from '../../schemas/entity-document';

/** What decides whether a user sees a navigation item in the current tenant. */
export interface NavigationRights {
  /** Whether the user holds any action on the path in the current tenant (what /api/ui/permissions lists). */
  mayOpen: (path: string) => boolean;
  /** Whether the user may switch test mode on (any action on /internal/test-mode): only then do in-progress items exist for them. */
  mayTest: boolean;
}

/**
 * The navigation as one user may know it (docs/permissions.md "Navigation"): a page they hold no right on is left
 * out, so is an in-progress page (state true) for a user who may not use test mode, and a group none of whose
 * items is left. Titles, icons and paths of what they cannot open never reach the browser. The permission matrix
 * does not read this: it builds its rows on the server from the whole tree (permission-matrix-tree.ts).
 */
export function navigationForUser(items: readonly NavigationItem[], rights: NavigationRights): NavigationItem[] {
  const result: NavigationItem[] = [];
  for (const item of items) {
    if (item.state === true && !rights.mayTest) continue;
    const ownPage = item.component !== undefined && (item.ignorePermissions === true || rights.mayOpen(item.path));
    if (item.children?.length) {
      const children = navigationForUser(item.children, rights);
      if (children.length > 0) result.push({ ...item, children });
      else if (ownPage) result.push({ ...item, children: undefined });
    } else if (ownPage) result.push(item);
  }
  return result;
}

/**
 * The page of the whole tree a browser path belongs to (the page itself or the nearest page above it, as the
 * browser routes '/x/*' to the page at '/x'), or undefined when no page owns the path.
 */
export function owningPage(items: readonly NavigationItem[], browserPath: string): NavigationItem | undefined {
  let best: NavigationItem | undefined;
  const walk = (list: readonly NavigationItem[]) => {
    for (const item of list) {
      if (item.component && item.path !== '/' && (browserPath === item.path || browserPath.startsWith(`${item.path}/`))) {
        if (!best || item.path.length > best.path.length) best = item;
      }
      walk(item.children ?? []);
    }
  };
  walk(items);
  return best;
}
