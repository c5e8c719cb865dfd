import type { NavigationItem } from '../../../schemas/entity-document';

/** Visibility of a navigation item (spec 1 §4). */
export enum Visibility {
  Hidden = 0,
  InProgress = 1,
  Testable = 2,
  Visible = 3,
}

/** Permissions per path for the current tenant, as GET /api/ui/permissions answers. */
export type PermissionMap = Record<string, Partial<Record<'Read' | 'Create' | 'Update' | 'Delete' | 'Demand' | 'Patch', boolean>>>;

/** Progress per path, as GET /api/ui/progress answers: true in progress, false testable. */
export type ProgressMap = Record<string, boolean>;

/** The visibility of one item by its state (item.state, else the progress map) in normal or test mode. */
export function itemVisibility(state: boolean | undefined, testMode: boolean): Visibility {
  if (!testMode) return state === true ? Visibility.Hidden : Visibility.Visible;
  if (state === true) return Visibility.InProgress;
  if (state === false) return Visibility.Testable;
  return Visibility.Visible;
}

/** Whether the current tenant has a permission entry for the path (ignorePermissions pages always pass). */
export function isPermitted(item: Pick<NavigationItem, 'path' | 'ignorePermissions'>, permissions: PermissionMap): boolean {
  return item.ignorePermissions === true || permissions[item.path] !== undefined;
}

/** A navigation item with the visibility the shell shows it with. */
export interface VisibleItem extends NavigationItem {
  visibility: Visibility;
  children?: VisibleItem[];
}

/**
 * The navigation the user sees: items by state and mode, links only when permitted, and a parent shown
 * when any child is (a parent with children is never shown for itself alone).
 */
export function visibleNavigation(items: readonly NavigationItem[], options: { testMode: boolean; permissions: PermissionMap; progress?: ProgressMap }): VisibleItem[] {
  const result: VisibleItem[] = [];
  for (const item of items) {
    const own = itemVisibility(item.state ?? options.progress?.[item.path], options.testMode);
    if (item.children?.length) {
      if (own === Visibility.Hidden) continue;
      const children = visibleNavigation(item.children, options);
      if (children.length === 0) continue;
      const best = Math.max(...children.map((child) => child.visibility)) as Visibility;
      result.push({ ...item, children, visibility: Math.min(own, best) as Visibility });
    } else if (own !== Visibility.Hidden && isPermitted(item, options.permissions)) {
      result.push({ ...item, children: undefined, visibility: own });
    }
  }
  return result;
}
