// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_WAIT_MS, useIdle } from './use-idle';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe() {
  return <p>{useIdle() ? 'idle' : 'busy'}</p>;
}

function mount(): HTMLElement {
  const host = document.createElement('div');
  root = createRoot(host);
  act(() => root!.render(<Probe />));
  return host;
}

describe('useIdle', () => {
  it('is false at first and true once the browser reports an idle moment', () => {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(IDLE_WAIT_MS);
      return callbacks.push(run);
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const host = mount();
    expect(host.textContent).toBe('busy');
    act(() => callbacks.forEach((run) => run()));
    expect(host.textContent).toBe('idle');
  });

  it('cancels the wait when the part goes away first, so its work never starts', () => {
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    mount();
    act(() => root!.unmount());
    root = undefined;
    expect(cancelled).toEqual([7]);
  });

  it('falls back to the next task where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const host = mount();
    expect(host.textContent).toBe('busy');
    act(() => vi.runAllTimers());
    expect(host.textContent).toBe('idle');
  });
});
