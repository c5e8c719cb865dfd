import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['info', 5000],
    ['success', 5000],
    ['warning', 10_000],
    ['error', 15_000],
  ] as const)('closes a %s toast after %i ms', (type, ms) => {
    const store = createToastStore();
    store.show({ type, title: 't' });
    vi.advanceTimersByTime(ms - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps system errors and toasts with actions until dismissed, and logs system errors', () => {
    const log = vi.fn();
    const store = createToastStore(log);
    const system = store.show({ type: 'system-error', title: 'boom' });
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ title: 'boom' }));
    store.show({ type: 'error', title: 'needs action', actions: [{ label: 'log in', to: '/logout' }] });
    vi.advanceTimersByTime(3_600_000);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['boom', 'needs action']);
    store.dismiss(system);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['needs action']);
  });

  it('removes every toast but system errors when a new one comes', () => {
    const store = createToastStore(() => undefined);
    store.show({ type: 'system-error', title: 's' });
    store.show({ type: 'warning', title: 'w' });
    store.show({ type: 'error', title: 'e', actions: [{ label: 'x' }] });
    store.show({ type: 'info', title: 'i' });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['s', 'i']);
  });

  it('tells subscribers about changes', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.show({ type: 'info', title: 'a' });
    vi.advanceTimersByTime(5000);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.show({ type: 'info', title: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
