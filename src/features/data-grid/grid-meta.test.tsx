// @vitest-environment happy-dom
import { act } from 'react';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../../../renderers/test-support/render';
import { fetchMeta, kindOfGridAddress, metaKey, preloadGridMeta } from './grid-meta';

let mounted: Rendered | undefined;
afterEach(() => {
  mounted?.unmount();
  vi.unstubAllGlobals();
});

describe('kindOfGridAddress', () => {
  it('reads the kind of a grid address, also in the embedded layout', () => {
    expect(kindOfGridAddress('/data/pos-supply/article')).toBe('pos-supply/article');
    expect(kindOfGridAddress('/e/data/pos-supply/article/')).toBe('pos-supply/article');
    expect(kindOfGridAddress('/data/a%20b/c')).toBe('a b/c');
  });

  it('answers undefined for every other path', () => {
    for (const path of ['/', '/data/pos-supply', '/data/a/b/c', '/settings/pos/article', '/x/data/a/b']) expect(kindOfGridAddress(path)).toBeUndefined();
  });
});

describe('preloadGridMeta', () => {
  it("asks once: the page's read under the same key takes the preloaded answer", async () => {
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ url }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    preloadGridMeta('Shop/Thing', 7);
    const seen: unknown[] = [];
    function Page() {
      seen.push(useSWR(metaKey('Shop/Thing', 7), fetchMeta).data);
      return null;
    }
    await act(async () => {
      mounted = render(<Page />);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(seen.at(-1)).toEqual({ url: '/api/data/shop/thing/meta' });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/data/shop/thing/meta', '/api/data/shop/thing/form-extensions']);
  });
});
