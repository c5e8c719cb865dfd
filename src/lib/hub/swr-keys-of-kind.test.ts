import { describe, expect, it } from 'vitest';
import { changesScope, isKeyOfKind, isScopeKey } from './swr-keys-of-kind';

describe('isKeyOfKind', () => {
  it('matches string and array keys of the kind and nothing else', () => {
    expect(isKeyOfKind('/api/data/pos-supply/quantity-unit?take=50', 'pos-supply', 'quantity-unit')).toBe(true);
    expect(isKeyOfKind(['/api/data/POS-supply/quantity-unit/7', 1], 'pos-supply', 'quantity-unit')).toBe(true);
    expect(isKeyOfKind('/api/data/pos-supply/quantity-unit-group', 'pos-supply', 'quantity-unit')).toBe(false);
    expect(isKeyOfKind('/api/settings/scope', 'pos-supply', 'quantity-unit')).toBe(false);
    expect(isKeyOfKind({ url: '/api/data/pos-supply/quantity-unit' }, 'pos-supply', 'quantity-unit')).toBe(false);
  });
});

describe('isScopeKey', () => {
  it('matches the scope tree of any user and no other key', () => {
    expect(isScopeKey(['/api/settings/scope', '7'])).toBe(true);
    expect(isScopeKey('/api/settings/scope')).toBe(true);
    expect(isScopeKey(['/api/data/tenancy/tenant', '7'])).toBe(false);
    expect(isScopeKey('/api/settings/scope/x')).toBe(false);
  });
});

describe('changesScope', () => {
  it('is true for the tenancy kinds the scope tree is made of, false for others', () => {
    expect(changesScope({ area: 'tenancy' })).toBe(true);
    expect(changesScope({ area: 'Tenancy' })).toBe(true);
    expect(changesScope({ area: 'pos-supply' })).toBe(false);
  });
});
