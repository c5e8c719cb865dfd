import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session-store';
import { SESSION_STORAGE_KEY } from './session-storage';
import type { ProfileAnswer, SessionBackend } from './session-types';
import { SHARED_SESSION_MARKER, type TabChannel, type TabMessage } from './tab-session-share';
import { fakeJwt } from './test-support/fake-jwt';
import { MemoryStorage } from './test-support/memory-storage';

const profile: ProfileAnswer = { userOid: 7, username: 'anna', rootTenantOid: 1, tenantOids: [1], primaryTenantOid: null };

/** One browser: a localStorage shared by its tabs, and a channel that, like BroadcastChannel, reaches the other tabs. */
function browser() {
  const persistent = new MemoryStorage();
  const handlers = new Map<number, Set<(message: TabMessage) => void>>();
  let clock = 1_000_000;
  const backend: SessionBackend = {
    requestToken: vi.fn(async () => ({ access_token: fakeJwt({ name: 'anna', sub: '7', exp: Math.floor(clock / 1000) + 3600 }), expires_in: 3600 })),
    fetchProfile: vi.fn(async () => profile),
    revokeToken: vi.fn(async () => {}),
  };
  let tabCount = 0;
  function openTab() {
    const tab = ++tabCount;
    const channel: TabChannel = {
      post: (message) => {
        const copy = structuredClone(message);
        queueMicrotask(() => {
          for (const [other, set] of handlers) if (other !== tab) for (const handler of [...set]) handler(copy);
        });
      },
      listen(handler) {
        const set = handlers.get(tab) ?? new Set();
        handlers.set(tab, set);
        set.add(handler);
        return () => set.delete(handler);
      },
    };
    const perSession = new MemoryStorage();
    const store = createSessionStore({ backend, storages: { persistent, perSession }, now: () => clock, tabs: channel, tabWaitMs: 50 });
    return { store, perSession };
  }
  return { openTab, persistent, backend, advance: (ms: number) => (clock += ms) };
}

describe('a session kept for this session only, in a new tab', () => {
  it('is taken from an open tab, so a shared link opens signed in', async () => {
    const b = browser();
    const first = b.openTab();
    await first.store.signIn('anna', 'secret', false);
    expect(b.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull(); // still not in localStorage

    const second = b.openTab();
    expect(second.store.getSnapshot()).toMatchObject({ ready: false, status: 'anonymous' }); // guards wait, no redirect yet
    await second.store.restore();
    expect(second.store.getSnapshot()).toMatchObject({ ready: true, status: 'signed-in', token: first.store.getSnapshot().token, remember: false });
    expect(second.perSession.getItem(SESSION_STORAGE_KEY)).toContain(first.store.getSnapshot().token!);
    expect(b.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('is not given by a locked or expired tab, so a new tab cannot get past the lock dialog', async () => {
    const b = browser();
    const first = b.openTab();
    await first.store.signIn('anna', 'secret', false);
    first.store.lock();
    const locked = b.openTab();
    await locked.store.restore();
    expect(locked.store.getSnapshot()).toMatchObject({ ready: true, status: 'anonymous' });

    const again = browser();
    const tab = again.openTab();
    await tab.store.signIn('anna', 'secret', false);
    again.advance(2 * 3600_000);
    const late = again.openTab();
    await late.store.restore();
    expect(late.store.getSnapshot()).toMatchObject({ ready: true, status: 'anonymous' });
  });

  it('is not waited for when no tab signed in for this session, nor after sign-out', async () => {
    const b = browser();
    const lone = b.openTab();
    expect(lone.store.getSnapshot()).toMatchObject({ ready: true, status: 'anonymous' });

    const first = b.openTab();
    await first.store.signIn('anna', 'secret', false);
    expect(b.persistent.getItem(SHARED_SESSION_MARKER)).toBe('1');
    await first.store.signOut();
    expect(b.persistent.getItem(SHARED_SESSION_MARKER)).toBeNull();
    expect(b.openTab().store.getSnapshot()).toMatchObject({ ready: true, status: 'anonymous' });
  });

  it('stops being waited for once a question went unanswered (all such tabs were closed)', async () => {
    const b = browser();
    b.persistent.setItem(SHARED_SESSION_MARKER, '1');
    const tab = b.openTab();
    expect(tab.store.getSnapshot().ready).toBe(false);
    await tab.store.restore();
    expect(tab.store.getSnapshot()).toMatchObject({ ready: true, status: 'anonymous' });
    expect(b.persistent.getItem(SHARED_SESSION_MARKER)).toBeNull();
  });
});
