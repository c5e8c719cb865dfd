import type { NavigationItem } from '../../schemas/entity-document';

/**
 * The navigation a user may see: an item stays when it ignores permissions, when one of its children stays, or
 * when it is a page (no children, or a component of its own) the user may Read. A group whose children are all
 * removed goes too, since it would lead nowhere.
 */
export function filterNavigation(items: readonly NavigationItem[], canRead: (path: string) => boolean): NavigationItem[] {
  const kept: NavigationItem[] = [];
  for (const item of items) {
    const children = item.children ? filterNavigation(item.children, canRead) : undefined;
    const isPage = !item.children || item.children.length === 0 || item.component !== undefined;
    if (item.ignorePermissions || (children && children.length > 0) || (isPage && canRead(item.path))) {
      kept.push(children ? { ...item, children } : { ...item });
    }
  }
  return kept;
}

/** Every path in the tree, parents before children. */
export function navigationPaths(items: readonly NavigationItem[]): string[] {
  return items.flatMap((item) => [item.path, ...navigationPaths(item.children ?? [])]);
}

/** The progress map of spec 1 §4: true in progress, false testable; items without a state are left out. */
export function navigationProgress(items: readonly NavigationItem[]): Record<string, boolean> {
  const progress: Record<string, boolean> = {};
  const walk = (list: readonly NavigationItem[]) => {
    for (const item of list) {
      if (item.state !== undefined) progress[item.path] = item.state;
      walk(item.children ?? []);
    }
  };
  walk(items);
  return progress;
}
