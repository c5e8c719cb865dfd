// @vitest-environment happy-dom
import { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentScopeHeaders, setScope } from '../lib/tenancy/scope-state';
import { encodeScopeValue } from '../lib/tenancy/scope-headers';

vi.mock('../auth', () => ({ useSession: () => ({ user: { userId: 'tenancy-test' }, profile: { tenantOids: [1, 2, 3], primaryTenantOid: 1, rootTenantOid: 1 } }) }));
vi.mock('../lib/api/api-client', () => ({ apiGet: async () => ({ items: [] }) }));
const { TenancyProvider, useTenancy } = await import('./tenancy-context');

// What a child's fetch would send: SWR starts the fetch for a new key in a layout effect of the child.
const sent: Array<string | undefined> = [];
let choose: (oid: number) => void = () => undefined;
function Fetcher() {
  const { tenantOid, chooseTenant } = useTenancy();
  choose = chooseTenant;
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
});
