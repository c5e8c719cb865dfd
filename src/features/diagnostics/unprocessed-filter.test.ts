import { describe, expect, it } from 'vitest';
import type { UnprocessedDocument } from '../../../schemas/diagnostics-wire';
import { filterUnprocessed, kindsOf } from './unprocessed-filter';

const document = (oid: number, tenantOid: number, kind: string, reason: string | null): UnprocessedDocument => ({
  oid,
  country: 'DE',
  tenantOid,
  tenantName: `Tenant ${tenantOid}`,
  terminalOid: 1,
  terminalName: 'Till 1',
  terminalNumber: 1,
  locationOid: null,
  uid: `uid-${oid}`,
  id: oid * 10,
  kind,
  createdAt: '2026-04-01T10:00:00.000Z',
  receivedAt: '2026-04-01T10:00:01.000Z',
  currency: 'EUR',
  total: 3,
  reason,
});
const documents = [document(1, 7, 'sale', 'Line 1: the tax rate 16 % does not exist'), document(2, 8, 'return', null), document(3, 7, 'sale', 'Article 4711 does not exist')];

describe('the unprocessed documents filter', () => {
  it('filters by kind and by text in the reason, Uid or number, in any case', () => {
    expect(filterUnprocessed(documents, { kind: 'sale', text: '' }).map((d) => d.oid)).toEqual([1, 3]);
    expect(filterUnprocessed(documents, { kind: '', text: 'TAX RATE' }).map((d) => d.oid)).toEqual([1]);
    expect(filterUnprocessed(documents, { kind: '', text: 'uid-2' }).map((d) => d.oid)).toEqual([2]);
    expect(filterUnprocessed(documents, { kind: '', text: '30' }).map((d) => d.oid)).toEqual([3]);
    expect(filterUnprocessed(documents, { kind: 'return', text: 'article' })).toEqual([]);
  });

  it('finds a reason by the words the user reads as well as by the stored English ones', () => {
    const shown = (reason: string) => (reason.includes('tax rate') ? 'Steuersatz fehlt' : reason);
    expect(filterUnprocessed(documents, { kind: '', text: 'steuersatz' }, shown).map((d) => d.oid)).toEqual([1]);
    expect(filterUnprocessed(documents, { kind: '', text: 'tax rate' }, shown).map((d) => d.oid)).toEqual([1]);
    expect(filterUnprocessed(documents, { kind: '', text: 'steuersatz' })).toEqual([]);
  });

  it('names the kinds present', () => {
    expect(kindsOf(documents)).toEqual(['return', 'sale']);
  });
});
