import { describe, expect, it } from 'vitest';
import { currentTenantOid, isTenantSelectorVisible } from './current-tenant';
import { organisationGroups, rememberTenant, type TenantOption } from './organisation-options';
import { encodeScopeValue, scopeHeaders } from './scope-headers';
import { currentScopeHeaders, currentScopeQuery, isDataCall, setScope } from './scope-state';

const tenants = (n: number): TenantOption[] => Array.from({ length: n }, (_, i) => ({ oid: i + 1, text: `Tenant ${String.fromCharCode(65 + i)}` }));

describe('current tenant', () => {
  it('is the chosen one, else the primary, else the only one, else the root', () => {
    expect(currentTenantOid({ tenantOids: [1, 2], primaryTenantOid: 2, rootTenantOid: 9 }, 1)).toBe(1);
    expect(currentTenantOid({ tenantOids: [1, 2], primaryTenantOid: 2, rootTenantOid: 9 }, 5)).toBe(2);
    expect(currentTenantOid({ tenantOids: [4], rootTenantOid: 9 }, undefined)).toBe(4);
    expect(currentTenantOid({ tenantOids: [1, 2], rootTenantOid: 9 }, undefined)).toBe(9);
    expect(currentTenantOid(undefined, 1)).toBeUndefined();
  });
  it('shows the selector for several tenants or a primary one', () => {
    expect(isTenantSelectorVisible({ tenantOids: [1] })).toBe(false);
    expect(isTenantSelectorVisible({ tenantOids: [1], primaryTenantOid: 1 })).toBe(true);
    expect(isTenantSelectorVisible({ tenantOids: [1, 2] })).toBe(true);
  });
});

describe('organisation selector', () => {
  it('keeps the 3 most recent', () => {
    expect(rememberTenant([3, 2, 1], 4)).toEqual([4, 3, 2]);
    expect(rememberTenant([3, 2, 1], 1)).toEqual([1, 3, 2]);
  });
  it('lists up to 7 tenants in one group without search', () => {
    const groups = organisationGroups(tenants(7), [1, 2]);
    expect(groups.recent).toEqual([]);
    expect(groups.all).toHaveLength(7);
    expect(groups.searchable).toBe(false);
  });
  it('adds a recent group above 7 tenants and search above 8', () => {
    const eight = organisationGroups(tenants(8), [5, 2]);
    expect(eight.recent.map((t) => t.oid)).toEqual([5, 2]);
    expect(eight.all).toHaveLength(8);
    expect(eight.searchable).toBe(false);
    const nine = organisationGroups(tenants(9), [5], 'tenant i');
    expect(nine.searchable).toBe(true);
    expect(nine.all.map((t) => t.oid)).toEqual([9]);
    expect(nine.recent).toEqual([]);
  });
  it('lists the tenants as a tree: the root first, its children by name below it, then theirs', () => {
    const tree = organisationGroups(
      [
        { oid: 4, text: 'Mate Schweiz', parentOid: 1 },
        { oid: 1, text: 'Mate Retail Group', parentOid: 0 },
        { oid: 5, text: 'Zürich Süd', parentOid: 4 },
        { oid: 2, text: 'Mate Deutschland', parentOid: 1 },
      ],
      [],
    ).all;
    expect(tree.map((t) => [t.text, t.depth])).toEqual([
      ['Mate Retail Group', 0],
      ['Mate Deutschland', 1],
      ['Mate Schweiz', 1],
      ['Zürich Süd', 2],
    ]);
  });
  it('searches names, codes and numbers, and keeps the ancestors of a match', () => {
    const many = [{ oid: 1, text: 'Mate Retail Group', code: 'MATE' }, ...tenants(8).map((t) => ({ ...t, oid: t.oid + 10, code: `T-${t.oid}`, parentOid: 1 }))];
    expect(organisationGroups(many, [], 't-3').all.map((t) => t.text)).toEqual(['Mate Retail Group', 'Tenant C']);
    expect(organisationGroups(many, [], '17').all.map((t) => t.text)).toEqual(['Mate Retail Group', 'Tenant G']);
    expect(organisationGroups(many, [], 'retail').all.map((t) => t.text)).toEqual(['Mate Retail Group']);
  });
  it('ignores the search text where there is no search box', () => {
    expect(organisationGroups(tenants(8), [], 'zzz').all).toHaveLength(8);
  });
});

describe('scope headers', () => {
  it('encodes oids as the server expects', () => {
    expect(encodeScopeValue(0)).toBe('104729');
    expect(encodeScopeValue(3)).toBe(String(3 * 7919 + 104729));
    expect(scopeHeaders({ tenantOid: 1 })).toEqual({ 'x-mate-tenant': '112648' });
    expect(scopeHeaders({})).toEqual({});
  });
});

describe('scope state', () => {
  it('sends the location and terminal headers beside the tenant', () => {
    setScope({ tenantOid: 2, locationOid: 10, terminalOid: 5 });
    expect(currentScopeHeaders()).toEqual({ 'x-mate-tenant': encodeScopeValue(2), 'x-mate-location': encodeScopeValue(10), 'x-mate-terminal': encodeScopeValue(5) });
    setScope({ tenantOid: 2 });
    expect(currentScopeHeaders()).toEqual({ 'x-mate-tenant': encodeScopeValue(2) });
  });
  it('adds the tenantOid query to data calls only', () => {
    setScope({ tenantOid: 2, locationOid: 10 });
    expect(currentScopeQuery('/api/data/pos-operating/document-number')).toEqual({ tenantOid: '2' });
    expect(currentScopeQuery('/api/data/tenancy/location/12/details/x')).toEqual({ tenantOid: '2' });
    expect(currentScopeQuery('/api/settings/scope')).toEqual({});
    expect(currentScopeQuery('/api/currencies/exchange-rates')).toEqual({});
    expect(isDataCall('http://127.0.0.1:3000/api/data/a/b')).toBe(true);
    expect(isDataCall('/api/database/x')).toBe(false);
    setScope({});
    expect(currentScopeQuery('/api/data/pos-operating/document-number')).toEqual({});
  });
});
