import { describe, expect, it } from 'vitest';
import { checkPlaygroundDocument } from './check-playground-document';

const label = { en: 'Thing' };
const tax = { area: 'pos-supply', entity: 'tax', version: 1, label, scope: 'tenant', navigation: '/data/pos-supply', fields: [{ name: 'Name', type: 'String' }] };
const catalogue = [{ kind: 'pos-supply/tax', document: tax }];
const thing = (fields: unknown[], extensions?: unknown) => ({ area: 'demo', entity: 'thing', version: 1, label, scope: 'tenant', navigation: '/data/demo', fields, ...(extensions ? { extensions } : {}) });

describe('checkPlaygroundDocument', () => {
  it('accepts a valid document', () => {
    expect(checkPlaygroundDocument(thing([{ name: 'Name', type: 'String', required: true }]), catalogue)).toEqual([]);
  });

  it('reports a misspelt type and key with the checker path and its near-miss', () => {
    const issues = checkPlaygroundDocument(thing([{ name: 'Name', type: 'String', maxLenght: 3 }]), catalogue);
    expect(issues).toEqual([expect.objectContaining({ path: '/fields/0/maxLenght', message: expect.stringContaining("did you mean 'maxLength'?") })]);
  });

  it('checks lookups against the catalogue it is given', () => {
    const lookup = (entity: string) => thing([{ name: 'Tax', type: 'Number', managedType: 'int64', nullable: true, usage: 'Lookup' }], { lookups: { Tax: { entity, textFields: ['Name'] } } });
    expect(checkPlaygroundDocument(lookup('pos-supply/tax'), catalogue)).toEqual([]);
    expect(checkPlaygroundDocument(lookup('pos-supply/taxes'), catalogue)).toEqual([
      expect.objectContaining({ path: '/extensions/lookups/Tax/entity', message: expect.stringContaining("(did you mean 'pos-supply/tax'?)") }),
    ]);
    expect(checkPlaygroundDocument(lookup('pos-supply/tax'), [])).toHaveLength(1);
  });

  it('stands in for the kind of the same name instead of defining it twice', () => {
    expect(checkPlaygroundDocument({ ...tax, fields: [{ name: 'Rate', type: 'Number' }] }, catalogue)).toEqual([]);
  });
});
