// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedFlag } from './use-delayed-flag';

function Probe({ busy, minimumMs }: { busy: boolean; minimumMs?: number }) {
  return <span>{useDelayedFlag(busy, 250, minimumMs) ? 'hourglass' : 'none'}</span>;
}

describe('useDelayedFlag', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => vi.useRealTimers());

  it('shows after 250 ms of busy and hides at once when done', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Probe busy />));
    act(() => vi.advanceTimersByTime(249));
    expect(host.textContent).toBe('none');
    act(() => vi.advanceTimersByTime(1));
    expect(host.textContent).toBe('hourglass');
    act(() => root.render(<Probe busy={false} />));
    expect(host.textContent).toBe('none');
  });

  it('never shows for a navigation shorter than the delay', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Probe busy />));
    act(() => vi.advanceTimersByTime(200));
    act(() => root.render(<Probe busy={false} />));
    act(() => vi.advanceTimersByTime(1000));
    expect(host.textContent).toBe('none');
  });

  it('keeps a shown indicator for the minimum after the wait ends (body busy minimum 333 ms)', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Probe busy minimumMs={333} />));
    act(() => vi.advanceTimersByTime(250));
    expect(host.textContent).toBe('hourglass');
    act(() => vi.advanceTimersByTime(10));
    act(() => root.render(<Probe busy={false} minimumMs={333} />));
    expect(host.textContent).toBe('hourglass');
    act(() => vi.advanceTimersByTime(322));
    expect(host.textContent).toBe('hourglass');
    act(() => vi.advanceTimersByTime(1));
    expect(host.textContent).toBe('none');
  });

  it('hides at once when the wait outlasted the minimum, and shows again for the next wait', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Probe busy minimumMs={333} />));
    act(() => vi.advanceTimersByTime(250 + 400));
    act(() => root.render(<Probe busy={false} minimumMs={333} />));
    expect(host.textContent).toBe('none');
    act(() => root.render(<Probe busy minimumMs={333} />));
    act(() => vi.advanceTimersByTime(249));
    expect(host.textContent).toBe('none');
    act(() => vi.advanceTimersByTime(1));
    expect(host.textContent).toBe('hourglass');
  });

  it('shows nothing for a wait shorter than the delay, minimum or not', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Probe busy minimumMs={333} />));
    act(() => vi.advanceTimersByTime(100));
    act(() => root.render(<Probe busy={false} minimumMs={333} />));
    act(() => vi.advanceTimersByTime(1000));
    expect(host.textContent).toBe('none');
  });
});
