import { describe, expect, it } from 'vitest';
import type { CompiledQueryField } from '../../../schemas';
import { decodeQueryKey, encodeQueryKey, gridAddressParams, listParamsOf, orderByOf, queryContains, queryFieldMode, queryFilter, sharedLink, toggleSort } from './grid-query';

const fields: CompiledQueryField[] = [
  { field: 'Name', label: 'Name', type: 'String' },
  { field: 'Kind', label: 'Kind', type: 'Number' },
  { field: 'Active', label: 'Active', type: 'Boolean' },
  { field: 'Day', label: 'Day', type: 'String', usage: 'Date' },
  { field: 'Stamp', label: 'Stamp', type: 'String', usage: 'DateTime' },
  { field: 'UnitOid', label: 'Unit', type: 'Number', usage: 'Lookup' },
  { field: 'Status', label: 'Status', type: 'Number', usage: 'Enum' },
];

describe('grid query', () => {
  it('asks text by contained text, numbers and dates by range, booleans as any/yes/no, lookups by record, enums by option', () => {
    expect(fields.map(queryFieldMode)).toEqual(['contains', 'range', 'boolean', 'range', 'range', 'lookup', 'choice']);
  });

  it('filters by every filled field and ignores empty ones; text goes to contains', () => {
    expect(queryFilter(fields, {})).toBeUndefined();
    expect(queryFilter(fields, { Name: '', Kind: null, Day: { from: ' ', to: '' } })).toBeUndefined();
    expect(queryFilter(fields, { Name: 'Tea' })).toBeUndefined();
    expect(queryContains(fields, { Name: ' Tea ', Kind: '2' })).toEqual({ Name: 'Tea' });
    expect(queryContains(fields, { Name: '  ' })).toBeUndefined();
    expect(queryFilter(fields, { Name: 'Tea', Kind: '2', Active: false, UnitOid: 7, Status: 0 })).toEqual({
      whenAll: [
        { field: 'Kind', op: 'equal', value: 2 },
        { field: 'Active', op: 'false' },
        { field: 'UnitOid', op: 'equal', value: 7 },
        { field: 'Status', op: 'equal', value: 0 },
      ],
    });
  });

  it('turns ranges into bounds: either end, both, or one value when they meet', () => {
    expect(queryFilter(fields, { Kind: { from: '2,5' } })).toEqual({ field: 'Kind', op: 'greaterOrEqual', value: 2.5 });
    expect(queryFilter(fields, { Kind: { to: '9' } })).toEqual({ field: 'Kind', op: 'lessOrEqual', value: 9 });
    expect(queryFilter(fields, { Kind: { from: '3', to: '3' } })).toEqual({ field: 'Kind', op: 'equal', value: 3 });
    expect(queryFilter(fields, { Kind: { from: 'x', to: '4' } })).toEqual({ field: 'Kind', op: 'lessOrEqual', value: 4 });
    expect(queryFilter(fields, { Day: { from: '2026-01-01', to: '2026-01-31' } })).toEqual({
      whenAll: [
        { field: 'Day', op: 'greaterOrEqual', value: '2026-01-01' },
        { field: 'Day', op: 'lessOrEqual', value: '2026-01-31' },
      ],
    });
    // "to" a day includes that whole day of a date-time.
    expect(queryFilter(fields, { Stamp: { to: '2026-02-28' } })).toEqual({ field: 'Stamp', op: 'lessThan', value: '2026-03-01' });
  });

  it('keeps every digit of an exact decimal bound (a decimal past 15 digits) as decimal text', () => {
    const exact: CompiledQueryField[] = [{ field: 'Amount', label: 'Amount', type: 'Number', exact: true }];
    expect(queryFilter(exact, { Amount: { from: '12345678901234567890123456.7891', to: '12345678901234567890123456.7891' } })).toEqual({
      field: 'Amount',
      op: 'equal',
      value: '12345678901234567890123456.7891',
    });
    expect(queryFilter(exact, { Amount: { from: '+0012345678901234567890123456,5', to: '-0,0001' } })).toEqual({
      whenAll: [
        { field: 'Amount', op: 'greaterOrEqual', value: '12345678901234567890123456.5' },
        { field: 'Amount', op: 'lessOrEqual', value: '-0.0001' },
      ],
    });
    // A plain value (a link from before ranges) is an exact match too; an exponent within the safe range is a number.
    expect(queryFilter(exact, { Amount: '99999999999999999999999999.9999' })).toEqual({ field: 'Amount', op: 'equal', value: '99999999999999999999999999.9999' });
    expect(queryFilter(exact, { Amount: { from: '1e3' } })).toEqual({ field: 'Amount', op: 'greaterOrEqual', value: 1000 });
    expect(queryFilter(exact, { Amount: { from: '1e30' } })).toBeUndefined();
    expect(queryFilter(exact, { Amount: { from: '1.2.3' } })).toBeUndefined();
  });

  it('keeps every digit of a wide integer bound (int64 / uint64 past 2^53) as a decimal string', () => {
    const wide: CompiledQueryField[] = [{ field: 'NextNumber', label: 'Next number', type: 'Number', wide: true }];
    expect(queryFilter(wide, { NextNumber: { from: '9223372036854775806', to: '+9223372036854775807' } })).toEqual({
      whenAll: [
        { field: 'NextNumber', op: 'greaterOrEqual', value: '9223372036854775806' },
        { field: 'NextNumber', op: 'lessOrEqual', value: '9223372036854775807' },
      ],
    });
    expect(queryFilter(wide, { NextNumber: { from: '007', to: '7' } })).toEqual({ field: 'NextNumber', op: 'equal', value: '7' });
    expect(queryFilter(wide, { NextNumber: { from: '2,5' } })).toEqual({ field: 'NextNumber', op: 'greaterOrEqual', value: 2.5 });
    expect(queryFilter(wide, { NextNumber: { from: '1e30' } })).toBeUndefined();
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
    expect(listParamsOf({ values: { Name: 'ea', Kind: { from: '1' } }, q: '', sort: [] }, fields)).toEqual({
      filter: JSON.stringify({ field: 'Kind', op: 'greaterOrEqual', value: 1 }),
      contains: JSON.stringify({ Name: 'ea' }),
    });
  });

  it('round-trips the shared-link key, also with non-Latin text', () => {
    const query = { values: { Name: 'شاي 茶', Kind: { from: '1', to: '5' } }, q: 'ü', sort: [{ field: 'Name', direction: 'desc' as const }] };
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

describe('gridAddressParams', () => {
  it('keeps the query that ran, the order to run it, and the open row', () => {
    const query = { values: { Name: 'tea' }, q: 'x', sort: [{ field: 'Name', direction: 'desc' as const }] };
    const params = gridAddressParams(query, 7);
    expect(decodeQueryKey(params.get('$k'))).toEqual(query);
    expect(params.get('$start')).toBe('1');
    expect(params.get('$row')).toBe('7');
    expect(gridAddressParams(query).has('$row')).toBe(false);
  });
});
