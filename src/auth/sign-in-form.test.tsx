// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from './sign-in-form';
import type { TokenAnswer } from './session-types';
import { fakeSessionStore } from './test-support/fake-backend';
import { $, renderRoutes, settle, submit, typeInto, type Rendered } from './test-support/render';


let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
});

async function renderForm(settings = {}) {
  const { store, backend } = fakeSessionStore();
  const onSignedIn = vi.fn();
  rendered = await renderRoutes([{ path: '*', element: <SignInForm mode="page" onSignedIn={onSignedIn} /> }], { store, path: '/auth/login', settings });
  return { store, backend, onSignedIn, form: () => $('[data-testid=sign-in-form]')! };
}

describe('SignInForm', () => {
  it('validates before submitting: both fields required, attempt counted, form marked', async () => {
    const { backend, form } = await renderForm();
    expect(form().hasAttribute('data-validated')).toBe(false);
    await submit(form());
    expect(backend.requestToken).not.toHaveBeenCalled();
    expect(form().getAttribute('data-validated')).toBe('true');
    expect(form().getAttribute('data-invalid')).toBe('true');
    expect(form().getAttribute('data-failed-attempts')).toBe('1');
    expect($('[data-testid=username-error]')?.textContent).toBe('Please enter your username.');
    expect($('[data-testid=password-error]')?.textContent).toBe('Please enter your password.');
  });

  it('shows the server message under the button, shakes, and clears the message when the credentials change', async () => {
    const { form, store } = await renderForm();
    await typeInto($('input[name=username]'), 'anna');
    await typeInto($('input[name=password]'), 'wrong');
    await submit(form());
    await settle();
    expect($('[data-testid=sign-in-error]')?.textContent).toContain('Invalid username or password.');
    expect($('[data-shake]')).not.toBeNull();
    expect(form().getAttribute('data-failed-attempts')).toBe('1');
    expect(store.getSnapshot().status).toBe('anonymous');
    await typeInto($('input[name=password]'), 'wrong2');
    expect($('[data-testid=sign-in-error]')).toBeNull();
  });

  it('shows the user-lock icon for a locked-out user', async () => {
    const { form } = await renderForm();
    await typeInto($('input[name=username]'), 'anna');
    await typeInto($('input[name=password]'), 'locked');
    await submit(form());
    await settle();
    expect($('[data-testid=sign-in-error]')?.getAttribute('data-icon')).toBe('user-lock');
    expect($('[data-testid=sign-in-error]')?.textContent).toContain('Locked for 5 minutes');
  });

  it('says how long a sign-in back-off lasts, in the UI language', async () => {
    const { form } = await renderForm();
    await typeInto($('input[name=username]'), 'anna');
    await typeInto($('input[name=password]'), 'backoff');
    await submit(form());
    await settle();
    const text = $('[data-testid=sign-in-error]')?.textContent;
    expect(text).toContain('Too many failed sign-ins for this user. Try again in 4 seconds.');
    expect(text).not.toContain('try again in 4 seconds');
  });

  it('keeps the button from sending during a back-off and offers it again once the wait is over, or for other credentials', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { form, backend } = await renderForm();
      const button = () => $('[data-testid=sign-in-submit]') as HTMLButtonElement;
      await typeInto($('input[name=username]'), 'anna');
      await typeInto($('input[name=password]'), 'backoff');
      await submit(form());
      await settle();
      expect(button().disabled).toBe(true);
      await submit(form()); // Enter in a box while the wait runs sends nothing
      expect(backend.requestToken).toHaveBeenCalledTimes(1);
      await act(async () => void vi.advanceTimersByTime(3_900));
      expect(button().disabled).toBe(true);
      await act(async () => void vi.advanceTimersByTime(200));
      expect(button().disabled).toBe(false);
      expect($('[data-testid=sign-in-error]')).not.toBeNull(); // the message stays until the credentials change

      await submit(form());
      await settle();
      expect(button().disabled).toBe(true);
      await typeInto($('input[name=username]'), 'bert'); // another user is not held back by anna's wait
      expect(button().disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is busy while the request runs, then signs in with remember', async () => {
    const { form, store, backend, onSignedIn } = await renderForm();
    let answer: () => void = () => {};
    const original = backend.requestToken;
    backend.requestToken = vi.fn((username: string, password: string) => new Promise<TokenAnswer>((resolve) => (answer = () => resolve(original(username, password)))));
    await typeInto($('input[name=username]'), 'anna');
    await typeInto($('input[name=password]'), 'secret');
    (($('input[name=remember]') as HTMLInputElement).closest('label') as HTMLElement).click();
    await settle();
    await submit(form());
    expect(form().getAttribute('aria-busy')).toBe('true');
    expect($('button[type=submit]')?.hasAttribute('disabled')).toBe(true);
    answer();
    await settle();
    expect(form().getAttribute('aria-busy')).toBe('false');
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', remember: true });
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('offers remember and register only when the server allows them; forgot password always on the page', async () => {
    await renderForm({ rememberAllowed: false, registrationAllowed: false });
    expect($('input[name=remember]')).toBeNull();
    expect($('a[href="/auth/register"]')).toBeNull();
    expect($('a[href="/auth/reset-password"]')).not.toBeNull();
    await rendered?.unmount();
    rendered = undefined;
    await renderForm({ rememberAllowed: true, registrationAllowed: true });
    expect($('input[name=remember]')).not.toBeNull();
    expect($('a[href="/auth/register"]')).not.toBeNull();
  });
});
