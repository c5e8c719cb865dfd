import { describe, expect, it } from 'vitest';
import { validateEntityDocument } from './validate-entity-document';

const doc = (indexes: unknown): unknown => ({
  area: 'pos',
  entity: 'till',
  version: 1,
  label: { en: 'Till' },
  navigation: '/data/pos',
  scope: 'tenant',
  fields: [
    { name: 'Name', type: 'String' },
    { name: 'Serial', type: 'String' },
    { name: 'Count', type: 'Number' },
    { name: 'Tags', type: 'Array', items: { name: 'Tag', type: 'String' } },
    { name: 'Remote', type: 'String', external: true },
  ],
  indexes,
});

const issues = (indexes: unknown) => validateEntityDocument(doc(indexes), 'pos/till.json').map((i) => [i.path, i.message]);

describe('indexes', () => {
  it('accepts lookup indexes on stored scalar fields', () => {
    expect(issues([{ fields: ['Serial'] }, { fields: ['Count', 'Name'] }])).toEqual([]);
  });

  it('names a field that does not exist, one without a column and one that is not a scalar', () => {
    expect(issues([{ fields: ['Nope'] }, { fields: ['Remote'] }, { fields: ['Tags'] }])).toEqual([
      ['/indexes/0/fields/0', "index names field 'Nope', which does not exist"],
      ['/indexes/1/fields/0', "index names field 'Remote', which is external: it has no column to index"],
      ['/indexes/2/fields/0', "index names field 'Tags' of type Array: only String, Number and Boolean fields can be indexed"],
    ]);
  });

  it('accepts a trigram index on one String field beside a B-tree index on it', () => {
    expect(issues([{ fields: ['Name'] }, { fields: ['Name'], method: 'trigram' }, { fields: ['Serial'], method: 'btree' }])).toEqual([]);
  });

  it('refuses a trigram index on several fields, on a field that is not a String, twice, and an unknown method', () => {
    expect(issues([{ fields: ['Name', 'Serial'], method: 'trigram' }])).toEqual([['/indexes/0/fields', 'a trigram index holds one String field, this one names 2: declare one trigram index per field']]);
    expect(issues([{ fields: ['Count'], method: 'trigram' }])).toEqual([['/indexes/0/fields/0', `trigram index names field 'Count' of type Number: only a String field can have one (it serves "contains")`]]);
    expect(issues([{ fields: ['Name'], method: 'trigram' }, { fields: ['Name'], method: 'trigram' }])).toEqual([['/indexes/1', 'trigram index on Name is declared twice']]);
    expect(issues([{ fields: ['Name'], method: 'hash' }]).length).toBeGreaterThan(0);
  });

  it('refuses the same index twice, an empty one and unknown keys', () => {
    expect(issues([{ fields: ['Serial'] }, { fields: ['Serial'] }])).toEqual([['/indexes/1', 'index on Serial is declared twice']]);
    expect(issues([{ fields: [] }]).length).toBeGreaterThan(0);
    expect(issues([{ fields: ['Serial'], unique: true }]).length).toBeGreaterThan(0);
  });
});
