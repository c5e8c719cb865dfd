// @vitest-environment happy-dom
import { act, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

/** Renders `node` and records every content the host showed. */
async function show(node: ReactNode): Promise<{ host: HTMLElement; seen: string[] }> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const seen: string[] = [];
  new MutationObserver(() => seen.push(host.innerHTML)).observe(host, { childList: true, subtree: true });
  root = createRoot(host);
  await act(async () => root!.render(<Suspense fallback={<i>loading</i>}>{node}</Suspense>));
  return { host, seen };
}

describe('preloadable', () => {
  it('renders a preloaded component at once, without the fallback, and loads it once', async () => {
    const load = vi.fn(async () => ({ text }: { text: string }) => <p>{text}</p>);
    const Greeting = preloadable(load);
    await Greeting.preload();
    const { host, seen } = await show(<Greeting text="ready" />);
    expect(host.innerHTML).toBe('<p>ready</p>');
    expect(seen.join()).not.toContain('loading');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends while it loads when not preloaded, and loads again after a failed preload', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return () => <p>loaded</p>;
    });
    const Page = preloadable(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    fail = false;
    const { host, seen } = await show(<Page />);
    await vi.waitFor(() => expect(host.innerHTML).toBe('<p>loaded</p>'));
    expect(seen[0]).toContain('loading');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
