import { describe, expect, it, vi } from 'vitest';
import { pageRegistry, preloadPageOfPath } from './page-registry';

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
