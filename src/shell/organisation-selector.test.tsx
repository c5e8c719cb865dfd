// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const tenancy = vi.hoisted(() => ({
  value: { userId: '1', tenantOid: 1 as number | undefined, tenants: [] as Array<{ oid: number; text: string; country?: string }>, recentOids: [] as number[], selectorVisible: true, chooseTenant: (_oid: number) => undefined as void },
}));
vi.mock('./tenancy-context', () => ({ useTenancy: () => tenancy.value }));
const { OrganisationSelector } = await import('./organisation-selector');

const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India'];
const tenants = (n: number) => NAMES.slice(0, n).map((text, i) => ({ oid: i + 1, text, country: i % 2 ? 'DE' : 'CH' }));

async function open(count: number, recent: number[] = [3, 2]) {
  tenancy.value = { ...tenancy.value, tenants: tenants(count), recentOids: recent, chooseTenant: vi.fn() };
  const host = document.createElement('div');
  document.body.append(host);
  await act(async () =>
    createRoot(host).render(
      <ChakraProvider value={createSystem(defaultConfig)}>
        <I18nProvider i18n={i18n}>
          <OrganisationSelector />
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  await act(async () => (document.querySelector('[data-testid="organisation-selector"]') as HTMLButtonElement).click());
  const list = document.querySelector('[data-testid="organisation-list"]') as HTMLElement;
  return {
    groups: [...list.querySelectorAll('[role="group"]')].map((group) => ({ label: group.getAttribute('aria-label'), names: [...group.querySelectorAll('[data-testid="organisation-option"]')].map((option) => option.textContent) })),
    search: list.querySelector('input'),
    flags: list.querySelectorAll('svg').length,
  };
}

describe('OrganisationSelector', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lists 3 tenants in one group with flags and no search', async () => {
    const { groups, search, flags } = await open(3);
    expect(groups).toEqual([{ label: null, names: ['Alpha', 'Bravo', 'Charlie'] }]);
    expect(search).toBeNull();
    expect(flags).toBeGreaterThanOrEqual(3);
  });

  it('puts the recent ones in their own group above 7 tenants, still without search at 8', async () => {
    const { groups, search } = await open(8);
    expect(groups[0]).toEqual({ label: 'Recently used', names: ['Charlie', 'Bravo'] });
    expect(groups[1]?.label).toBe('All organisations');
    // The tree keeps every tenant, the recent ones too.
    expect(groups[1]?.names).toHaveLength(8);
    expect(search).toBeNull();
  });

  it('offers search above 8 tenants', async () => {
    const { search } = await open(9);
    expect(search).not.toBeNull();
  });

  it('forgets the search when the list closes, so reopening lists every organisation again', async () => {
    const { search } = await open(9, []);
    const options = () => document.querySelectorAll('[data-testid="organisation-list"] [data-testid="organisation-option"]').length;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'india');
      search!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(options()).toBe(1);
    const trigger = document.querySelector('[data-testid="organisation-selector"]') as HTMLButtonElement;
    await act(async () => trigger.click());
    await act(async () => trigger.click());
    expect((document.querySelector('[data-testid="organisation-list"] input') as HTMLInputElement).value).toBe('');
    expect(options()).toBe(9);
  });

  it('is used by keyboard: Down enters the list from the search, arrows move, letters jump, Up returns to the search', async () => {
    const { search } = await open(9, []);
    const key = async (key: string) => act(async () => void (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
    const focused = () => document.activeElement?.textContent;
    search!.focus();
    await key('ArrowDown');
    expect(focused()).toBe('Alpha');
    await key('ArrowDown');
    expect(focused()).toBe('Bravo');
    await key('End');
    expect(focused()).toBe('India');
    await key('d');
    expect(focused()).toBe('Delta');
    await key('Home');
    await key('ArrowUp');
    expect(document.activeElement).toBe(search);
  });

  it('names the open list for assistive technology', async () => {
    await open(3);
    expect(document.querySelector('[data-testid="organisation-list"]')?.getAttribute('aria-label')).toBe('Organisation');
  });
});
