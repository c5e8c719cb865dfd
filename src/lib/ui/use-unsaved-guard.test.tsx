// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnsavedGuard, type UnsavedGuard } from './use-unsaved-guard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
});

/** An editor page whose edits are unsaved while `dirty`; the test reads the guard and flips the flag. */
async function mount(dirty: boolean) {
  const seen: { guard?: UnsavedGuard; setDirty?: (dirty: boolean) => void } = {};
  function Editor() {
    const [isDirty, setDirty] = useState(dirty);
    seen.guard = useUnsavedGuard(isDirty);
    seen.setDirty = setDirty;
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/data/a/b', element: <Editor /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/data/a/b'] },
  );
  await act(async () => {
    root = createRoot(document.createElement('div'));
    root.render(<RouterProvider router={router} />);
  });
  return { router, seen };
}

describe('useUnsavedGuard', () => {
  it('lets everything pass while nothing is unsaved', async () => {
    const { router, seen } = await mount(false);
    const proceed = vi.fn();
    act(() => seen.guard!.confirm(proceed));
    expect(proceed).toHaveBeenCalledTimes(1);
    await act(async () => void router.navigate('/'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('holds back an action with unsaved edits until the user discards; keeping drops it', async () => {
    const { seen } = await mount(true);
    const proceed = vi.fn();
    act(() => seen.guard!.confirm(proceed));
    expect(seen.guard!.asking).toBe(true);
    expect(proceed).not.toHaveBeenCalled();
    act(() => seen.guard!.keep());
    expect(seen.guard!.asking).toBe(false);
    expect(proceed).not.toHaveBeenCalled();
    act(() => seen.guard!.confirm(proceed));
    act(() => seen.guard!.discard());
    expect(proceed).toHaveBeenCalledTimes(1);
    expect(seen.guard!.asking).toBe(false);
  });

  it('holds back a navigation to another page, but not a change of the query string', async () => {
    const { router, seen } = await mount(true);
    await act(async () => void router.navigate('/data/a/b?$k=x'));
    expect(router.state.location.search).toBe('?$k=x');
    expect(seen.guard!.asking).toBe(false);
    await act(async () => void router.navigate('/'));
    expect(router.state.location.pathname).toBe('/data/a/b');
    expect(seen.guard!.asking).toBe(true);
    await act(async () => seen.guard!.discard());
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks the browser before the tab closes or reloads, only while edits are unsaved', async () => {
    const { seen } = await mount(true);
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    act(() => seen.setDirty!(false));
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
  });
});
