import { describe, expect, it } from 'vitest';
import type { EntityDocument } from './entity-document';
import { validateEntityDocument } from './validate-entity-document';

const doc = (scopeFields: unknown): unknown => ({
  area: 'pos',
  entity: 'till',
  version: 1,
  label: { en: 'Till' },
  navigation: '/data/pos',
  scope: 'tenant',
  fields: [
    { name: 'Name', type: 'String' },
    { name: 'LocationOid', type: 'Number' },
    { name: 'TerminalOid', type: 'Number' },
  ],
  scopeFields,
} satisfies Omit<EntityDocument, 'scopeFields'> & { scopeFields: unknown });

const issues = (scopeFields: unknown) => validateEntityDocument(doc(scopeFields), 'pos/till.json').map((i) => [i.path, i.message]);

describe('scopeFields', () => {
  it('accepts Number fields for location and terminal', () => {
    expect(issues({ location: 'LocationOid', terminal: 'TerminalOid' })).toEqual([]);
    expect(issues({ location: 'LocationOid' })).toEqual([]);
  });

  it('names a field that does not exist', () => {
    expect(issues({ location: 'StoreOid' })).toEqual([['/scopeFields/location', "scopeFields.location names field 'StoreOid', which does not exist"]]);
  });

  it('refuses a field that is not a Number', () => {
    expect(issues({ terminal: 'Name' })).toEqual([['/scopeFields/terminal', "scopeFields.terminal names field 'Name' of type String: it must be a Number field holding an oid"]]);
  });

  it('refuses one field for both roles', () => {
    expect(issues({ location: 'LocationOid', terminal: 'LocationOid' })).toEqual([['/scopeFields/terminal', "scopeFields.location and scopeFields.terminal both name 'LocationOid'"]]);
  });

  it('refuses unknown keys by shape', () => {
    const found = issues({ region: 'LocationOid' });
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBe('/scopeFields/region');
  });
});

describe('visibility', () => {
  const globalDoc = (visibility: unknown, scope: 'global' | 'tenant' = 'global'): unknown => ({
    area: 'identity',
    entity: 'badge',
    version: 1,
    label: { en: 'Badge' },
    navigation: '/data/identity',
    scope,
    fields: [
      { name: 'Name', type: 'String' },
      { name: 'UserOid', type: 'Number' },
    ],
    ...(visibility === undefined ? {} : { visibility }),
  });
  const visibilityIssues = (visibility: unknown, scope: 'global' | 'tenant' = 'global') =>
    validateEntityDocument(globalDoc(visibility, scope), 'identity/badge.json').map((i) => [i.path, i.message]);

  it('accepts each rule on a global kind', () => {
    expect(visibilityIssues({ rule: 'all' })).toEqual([]);
    expect(visibilityIssues({ rule: 'tenantField', field: 'Oid' })).toEqual([]);
    expect(visibilityIssues({ rule: 'userTenants', field: 'UserOid' })).toEqual([]);
  });

  it('is required for a global kind and refused for a tenant-scoped one', () => {
    expect(visibilityIssues(undefined)).toEqual([
      ['/visibility', "a global kind needs a visibility rule: { rule: 'all' }, { rule: 'tenantField', field } or { rule: 'userTenants', field }"],
    ]);
    expect(visibilityIssues({ rule: 'all' }, 'tenant')).toEqual([['/visibility', 'a tenant-scoped kind has no visibility rule: its rows are seen in their own tenant']]);
  });

  it('names a missing or non-Number field', () => {
    expect(visibilityIssues({ rule: 'userTenants', field: 'OwnerOid' })).toEqual([['/visibility/field', "visibility.field names field 'OwnerOid', which does not exist"]]);
    expect(visibilityIssues({ rule: 'tenantField', field: 'Name' })).toEqual([
      ['/visibility/field', "visibility.field names field 'Name' of type String: it must be a Number field holding an oid"],
    ]);
  });

  it('refuses an unknown rule by shape', () => {
    expect(visibilityIssues({ rule: 'everyone' }).length).toBeGreaterThan(0);
  });
});
