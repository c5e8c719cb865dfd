import { preloadable, type PreloadableComponent } from '../lib/lazy/preloadable';
import type { NavigationItem } from '../../schemas/entity-document';

/** What a registered page receives: the navigation item it was registered from. */
export interface PageProps {
  item: NavigationItem;
}

/** A page component, loaded when first opened. */
export type RegisteredPage = PreloadableComponent<PageProps>;

/**
 * Component keys of the navigation list (server/metadata/navigation.json) to pages. A key missing here shows
 * 'This page is not available yet'; features add their key when their page lands.
 */
export const pageRegistry: Record<string, RegisteredPage> = {
  dashboard: preloadable(() => import('../shell/dashboard-page').then((module) => module.DashboardPage)),
  'permission-matrix': preloadable(() => import('../features/permissions').then((module) => module.PermissionAdminPage)),
  'data-grid': preloadable(() => import('../features/data-grid/data-grid-page').then((module) => module.DataGridPage)),
  'server-log': preloadable(() => import('../features/server-log').then((module) => module.ServerLogPage)),
  bridge: preloadable(() => import('../features/bridge').then((module) => module.BridgePage)),
  'terminal-monitoring': preloadable(() => import('../features/terminals').then((module) => module.TerminalMonitoringPage)),
  'terminal-log': preloadable(() => import('../features/terminals').then((module) => module.TerminalLogPage)),
  'terminal-server': preloadable(() => import('../features/terminals').then((module) => module.TerminalServerPage)),
  'document-viewer': preloadable(() => import('../features/documents').then((module) => module.DocumentViewerPage)),
  'report-grid': preloadable(() => import('../features/reports').then((module) => module.ReportPage)),
  'report-export': preloadable(() => import('../features/report-export').then((module) => module.ReportExportPage)),
  'framed-configuration': preloadable(() => import('../features/pos-settings').then((module) => module.PosConfigurationPage)),
  'database-usage': preloadable(() => import('../features/diagnostics').then((module) => module.DatabaseUsagePage)),
  'document-locks': preloadable(() => import('../features/diagnostics').then((module) => module.DocumentLocksPage)),
  'unprocessed-documents': preloadable(() => import('../features/diagnostics').then((module) => module.UnprocessedDocumentsPage)),
  'api-docs-swagger': preloadable(() => import('../features/api-docs').then((module) => module.SwaggerDocsPage)),
  'api-docs-scalar': preloadable(() => import('../features/api-docs').then((module) => module.ScalarDocsPage)),
  outbox: preloadable(() => import('../features/outbox').then((module) => module.OutboxPage)),
  'security-log': preloadable(() => import('../features/security-log').then((module) => module.SecurityLogPage)),
  activity: preloadable(() => import('../features/activity').then((module) => module.ActivityPage)),
  monitoring: preloadable(() => import('../features/monitoring').then((module) => module.MonitoringPage)),
  'test-mode': preloadable(() => import('../shell/test-mode-page').then((module) => module.TestModePage)),
  'shopping-cart': preloadable(() => import('../features/shopping-cart').then((module) => module.ShoppingCartPage)),
  'scan-sheet': preloadable(() => import('../features/scan-sheet').then((module) => module.ScanSheetPage)),
  dropzone: preloadable(() => import('../features/dropzone').then((module) => module.DropzonePage)),
  'quick-access-list': preloadable(() => import('../features/quick-access').then((module) => module.LayoutListPage)),
  'article-quick-selection-list': preloadable(() => import('../features/quick-access').then((module) => module.LayoutListPage)),
  'retail-icons': preloadable(() => import('../features/retail-icons').then((module) => module.RetailIconsPage)),
  messages: preloadable(() => import('../features/messages').then((module) => module.MessagesPage)),
  'visual-receipt-designer': preloadable(() => import('../features/receipt-designer').then((module) => module.ReceiptDesignerPage)),
  'exchange-rates': preloadable(() => import('../features/exchange-rates').then((module) => module.ExchangeRatesPage)),
  'schema-playground': preloadable(() => import('../features/schema-playground').then((module) => module.SchemaPlaygroundPage)),
};

/** The page for a component key, or undefined when none is built yet. */
export function pageFor(component: string | undefined): RegisteredPage | undefined {
  return component && Object.hasOwn(pageRegistry, component) ? pageRegistry[component] : undefined;
}

// The specification's fixed routes (spec 2 §2: `/` the dashboard, `/data/{dataGroup}/{dataType}` the data grids, `/document/{documentGroup}/{documentType}` the document viewer), so
// that a page's code can load before the navigation that names it has arrived.
const PAGES_BY_ROUTE: readonly [RegExp, string][] = [
  [/^(\/e)?\/?$/, 'dashboard'],
  [/^(\/e)?\/data\/[^/]+\/[^/]+\/?$/, 'data-grid'],
  [/^(\/e)?\/document\/[^/]+\/[^/]+\/?$/, 'document-viewer'],
];

/** Starts loading the page a path of a fixed route shows; does nothing for other paths. */
export function preloadPageOfPath(pathname: string): void {
  const component = PAGES_BY_ROUTE.find(([route]) => route.test(pathname))?.[1];
  void pageFor(component)?.preload();
}
