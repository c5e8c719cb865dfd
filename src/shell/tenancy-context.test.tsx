// @vitest-environment happy-dom
import { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentScopeHeaders, setScope } from '../lib/tenancy/scope-state';
import { encodeScopeValue } from '../lib/tenancy/scope-headers';

vi.mock('../auth', () => ({ useSession: () => ({ user: { userId: 'tenancy-test' }, profile: { tenantOids: [1, 2, 3], primaryTenantOid: 1, rootTenantOid: 1 } }) }));
vi.mock('../lib/api/api-client', () => ({ apiGet: async () => ({ items: [] }) }));
const { TenancyProvider, useTenancy } = await import('./tenancy-context');

// What a child's fetch would send: SWR starts the fetch for a new key in a layout effect of the child.
const sent: Array<string | undefined> = [];
// What the test reads of the context: taken after each render is committed.
const captured: { tenancy?: ReturnType<typeof useTenancy> } = {};
const choose = (oid: number) => captured.tenancy!.chooseTenant(oid);
function Fetcher() {
  const tenancy = useTenancy();
  const { tenantOid } = tenancy;
  useLayoutEffect(() => {
    captured.tenancy = tenancy;
  });
  useLayoutEffect(() => {
    sent.push(currentScopeHeaders()['x-mate-tenant']);
  }, [tenantOid]);
  return null;
}

describe('TenancyProvider', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
    setScope({});
  });

  it("scopes the children's first call to the primary tenant and, once another is chosen, to that one", async () => {
    const host = document.createElement('div');
    document.body.append(host);
    await act(async () =>
      createRoot(host).render(
        <TenancyProvider>
          <Fetcher />
        </TenancyProvider>,
      ),
    );
    expect(sent).toEqual([encodeScopeValue(1)]);
    await act(async () => choose(3));
    expect(sent).toEqual([encodeScopeValue(1), encodeScopeValue(3)]);
  });

  it('sends the chosen store and till, keeps them for the user, and drops them with another organisation', async () => {
    // The kept scope tree (what the last visit received): tenant 1 with a store and its till, tenant 3 with another.
    const items = [
      { index: 0, parentIndex: null, type: 'GLOBAL', oid: 0, text: 'Global' },
      { index: 1, parentIndex: 0, type: 'COUNTRY', oid: 0, text: 'Germany' },
      { index: 2, parentIndex: 1, type: 'TENANT', oid: 1, text: 'Mate' },
      { index: 3, parentIndex: 2, type: 'LOCATION', oid: 10, parentOid: 1, id: 'BER', text: 'Berlin' },
      { index: 4, parentIndex: 3, type: 'TERMINAL', oid: 5, parentOid: 10, id: '1', text: 'Checkout 1', kind: 'POS' },
      { index: 5, parentIndex: 1, type: 'TENANT', oid: 3, text: 'Mate 3' },
      { index: 6, parentIndex: 5, type: 'LOCATION', oid: 30, parentOid: 3, id: 'HAM', text: 'Hamburg' },
    ];
    localStorage.setItem('mate.tenancy-test.scope-tree', JSON.stringify({ etag: '"t"', items }));
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <SWRConfig value={{ provider: () => new Map() }}>
          <TenancyProvider>
            <Fetcher />
          </TenancyProvider>
        </SWRConfig>,
      ),
    );
    expect(captured.tenancy?.stores?.map((store) => [store.text, store.tills.map((till) => till.text)])).toEqual([['Berlin', ['Checkout 1']]]);
    await act(async () => captured.tenancy?.chooseStoreTill({ locationOid: 10, terminalOid: 5 }));
    expect(currentScopeHeaders()).toMatchObject({ 'x-mate-location': encodeScopeValue(10), 'x-mate-terminal': encodeScopeValue(5) });
    expect(JSON.parse(localStorage.getItem('mate.tenancy-test.store-till') ?? 'null')).toEqual({ tenantOid: 1, locationOid: 10, terminalOid: 5 });

    // A new page load of the same user starts in the kept store and till.
    await act(async () => root.unmount());
    setScope({});
    const again = createRoot(host);
    await act(async () =>
      again.render(
        <SWRConfig value={{ provider: () => new Map() }}>
          <TenancyProvider>
            <Fetcher />
          </TenancyProvider>
        </SWRConfig>,
      ),
    );
    expect(captured.tenancy?.storeTill?.till?.text).toBe('Checkout 1');
    expect(currentScopeHeaders()['x-mate-terminal']).toBe(encodeScopeValue(5));

    // Another organisation: Berlin is not one of its stores, so it is dropped, also from what is kept.
    await act(async () => choose(3));
    expect(captured.tenancy?.storeTill).toBeUndefined();
    expect(currentScopeHeaders()).toEqual({ 'x-mate-tenant': encodeScopeValue(3) });
    expect(localStorage.getItem('mate.tenancy-test.store-till')).toBe('null');
    await act(async () => again.unmount());
  });
});
