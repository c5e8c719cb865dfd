import { describe, expect, it } from 'vitest';
import { fieldReader, resolveField } from './resolve-field';

describe('resolveField', () => {
  const record = { Kind: 2, Address: { City: 'Bern', Geo: { Lat: 46.9 } }, Tags: ['a'], Empty: null };
  it('reads top-level and dotted paths', () => {
    expect(resolveField(record, 'Kind')).toBe(2);
    expect(resolveField(record, 'Address.City')).toBe('Bern');
    expect(resolveField(record, 'Address.Geo.Lat')).toBe(46.9);
  });
  it('answers missing for absent paths and paths through non-objects', () => {
    expect(resolveField(record, 'Nope')).toBeUndefined();
    expect(resolveField(record, 'Address.Zip')).toBeUndefined();
    expect(resolveField(record, 'Kind.Value')).toBeUndefined();
    expect(resolveField(record, 'Empty.Value')).toBeUndefined();
    expect(resolveField(record, 'Tags.0')).toBeUndefined();
    expect(resolveField(record, 'Address.City.length')).toBeUndefined();
  });
  it('never reaches into prototypes', () => {
    expect(resolveField(record, 'constructor')).toBeUndefined();
    expect(resolveField(record, '__proto__')).toBeUndefined();
    expect(resolveField(record, 'Address.toString')).toBeUndefined();
  });
  it('treats a record that is not an object as having no fields', () => {
    for (const odd of [null, undefined, 3, 'text', [1, 2]]) expect(resolveField(odd, 'Kind')).toBeUndefined();
  });
  it('builds readers that agree with resolveField for long paths', () => {
    const deep = { A: { B: { C: { D: 'x' } } } };
    expect(fieldReader('A.B.C.D')(deep)).toBe('x');
    expect(fieldReader('A.B.X.D')(deep)).toBeUndefined();
  });
});
