// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ComponentProps } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ActionDialog } from './action-dialog';

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

async function show(props: Partial<ComponentProps<typeof ActionDialog>>) {
  const onCancel = vi.fn();
  const onClick = vi.fn();
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={createSystem(defaultConfig)}>
        <I18nProvider i18n={i18n}>
          <ActionDialog title="Remove it?" testId="test-dialog" onCancel={onCancel} action={{ label: 'Remove', colorPalette: 'red', onClick, testId: 'test-action' }} {...props}>
            <p>Body text</p>
          </ActionDialog>
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  const dialog = document.querySelector<HTMLElement>('[data-testid="test-dialog"]')!;
  const buttons = [...dialog.querySelectorAll('button')];
  return { dialog, cancel: buttons.find((b) => b.textContent === 'Cancel')!, action: document.querySelector<HTMLButtonElement>('[data-testid="test-action"]')!, onCancel, onClick };
}

describe('ActionDialog', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('shows the title and body, and answers Cancel and the action', async () => {
    const { dialog, cancel, action, onCancel, onClick } = await show({});
    expect(dialog.textContent).toContain('Remove it?');
    expect(dialog.textContent).toContain('Body text');
    expect(dialog.getAttribute('role')).toBe('dialog');
    await act(async () => cancel.click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    await act(async () => action.click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is an alert dialog when asked, and while busy keeps Cancel disabled', async () => {
    const { dialog, cancel, action } = await show({ role: 'alertdialog', busy: true });
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(cancel.disabled).toBe(true);
    expect(action.getAttribute('data-loading')).not.toBeNull();
  });

  it('draws each spec size with its own style, md when none is asked for', async () => {
    const styleOf = async (props: Partial<ComponentProps<typeof ActionDialog>>) => {
      const { dialog } = await show(props);
      const className = dialog.className;
      await act(async () => root?.unmount());
      document.body.innerHTML = '';
      return className;
    };
    const [standard, md, max, fullscreen] = [await styleOf({}), await styleOf({ size: 'md' }), await styleOf({ size: 'max' }), await styleOf({ size: 'fullscreen' })];
    expect(standard).toBe(md);
    expect(new Set([md, max, fullscreen]).size).toBe(3);
  });
});
