import { describe, expect, it } from 'vitest';
import { sameDocument, versionNotBumped } from './version-bump-warning';

const doc = { area: 'pos-supply', entity: 'gift-card', version: 3, fields: [{ name: 'Code', type: 'string', maxLength: 20 }] };

describe('versionNotBumped', () => {
  it('warns when a field changed and the version stayed, naming the version and the number to use', () => {
    const changed = { ...doc, fields: [{ name: 'Code', type: 'string', maxLength: 40 }] };
    expect(versionNotBumped('gift-card.json', doc, changed)).toEqual({
      file: 'gift-card.json',
      path: '/version',
      message: expect.stringMatching(/changed but its version did not \(still 3\): raise it \(to 4, say\)/),
    });
  });

  it('says nothing when the version was raised, or when nothing but the key order changed', () => {
    expect(versionNotBumped('f', doc, { ...doc, version: 4, fields: [] })).toBeUndefined();
    const reordered = { fields: [{ maxLength: 20, type: 'string', name: 'Code' }], version: 3, entity: 'gift-card', area: 'pos-supply' };
    expect(versionNotBumped('f', doc, reordered)).toBeUndefined();
  });

  it('still tells a changed array order apart (field order is the editor order)', () => {
    const two = { ...doc, fields: [{ name: 'A', type: 'string' }, { name: 'B', type: 'string' }] };
    expect(versionNotBumped('f', two, { ...two, fields: [...two.fields].reverse() })).toBeDefined();
  });

  it('says nothing when there is no earlier document to compare with', () => {
    expect(versionNotBumped('f', undefined, doc)).toBeUndefined();
  });
});

describe('sameDocument', () => {
  it('is JSON equality with the key order and members holding undefined left aside', () => {
    expect(sameDocument({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameDocument({ a: 1, gone: undefined }, { a: 1 })).toBe(true);
    expect(sameDocument({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameDocument({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameDocument({ a: [1] }, { a: { 0: 1 } })).toBe(false);
    expect(sameDocument({ a: '1' }, { a: 1 })).toBe(false);
    expect(sameDocument({ a: { b: 1 } }, { a: { c: 1 } })).toBe(false);
    expect(sameDocument(null, {})).toBe(false);
  });
});
