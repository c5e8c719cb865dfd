// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toasts } from '../toasts/toast-store';
import { ConfirmDialog } from './confirm-dialog';

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  toasts.clear();
});

async function show(onConfirm: () => Promise<void>) {
  const onClose = vi.fn();
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={createSystem(defaultConfig)}>
        <I18nProvider i18n={i18n}>
          <ConfirmDialog title="Delete it?" confirmLabel="Delete" onConfirm={onConfirm} doneText="Deleted" onClose={onClose} testId="test-dialog">
            <p>It is gone for good.</p>
          </ConfirmDialog>
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  const dialog = document.querySelector<HTMLElement>('[data-testid="test-dialog"]')!;
  return { dialog, confirm: document.querySelector<HTMLButtonElement>('[data-testid="test-dialog-confirm"]')!, onClose };
}

describe('ConfirmDialog', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('asks as an alert dialog, does the work on confirm, says so and closes', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const { dialog, confirm, onClose } = await show(onConfirm);
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.textContent).toContain('It is gone for good.');
    await act(async () => confirm.click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toasts.getSnapshot().map((toast) => toast.title)).toEqual(['Deleted']);
  });

  it('stays open with the error when the work fails', async () => {
    const { confirm, onClose } = await show(() => Promise.reject(new Error('The mail is gone already.')));
    await act(async () => confirm.click());
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts.getSnapshot().some((toast) => toast.type === 'success')).toBe(false);
    expect(confirm.disabled).toBe(false);
  });
});
