import { describe, expect, it } from 'vitest';
import type { CompiledQueryField } from '../../../schemas';
import { decodeQueryKey, encodeQueryKey, listParamsOf, orderByOf, queryFilter, sharedLink, toggleSort } from './grid-query';

const fields: CompiledQueryField[] = [
  { field: 'Name', label: 'Name', type: 'String' },
  { field: 'Kind', label: 'Kind', type: 'Number' },
  { field: 'Active', label: 'Active', type: 'Boolean' },
];

describe('grid query', () => {
  it('filters by every filled field and ignores empty ones', () => {
    expect(queryFilter(fields, {})).toBeUndefined();
    expect(queryFilter(fields, { Name: '', Kind: null })).toBeUndefined();
    expect(queryFilter(fields, { Name: 'Tea' })).toEqual({ field: 'Name', op: 'equal', value: 'Tea' });
    expect(queryFilter(fields, { Name: 'Tea', Kind: '2', Active: false })).toEqual({
      whenAll: [
        { field: 'Name', op: 'equal', value: 'Tea' },
        { field: 'Kind', op: 'equal', value: 2 },
        { field: 'Active', op: 'false' },
      ],
    });
  });

  it('writes orderBy and cycles a header between ascending and descending', () => {
    expect(orderByOf([{ field: 'Name', direction: 'desc' }, { field: 'Code', direction: 'asc' }])).toBe('Name desc,Code');
    expect(toggleSort([], 'Name')).toEqual([{ field: 'Name', direction: 'asc' }]);
    expect(toggleSort([{ field: 'Name', direction: 'asc' }], 'Name')).toEqual([{ field: 'Name', direction: 'desc' }]);
    expect(toggleSort([{ field: 'Name', direction: 'desc' }], 'Name')).toEqual([{ field: 'Name', direction: 'asc' }]);
    expect(toggleSort([{ field: 'Name', direction: 'desc' }], 'Code')).toEqual([{ field: 'Code', direction: 'asc' }]);
  });

  it('builds list parameters with a trimmed quick search', () => {
    expect(listParamsOf({ values: { Kind: 1 }, q: '  tee ', sort: [{ field: 'Name', direction: 'asc' }] }, fields)).toEqual({
      orderBy: 'Name',
      filter: JSON.stringify({ field: 'Kind', op: 'equal', value: 1 }),
      q: 'tee',
    });
    expect(listParamsOf({ values: {}, q: ' ', sort: [] }, fields)).toEqual({});
  });

  it('round-trips the shared-link key, also with non-Latin text', () => {
    const query = { values: { Name: 'شاي 茶' }, q: 'ü', sort: [{ field: 'Name', direction: 'desc' as const }] };
    expect(decodeQueryKey(encodeQueryKey(query))).toEqual(query);
    expect(decodeQueryKey('not base64!')).toBeUndefined();
    expect(decodeQueryKey(btoa('[1]'))).toEqual({ values: {}, q: '', sort: [] });
    expect(decodeQueryKey(null)).toBeUndefined();
  });

  it('links the query with $start and the expanded row', () => {
    const link = new URL(sharedLink('http://x', '/data/a/b', { values: {}, q: 'z', sort: [] }, 42));
    expect(link.searchParams.get('$start')).toBe('1');
    expect(link.searchParams.get('$row')).toBe('42');
    expect(decodeQueryKey(link.searchParams.get('$k'))?.q).toBe('z');
  });
});
