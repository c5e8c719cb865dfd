import { describe, expect, it } from 'vitest';
import { decodeScopeValue, encodeScopeValue, readScopeHeaders } from './scope-headers';

describe('scope header values', () => {
  it('are oid * 7919 + 104729 in decimal', () => {
    expect(encodeScopeValue(0)).toBe('104729');
    expect(encodeScopeValue(1)).toBe('112648');
    expect(encodeScopeValue(1000)).toBe(String(1000 * 7919 + 104729));
  });

  it('round-trip, including large oids', () => {
    for (const oid of [0, 1, 42, 123456789, Number.MAX_SAFE_INTEGER]) expect(decodeScopeValue(encodeScopeValue(oid))).toBe(oid);
  });

  it('reject values encodeScopeValue cannot produce', () => {
    for (const value of ['', 'abc', '-112648', '112649', '104728', '1e5', '0x1b7f8', ' 1 2']) expect(decodeScopeValue(value)).toBeUndefined();
  });

  it('readScopeHeaders answers undefined for absent headers and a 400 naming a bad one', () => {
    expect(readScopeHeaders({})).toEqual({ tenantOid: undefined, locationOid: undefined, terminalOid: undefined });
    expect(readScopeHeaders({ 'x-mate-terminal': encodeScopeValue(9) }).terminalOid).toBe(9);
    expect(() => readScopeHeaders({ 'x-mate-tenant': '5' })).toThrow(/x-mate-tenant/);
    expect(() => readScopeHeaders({ 'x-mate-tenant': [encodeScopeValue(1), encodeScopeValue(2)] })).toThrow(/x-mate-tenant/);
  });
});
