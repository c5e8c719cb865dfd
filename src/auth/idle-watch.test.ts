import { describe, expect, it } from 'vitest';
import { localStorageActivity, SHARED_ACTIVITY_KEY, watchIdle, type IdleClock, type SharedActivity } from './idle-watch';
import { MemoryStorage } from './test-support/memory-storage';

/** A clock the test moves on: timers run when their time has come, in order. */
function fakeClock(start = 1_000_000) {
  let now = start;
  let timers: { at: number; run: () => void }[] = [];
  const clock: IdleClock = {
    now: () => now,
    setTimer(run, ms) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      timers = timers.filter((timer) => timer !== next);
      now = next.at;
      next.run();
    }
    now = end;
  };
  return { clock, advance, pending: () => timers.length };
}

const MINUTE = 60_000;

describe('the idle timeout', () => {
  it('locks once after the minutes without activity, counting from the start', () => {
    const { clock, advance } = fakeClock();
    let locked = 0;
    watchIdle({ timeoutMs: 5 * MINUTE, onIdle: () => locked++, clock });
    advance(5 * MINUTE - 1);
    expect(locked).toBe(0);
    advance(1);
    expect(locked).toBe(1);
    advance(60 * MINUTE);
    expect(locked).toBe(1);
  });

  it('starts again at every activity', () => {
    const { clock, advance } = fakeClock();
    let locked = 0;
    const watch = watchIdle({ timeoutMs: 5 * MINUTE, onIdle: () => locked++, clock });
    advance(4 * MINUTE);
    watch.activity();
    advance(4 * MINUTE);
    expect(locked).toBe(0);
    watch.activity();
    advance(5 * MINUTE - 1);
    expect(locked).toBe(0);
    advance(1);
    expect(locked).toBe(1);
    // Activity after the lock changes nothing: the re-login starts a new watch.
    watch.activity();
    advance(10 * MINUTE);
    expect(locked).toBe(1);
  });

  it('counts the activity of the other tabs, shared through localStorage', () => {
    const storage = new MemoryStorage();
    const one = fakeClock();
    const other = fakeClock();
    let lockedOne = 0;
    let lockedOther = 0;
    watchIdle({ timeoutMs: 5 * MINUTE, onIdle: () => lockedOne++, clock: one.clock, shared: localStorageActivity(storage) });
    const working = watchIdle({ timeoutMs: 5 * MINUTE, onIdle: () => lockedOther++, clock: other.clock, shared: localStorageActivity(storage) });
    // The user works in the other tab only; both tabs' clocks run alike.
    for (let minute = 0; minute < 12; minute++) {
      one.advance(MINUTE);
      other.advance(MINUTE);
      working.activity();
    }
    expect(storage.getItem(SHARED_ACTIVITY_KEY)).toBe(String(other.clock.now()));
    expect([lockedOne, lockedOther]).toEqual([0, 0]);
    // Then nowhere: both lock after five minutes.
    one.advance(5 * MINUTE);
    other.advance(5 * MINUTE);
    expect([lockedOne, lockedOther]).toEqual([1, 1]);
  });

  it('writes its activity for the other tabs at most once a second', () => {
    const { clock, advance } = fakeClock();
    const writes: number[] = [];
    const shared: SharedActivity = { read: () => undefined, write: (at) => writes.push(at) };
    const watch = watchIdle({ timeoutMs: 5 * MINUTE, onIdle: () => undefined, clock, shared });
    for (let i = 0; i < 10; i++) {
      advance(100);
      watch.activity();
    }
    expect(writes).toEqual([1_000_000, 1_001_000]);
  });

  it('stops: no lock after stop, and no timer left', () => {
    const { clock, advance, pending } = fakeClock();
    let locked = 0;
    const watch = watchIdle({ timeoutMs: 5 * MINUTE, onIdle: () => locked++, clock });
    watch.stop();
    expect(pending()).toBe(0);
    advance(10 * MINUTE);
    expect(locked).toBe(0);
  });

  it('reads no activity from an empty or broken store', () => {
    expect(localStorageActivity(new MemoryStorage()).read()).toBeUndefined();
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } } as unknown as Storage;
    expect(localStorageActivity(broken).read()).toBeUndefined();
    expect(() => localStorageActivity(broken).write(1)).not.toThrow();
  });

  it('works in a frame whose localStorage the browser blocks: reading the property itself throws there', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => { throw new DOMException('The document is sandboxed', 'SecurityError'); } });
    try {
      const shared = localStorageActivity();
      expect(shared.read()).toBeUndefined();
      expect(() => shared.write(1)).not.toThrow();
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor);
      else delete (globalThis as { localStorage?: Storage }).localStorage;
    }
  });
});
