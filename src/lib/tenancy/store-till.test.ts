import { describe, expect, it } from 'vitest';
import { appliedStoreTill, effectiveStoreTill, isStoreTillChoice, storeOptions, type StoreTillScopeItem } from './store-till';

// A scope tree as GET /api/settings/scope answers it (terminalKind ANY): two tenants; Berlin with two tills and a PIN
// pad, a closed Leipzig store, a pan terminal without a location (parentOid 0) directly under the tenant.
let index = 0;
const item = (parentIndex: number | null, type: StoreTillScopeItem['type'], oid: number, text: string, extra: Partial<StoreTillScopeItem> = {}): StoreTillScopeItem => ({
  index: index++,
  parentIndex,
  type,
  oid,
  text,
  ...extra,
});
const tree: StoreTillScopeItem[] = [
  item(null, 'GLOBAL', 0, 'Global'),
  item(0, 'COUNTRY', 0, 'Germany', { id: 'DE' }),
  item(1, 'TENANT', 2, 'Mate Deutschland', { id: 'MATE-DE', parentOid: 1 }),
  item(2, 'LOCATION', 10, 'Berlin Mitte', { id: 'DE-BER-01', parentOid: 2 }),
  item(3, 'TERMINAL', 5, 'Checkout 1', { id: '1', parentOid: 10, kind: 'POS' }),
  item(3, 'TERMINAL', 6, 'Self checkout', { id: '2', parentOid: 10, kind: 'POS', disabled: true }),
  item(3, 'TERMINAL', 5, 'PIN pad 1', { id: 'PP01', parentOid: 10, kind: 'PAN' }),
  item(2, 'LOCATION', 11, 'Leipzig', { id: 'DE-LEJ-01', parentOid: 2, deleted: true }),
  item(7, 'TERMINAL', 9, 'Checkout Leipzig', { id: '9', parentOid: 11, kind: 'POS' }),
  item(2, 'TERMINAL', 12, 'Field sales', { id: 'FS01', parentOid: 0, kind: 'PAN' }),
  item(1, 'TENANT', 3, 'Mate Österreich', { id: 'MATE-AT', parentOid: 1 }),
  item(10, 'LOCATION', 20, 'Wien', { id: 'AT-VIE-01', parentOid: 3 }),
];

describe('store options', () => {
  it("lists the tenant's open locations with their POS terminals as tills, not payment terminals", () => {
    const stores = storeOptions(tree, 2);
    expect(stores.map((store) => [store.text, store.tills.map((till) => [till.text, till.disabled])])).toEqual([
      [
        'Berlin Mitte',
        [
          ['Checkout 1', false],
          ['Self checkout', true],
        ],
      ],
    ]);
    expect(storeOptions(tree, 3).map((store) => store.text)).toEqual(['Wien']);
  });
  it('is empty without a tree, a tenant or a tenant the tree knows', () => {
    expect(storeOptions(undefined, 2)).toEqual([]);
    expect(storeOptions(tree, undefined)).toEqual([]);
    expect(storeOptions(tree, 99)).toEqual([]);
  });
});

describe('the choice that applies', () => {
  const stores = storeOptions(tree, 2);
  it('is the kept store and till of the current tenant', () => {
    const applied = effectiveStoreTill({ tenantOid: 2, locationOid: 10, terminalOid: 6 }, 2, stores);
    expect([applied?.locationOid, applied?.terminalOid, applied?.store.text, applied?.till?.text]).toEqual([10, 6, 'Berlin Mitte', 'Self checkout']);
  });
  it('is none in another tenant: changing the organisation leaves its store behind', () => {
    expect(effectiveStoreTill({ tenantOid: 2, locationOid: 10 }, 3, storeOptions(tree, 3))).toBeUndefined();
    expect(effectiveStoreTill({ tenantOid: 2, locationOid: 10 }, undefined, stores)).toBeUndefined();
  });
  it('is none for a closed or unknown location, and the store alone when its till is gone', () => {
    expect(effectiveStoreTill({ tenantOid: 2, locationOid: 11 }, 2, stores)).toBeUndefined();
    expect(effectiveStoreTill({ tenantOid: 2, locationOid: 20 }, 2, stores)).toBeUndefined();
    const tillGone = effectiveStoreTill({ tenantOid: 2, locationOid: 10, terminalOid: 9 }, 2, stores);
    expect([tillGone?.locationOid, tillGone?.terminalOid]).toEqual([10, undefined]);
    // A payment terminal's oid is no till of the store.
    expect(effectiveStoreTill({ tenantOid: 2, locationOid: 10, terminalOid: 12 }, 2, stores)?.terminalOid).toBeUndefined();
  });
  it('applies as kept, named by oid, until the tree has loaded', () => {
    const early = effectiveStoreTill({ tenantOid: 2, locationOid: 10, terminalOid: 5 }, 2, undefined);
    expect([early?.locationOid, early?.terminalOid, early?.store.text]).toEqual([10, 5, '#10']);
  });
  it('ignores a damaged kept value', () => {
    expect(isStoreTillChoice({ tenantOid: 2, locationOid: 10 })).toBe(true);
    expect(isStoreTillChoice({ tenantOid: 2, locationOid: '10' })).toBe(false);
    expect(isStoreTillChoice({ tenantOid: 2, locationOid: 10, terminalOid: -1 })).toBe(false);
    expect(isStoreTillChoice(null)).toBe(false);
    expect(effectiveStoreTill({ tenantOid: 2 } as never, 2, stores)).toBeUndefined();
  });
});

describe('what narrows a grid', () => {
  const effective = effectiveStoreTill({ tenantOid: 2, locationOid: 10, terminalOid: 5 }, 2, storeOptions(tree, 2));
  it('names the store and till where the kind has both scope fields', () => {
    const applied = appliedStoreTill({ location: 'LocationOid', terminal: 'PosTerminalOid' }, effective);
    expect([applied?.store?.text, applied?.till?.text]).toEqual(['Berlin Mitte', 'Checkout 1']);
  });
  it('names only the store where the kind has only a location field', () => {
    const applied = appliedStoreTill({ location: 'LocationOid' }, effective);
    expect([applied?.store?.text, applied?.till]).toEqual(['Berlin Mitte', undefined]);
  });
  it('says nothing for a kind without scope fields, or without a choice', () => {
    expect(appliedStoreTill(undefined, effective)).toBeUndefined();
    expect(appliedStoreTill({ terminal: 'PosTerminalOid' }, effectiveStoreTill({ tenantOid: 2, locationOid: 10 }, 2, storeOptions(tree, 2)))).toBeUndefined();
    expect(appliedStoreTill({ location: 'LocationOid' }, undefined)).toBeUndefined();
  });
});
