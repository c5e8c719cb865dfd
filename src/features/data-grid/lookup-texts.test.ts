import { describe, expect, it } from 'vitest';
import type { CompiledLookup } from '../../../schemas';
import { lookupBatchFilter, lookupBatchId, lookupBatchKey, lookupBatches, pageChunks, recordsByValue } from './lookup-texts';

const tax: CompiledLookup = { entity: 'Base/Tax', valueField: 'Oid', textFields: ['Name'] };
const unit: CompiledLookup = { entity: 'Base/Unit', valueField: 'Oid', textFields: ['Code', 'Name'] };
const otherUnit: CompiledLookup = { entity: 'base/unit', valueField: 'Oid', textFields: ['Name'] };
const country: CompiledLookup = { entity: 'Base/Country', valueField: 'Code', textFields: ['Name'], countryField: 'Code' };

describe('lookup batches', () => {
  it('collects the distinct values of every lookup, one batch per looked-up kind', () => {
    const rows = [
      { Oid: 1, TaxOid: 5, UnitOid: 9, PackUnitOid: 9, Country: 'DE' },
      { Oid: 2, TaxOid: 5, UnitOid: 3, PackUnitOid: 4, Country: 'AT' },
      { Oid: 3, TaxOid: null, UnitOid: undefined, PackUnitOid: '', Country: 'DE' },
    ];
    const batches = lookupBatches({ TaxOid: tax, UnitOid: unit, PackUnitOid: otherUnit, Country: country }, rows);
    expect([...batches.keys()].sort()).toEqual([lookupBatchId(country), lookupBatchId(tax), lookupBatchId(unit)].sort());
    expect(batches.get(lookupBatchId(tax))?.values).toEqual([5]);
    // Two fields looking up the same kind share one call.
    expect(batches.get(lookupBatchId(unit))?.values).toEqual([3, 4, 9]);
    expect(batches.get(lookupBatchId(country))).toEqual({ entity: 'Base/Country', valueField: 'Code', values: ['AT', 'DE'] });
  });

  it('leaves out lookups without any value and reads nested paths', () => {
    const batches = lookupBatches({ TaxOid: tax, 'Price.UnitOid': unit }, [{ TaxOid: null, Price: { UnitOid: 7 } }]);
    expect([...batches.values()]).toEqual([{ entity: 'Base/Unit', valueField: 'Oid', values: [7] }]);
  });

  it('asks for any of the values in the value field', () => {
    expect(lookupBatchFilter({ entity: 'Base/Tax', valueField: 'Oid', values: [5] })).toEqual({ field: 'Oid', op: 'equal', value: 5 });
    expect(lookupBatchFilter({ entity: 'Base/Tax', valueField: 'Oid', values: [1, 2] })).toEqual({
      whenAny: [
        { field: 'Oid', op: 'equal', value: 1 },
        { field: 'Oid', op: 'equal', value: 2 },
      ],
    });
  });

  it('keys equal batches alike and different ones apart', () => {
    const a = lookupBatches({ TaxOid: tax }, [{ TaxOid: 2 }, { TaxOid: 1 }]).get(lookupBatchId(tax))!;
    const b = lookupBatches({ TaxOid: tax }, [{ TaxOid: 1 }, { TaxOid: 2 }]).get(lookupBatchId(tax))!;
    const c = lookupBatches({ TaxOid: tax }, [{ TaxOid: 1 }]).get(lookupBatchId(tax))!;
    expect(lookupBatchKey(a)).toBe(lookupBatchKey(b));
    expect(lookupBatchKey(a)).not.toBe(lookupBatchKey(c));
  });

  it('indexes read records by the string form of their value', () => {
    const byValue = recordsByValue('Oid', [{ Oid: 5, Name: '19 %' }, { Name: 'no key' }]);
    expect(byValue.get('5')).toEqual({ Oid: 5, Name: '19 %' });
    expect(byValue.size).toBe(1);
  });

  it('splits rows into pages so earlier pages keep their batches', () => {
    expect(pageChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(pageChunks([], 50)).toEqual([]);
  });
});
