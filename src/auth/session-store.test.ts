import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session-store';
import { SESSION_STORAGE_KEY, type SessionStorages } from './session-storage';
import type { ProfileAnswer, SessionBackend } from './session-types';
import { fakeJwt } from './test-support/fake-jwt';
import { MemoryStorage } from './test-support/memory-storage';

const profile: ProfileAnswer = { userOid: 7, username: 'anna', emailAddress: 'anna@example.com', rootTenantOid: 1, tenantOids: [1, 2], primaryTenantOid: 2 };

function setup(options: { nowMs?: number; backend?: Partial<SessionBackend> } = {}) {
  let clock = options.nowMs ?? 1_000_000;
  const storages: SessionStorages = { persistent: new MemoryStorage(), perSession: new MemoryStorage() };
  const tokenFor = (expSeconds: number) => fakeJwt({ name: 'anna', sub: '7', exp: expSeconds });
  const backend: SessionBackend = {
    requestToken: vi.fn(async () => ({ access_token: tokenFor(Math.floor(clock / 1000) + 3600), token_type: 'Bearer', expires_in: 3600 })),
    fetchProfile: vi.fn(async () => profile),
    revokeToken: vi.fn(async () => {}),
    ...options.backend,
  };
  const make = () => createSessionStore({ backend, storages, now: () => clock });
  return { storages, backend, make, tokenFor, advance: (ms: number) => (clock += ms) };
}

describe('session store', () => {
  it('signs in, keeps user and profile, and stores the token per remember', async () => {
    const { make, storages } = setup();
    const store = make();
    await store.signIn('anna', 'secret', false);
    const snapshot = store.getSnapshot();
    expect(snapshot.status).toBe('signed-in');
    expect(snapshot.user).toMatchObject({ username: 'anna', emailAddress: 'anna@example.com', userId: '7' });
    expect(snapshot.profile).toEqual({ rootTenantOid: 1, tenantOids: [1, 2], primaryTenantOid: 2 });
    expect(storages.perSession.getItem(SESSION_STORAGE_KEY)).toContain(snapshot.token!);
    expect(storages.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull();

    await store.signIn('anna', 'secret', true);
    expect(storages.persistent.getItem(SESSION_STORAGE_KEY)).toContain(store.getSnapshot().token!);
    expect(storages.perSession.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('leaves the session anonymous when sign-in fails', async () => {
    const { make, storages } = setup({ backend: { requestToken: vi.fn(async () => Promise.reject(new Error('Unauthorized [40102]'))) } });
    const store = make();
    await expect(store.signIn('anna', 'wrong', true)).rejects.toThrow('40102');
    expect(store.getSnapshot().status).toBe('anonymous');
    expect(storages.persistent.length).toBe(0);
  });

  it('restores a stored token after a reload and checks it with the profile call', async () => {
    const first = setup();
    await first.make().signIn('anna', 'secret', true);
    const reloaded = first.make();
    expect(reloaded.getSnapshot()).toMatchObject({ ready: false, status: 'signed-in' });
    await reloaded.restore();
    expect(reloaded.getSnapshot()).toMatchObject({ ready: true, status: 'signed-in', profile: { primaryTenantOid: 2 } });
  });

  it('restore takes the profile the warm-up already asked for', async () => {
    const context = setup();
    await context.make().signIn('anna', 'secret', true);
    const reloaded = context.make();
    const calls = vi.mocked(context.backend.fetchProfile).mock.calls.length;
    reloaded.warmUp();
    reloaded.warmUp();
    expect(reloaded.getSnapshot().ready).toBe(false);
    await reloaded.restore();
    expect(vi.mocked(context.backend.fetchProfile).mock.calls.length).toBe(calls + 1);
    expect(reloaded.getSnapshot()).toMatchObject({ ready: true, status: 'signed-in', profile: { primaryTenantOid: 2 } });
  });

  it('a failed warm-up is asked again by restore, not taken as the end of the session', async () => {
    const context = setup();
    await context.make().signIn('anna', 'secret', true);
    context.backend.fetchProfile = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValue(profile);
    const reloaded = context.make();
    reloaded.warmUp();
    await reloaded.restore();
    expect(context.backend.fetchProfile).toHaveBeenCalledTimes(2);
    expect(reloaded.getSnapshot()).toMatchObject({ ready: true, status: 'signed-in' });
  });

  it('does not warm up without a stored session', () => {
    const context = setup();
    context.make().warmUp();
    expect(context.backend.fetchProfile).not.toHaveBeenCalled();
  });

  it('clears the token when the restore fails', async () => {
    const context = setup();
    await context.make().signIn('anna', 'secret', true);
    context.backend.fetchProfile = vi.fn(async () => Promise.reject(new Error('401')));
    const reloaded = context.make();
    await reloaded.restore();
    expect(reloaded.getSnapshot()).toMatchObject({ ready: true, status: 'anonymous' });
    expect(reloaded.getSnapshot().token).toBeUndefined();
    expect(context.storages.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('treats the ANONYMOUS token as always valid', async () => {
    const { make, storages, advance } = setup();
    storages.persistent.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'ANONYMOUS', username: 'guest' }));
    const store = make();
    await store.restore();
    advance(10 * 365 * 24 * 3600_000);
    expect(store.getToken()).toBe('ANONYMOUS');
    expect(store.getSnapshot().status).toBe('signed-in');
  });

  it('hands out the token until 5 s before expiry, then waits for a re-login', async () => {
    const { make, advance, backend } = setup();
    const store = make();
    await store.signIn('anna', 'secret', false);
    const first = store.getSnapshot().token;
    advance(3600_000 - 5_001);
    expect(store.getToken()).toBe(first);
    advance(1);
    const pending = store.getToken();
    expect(pending).toBeInstanceOf(Promise);
    expect(store.getSnapshot()).toMatchObject({ status: 'locked', reloginReason: 'expired' });
    let settled: string | undefined;
    void (pending as Promise<string | undefined>).then((token) => (settled = token));
    await Promise.resolve();
    expect(settled).toBeUndefined();

    await store.signIn('anna', 'secret', false);
    await Promise.resolve();
    expect(backend.requestToken).toHaveBeenCalledTimes(2);
    expect(settled).toBe(store.getSnapshot().token);
    expect(settled).not.toBe(first);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(store.getSnapshot().reloginReason).toBeUndefined();
  });

  it('lets waiting calls go on without a token when the user signs out instead ("someone else")', async () => {
    const { make, advance, backend } = setup();
    const store = make();
    await store.signIn('anna', 'secret', false);
    advance(3600_000);
    const pending = store.getToken() as Promise<string | undefined>;
    await store.signOut();
    await expect(pending).resolves.toBeUndefined();
    // An expired token is not sent to the logout call: the server would refuse it anyway.
    expect(backend.revokeToken).not.toHaveBeenCalled();
  });

  it('asks for a re-login at start when the stored token has expired', async () => {
    const context = setup();
    await context.make().signIn('anna', 'secret', true);
    context.advance(7200_000);
    const reloaded = context.make();
    await reloaded.restore();
    expect(reloaded.getSnapshot()).toMatchObject({ ready: true, status: 'locked', reloginReason: 'expired', user: { username: 'anna' } });
  });

  it('signs out: revokes the token on the server and forgets it here', async () => {
    const { make, storages, backend } = setup();
    const store = make();
    await store.signIn('anna', 'secret', true);
    const token = store.getSnapshot().token;
    await store.signOut();
    expect(backend.revokeToken).toHaveBeenCalledWith(token);
    expect(store.getSnapshot().status).toBe('anonymous');
    expect(store.getSnapshot().token).toBeUndefined();
    expect(store.getSnapshot().user).toBeUndefined();
    expect(storages.persistent.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(store.getToken()).toBeUndefined();
  });

  it('locks with reason lock and unlocks on sign-in; an expiry does not replace the lock reason', async () => {
    const { make, advance } = setup();
    const store = make();
    await store.signIn('anna', 'secret', false);
    store.lock();
    expect(store.getSnapshot()).toMatchObject({ status: 'locked', reloginReason: 'lock' });
    advance(3600_000);
    void store.getToken();
    expect(store.getSnapshot().reloginReason).toBe('lock');
    await store.signIn('anna', 'secret', false);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(store.getSnapshot().reloginReason).toBeUndefined();
  });

  it('locks with reason idle and its minutes, keeps the token for the calls under way, and unlocks on sign-in', async () => {
    const { make } = setup();
    const store = make();
    await store.signIn('anna', 'secret', false);
    const token = store.getSnapshot().token;
    store.lockIdle(15);
    expect(store.getSnapshot()).toMatchObject({ status: 'locked', reloginReason: 'idle', idleMinutes: 15, user: { username: 'anna' } });
    expect(store.getToken()).toBe(token);
    // Locked already: a manual lock does not change the reason the dialog gives.
    store.lock();
    expect(store.getSnapshot()).toMatchObject({ reloginReason: 'idle', idleMinutes: 15 });
    await store.signIn('anna', 'secret', false);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(store.getSnapshot().reloginReason).toBeUndefined();
    expect(store.getSnapshot().idleMinutes).toBeUndefined();
  });

  it('a reload opens a locked session locked, with its reason; signing in again ends the lock for the next reload', async () => {
    const context = setup();
    const store = context.make();
    await store.signIn('anna', 'secret', false);
    store.lockIdle(20);
    const reloaded = context.make();
    await reloaded.restore();
    expect(reloaded.getSnapshot()).toMatchObject({ ready: true, status: 'locked', reloginReason: 'idle', idleMinutes: 20, user: { username: 'anna' } });
    await reloaded.signIn('anna', 'secret', false);
    const again = context.make();
    await again.restore();
    expect(again.getSnapshot()).toMatchObject({ status: 'signed-in' });
    again.lock();
    const afterLock = context.make();
    await afterLock.restore();
    expect(afterLock.getSnapshot()).toMatchObject({ status: 'locked', reloginReason: 'lock' });
  });

  it('does not lock an anonymous session', () => {
    const store = setup().make();
    store.lockIdle(5);
    store.lock();
    expect(store.getSnapshot().status).toBe('anonymous');
  });

  it('notifies subscribers on every change', async () => {
    const store = setup().make();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await store.signIn('anna', 'secret', false);
    store.lock();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    await store.signOut();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
