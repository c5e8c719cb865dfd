import type { NavigationItem } from '../../schemas/entity-document';

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
