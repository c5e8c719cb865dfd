import type { LocalizedText, NavigationItem } from '../../../schemas/entity-document';

/** Every item of a navigation tree, parents before children. */
export function flattenNavigation(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => [item, ...flattenNavigation(item.children ?? [])]);
}

/** The item for a path, if the navigation has one. */
export function findNavigationItem(items: readonly NavigationItem[], path: string): NavigationItem | undefined {
  return flattenNavigation(items).find((item) => item.path === path);
}

/**
 * The item responsible for a path: its own, else the deepest page item the path lies under (an editor route
 * '/data/x/42' is named by the grid '/data/x').
 */
export function responsibleItem(items: readonly NavigationItem[], path: string): NavigationItem | undefined {
  const all = flattenNavigation(items);
  return (
    all.find((item) => item.path === path) ??
    all.filter((item) => item.component && item.path !== '/' && path.startsWith(`${item.path}/`)).sort((a, b) => b.path.length - a.path.length)[0]
  );
}

/** A link is active when its path or a descendant's path is the current path (spec 1 §2). */
export function isActivePath(item: NavigationItem, currentPath: string): boolean {
  return item.path === currentPath || (item.children ?? []).some((child) => isActivePath(child, currentPath));
}

/** A metadata label in the chosen language, else English, else any. */
export function localizedText(text: LocalizedText | string | undefined, locale: string): string {
  if (!text) return '';
  if (typeof text === 'string') return text;
  const record = text as Record<string, string | undefined>;
  return record[locale] ?? record[locale.split('-')[0]!] ?? record.en ?? Object.values(record).find(Boolean) ?? '';
}

/** Title and icon a route declares for itself when the navigation has no item for it. */
export interface RouteMeta {
  title?: string;
  icon?: string;
  /** The navigation path that names this page, e.g. the grid path for an editor route. */
  responsiblePath?: string;
}

/** What the title bar shows (spec 1 §2). */
export interface PageTitle {
  isRoot: boolean;
  title: string;
  icon?: string;
}

/** Navigation item of the responsible path (meta responsiblePath, else the path), else the route meta, else the path. */
export function resolvePageTitle(pathname: string, items: readonly NavigationItem[], locale: string, meta: RouteMeta = {}): PageTitle {
  const isRoot = pathname === '/' || pathname === '';
  const item = meta.responsiblePath ? findNavigationItem(items, meta.responsiblePath) : responsibleItem(items, pathname);
  if (item) return { isRoot, title: localizedText(item.title, locale), icon: item.icon };
  if (meta.title) return { isRoot, title: meta.title, icon: meta.icon };
  return { isRoot, title: pathname };
}
