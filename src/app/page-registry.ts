import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NavigationItem } from '../../schemas/entity-document';

/** What a registered page receives: the navigation item it was registered from. */
export interface PageProps {
  item: NavigationItem;
}

/** A page component, loaded when first opened. */
export type RegisteredPage = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * Component keys of the navigation list (server/metadata/navigation.json) to pages. A key missing here shows
 * 'This page is not available yet'; features add their key when their page lands.
 */
export const pageRegistry: Record<string, RegisteredPage> = {
  dashboard: lazy(() => import('../shell/dashboard-page').then((module) => ({ default: module.DashboardPage }))),
  'permission-matrix': lazy(() => import('../features/permissions').then((module) => ({ default: module.PermissionAdminPage }))),
  'data-grid': lazy(() => import('../features/data-grid/data-grid-page').then((module) => ({ default: module.DataGridPage }))),
  'test-mode': lazy(() => import('../shell/test-mode-page').then((module) => ({ default: module.TestModePage }))),
};

/** The page for a component key, or undefined when none is built yet. */
export function pageFor(component: string | undefined): RegisteredPage | undefined {
  return component && Object.hasOwn(pageRegistry, component) ? pageRegistry[component] : undefined;
}
