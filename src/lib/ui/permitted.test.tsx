// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { Permitted, PermittedView } from './permitted';

async function render(node: ReactNode): Promise<HTMLElement> {
  const host = document.createElement('div');
  await act(async () =>
    createRoot(host).render(
      <ChakraProvider value={createSystem(defaultConfig)}>
        <I18nProvider i18n={i18n}>{node}</I18nProvider>
      </ChakraProvider>,
    ),
  );
  return host;
}

describe('permission views (spec 1 §6)', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('shows permitted content as it is', async () => {
    const host = await render(<Permitted permitted>Articles</Permitted>);
    expect(host.textContent).toBe('Articles');
    expect(host.querySelector('[data-permitted]')).toBeNull();
  });

  it('dims content that is not permitted and says so to a screen reader', async () => {
    const host = await render(<Permitted permitted={false}>Articles</Permitted>);
    const dimmed = host.querySelector('[data-permitted="false"]')!;
    expect(dimmed.textContent).toBe('Articles(not permitted)');
  });

  it("shows 'view not permitted' in place of content the user may not see", async () => {
    const hidden = await render(<PermittedView permitted={false}>Secret figures</PermittedView>);
    expect(hidden.textContent).toBe('View not permitted');
    expect(hidden.querySelector('[data-testid="view-not-permitted"]')).not.toBeNull();
    const shown = await render(<PermittedView permitted>Secret figures</PermittedView>);
    expect(shown.textContent).toBe('Secret figures');
  });
});
