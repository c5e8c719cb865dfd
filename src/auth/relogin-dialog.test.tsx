// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReloginDialog } from './relogin-dialog';
import { fakeSessionStore } from './test-support/fake-backend';
import { fakeJwt } from './test-support/fake-jwt';
import { $, renderRoutes, settle, type Rendered } from './test-support/render';

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
});

/** A store signed in with the password, or with a provider (directory, google). */
async function signedIn(provider?: 'directory' | 'google') {
  const { store, backend } = fakeSessionStore();
  backend.exchangeProviderToken = vi.fn(async () => ({ access_token: fakeJwt({ name: 'anna', sub: '7', exp: Math.floor(Date.now() / 1000) + 3600 }), expires_in: 3600 }));
  if (provider) await store.signInWithProvider(provider, 'id-token', false);
  else await store.signIn('anna', 'secret', false);
  rendered = await renderRoutes([{ path: '*', element: <ReloginDialog /> }], { store, path: '/data/shop/article' });
  return store;
}

const reason = () => $('[data-testid=relogin-reason]')?.textContent;

describe('the re-login dialog', () => {
  it('says after how many minutes without activity the session was locked, and asks for the password', async () => {
    const store = await signedIn();
    await act(async () => store.lockIdle(30));
    await settle();
    expect($('[data-testid=relogin-dialog]')?.getAttribute('data-reason')).toBe('idle');
    expect(reason()).toBe('The session was locked after 30 minutes without activity. Enter your password to continue.');
    expect($('input[name=password]')).not.toBeNull();
  });

  it('asks a session of a provider to sign in there, naming it, not for a password', async () => {
    const google = await signedIn('google');
    await act(async () => google.lockIdle(1));
    await settle();
    expect(reason()).toBe('The session was locked after 1 minute without activity. Sign in with Google to continue.');
    expect($('input[name=password]')).toBeNull();
    expect($('[data-testid=sign-in-with-google]')).not.toBeNull();
    await rendered?.unmount();

    const directory = await signedIn('directory');
    await act(async () => directory.lock());
    await settle();
    expect(reason()).toBe('The session is locked. Sign in with your work or school account to continue.');
    expect(reason()).not.toContain('password');
  });

  it('keeps the password text of a lock', async () => {
    const store = await signedIn();
    await act(async () => store.lock());
    await settle();
    expect(reason()).toBe('The session is locked. Enter your password to continue.');
  });
});
