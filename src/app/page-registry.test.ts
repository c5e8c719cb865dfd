import { describe, expect, it, vi } from 'vitest';
import type { NavigationItem } from '../../schemas/entity-document';
import { pageFor, pageRegistry, preloadPageOfPath } from './page-registry';

describe('preloadPageOfPath', () => {
  it.each([
    ['/', 'dashboard'],
    ['/e/', 'dashboard'],
    ['/data/pos-supply/article', 'data-grid'],
    ['/e/data/tenancy/location/', 'data-grid'],
    ['/document/receipt/sales', 'document-viewer'],
  ])('%s loads the %s page ahead', (path, component) => {
    const preload = vi.spyOn(pageRegistry[component]!, 'preload').mockResolvedValue(() => null);
    preloadPageOfPath(path);
    expect(preload).toHaveBeenCalledTimes(1);
    preload.mockRestore();
  });

  it('loads nothing for other paths', () => {
    const spies = Object.values(pageRegistry).map((page) => vi.spyOn(page, 'preload').mockResolvedValue(() => null));
    for (const path of ['/data/pos-supply', '/settings/pos/configuration', '/forbidden']) preloadPageOfPath(path);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    spies.forEach((spy) => spy.mockRestore());
  });
});

describe('the shipped navigation', () => {
  // Spec: a page of the navigation is real, or marked in progress (`state: true`) so that only test mode shows it;
  // normal mode never leads a user to 'This page is not available yet'.
  it('shows in normal mode only pages that are built', async () => {
    const { default: navigation } = await import('../../server/metadata/navigation.json');
    const unbuilt: string[] = [];
    const walk = (items: readonly NavigationItem[]) => {
      for (const item of items) {
        if (item.component && item.state !== true && !pageFor(item.component)) unbuilt.push(`${item.path} (${item.component})`);
        walk(item.children ?? []);
      }
    };
    walk(navigation as NavigationItem[]);
    expect(unbuilt).toEqual([]);
  });
});
