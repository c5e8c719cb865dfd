import { describe, expect, it } from 'vitest';
import { clickCell, effectiveDecision, inheritedDecision, nextDecision, rowDepth } from './permission-cells';
import type { PermissionTreeEntry } from './permission-types';

const rows: PermissionTreeEntry[] = [
  { p: '/data', pp: null, text: 'Data', e: true },
  { p: '/data/pos', pp: '/data', text: 'Point of sale', e: null, tenants: { '2': false } },
  { p: '/data/pos/article', pp: '/data/pos', text: 'Articles', e: null },
  { p: '/reports', pp: null, text: 'Reports', e: null },
  { p: '/reports/sales', pp: '/reports', text: 'Sales', e: false },
];
const tenant = (oid: string) => ({ tenantOid: oid });

describe('nextDecision (click cycle of spec 1 §4)', () => {
  it.each([
    [null, null, true],
    [null, true, false],
    [null, false, null],
    [true, null, null],
    [true, true, null],
    [false, null, null],
    [false, false, null],
  ] as const)('current %s under inherited %s becomes %s', (current, inherited, expected) => {
    expect(nextDecision(current, inherited)).toBe(expected);
  });
});

describe('effective values', () => {
  it('shows a cell its own decision', () => {
    expect(effectiveDecision(rows, '/data', 'global')).toEqual({ value: true, from: { path: '/data', column: 'global' }, inherited: false });
  });

  it('inherits the nearest ancestor with a decision in the Global column', () => {
    expect(effectiveDecision(rows, '/data/pos/article', 'global')).toEqual({ value: true, from: { path: '/data', column: 'global' }, inherited: true });
  });

  it('lets a tenant cell inherit its tenant column of a nearer path before Global of a farther one', () => {
    expect(effectiveDecision(rows, '/data/pos/article', tenant('2'))).toMatchObject({ value: false, from: { path: '/data/pos', column: tenant('2') } });
    expect(effectiveDecision(rows, '/data/pos/article', tenant('3'))).toMatchObject({ value: true, from: { path: '/data', column: 'global' } });
  });

  it('lets a tenant cell inherit the same row’s Global decision first', () => {
    expect(inheritedDecision(rows, '/reports/sales', tenant('2'))).toMatchObject({ value: false, from: { path: '/reports/sales', column: 'global' } });
  });

  it('has no value where nothing above decides', () => {
    expect(effectiveDecision(rows, '/reports', 'global')).toEqual({ value: null, inherited: true });
  });
});

describe('clickCell', () => {
  it('allows a root without decisions, then back to inherit', () => {
    const once = clickCell(rows, '/reports', 'global');
    expect(once.find((row) => row.p === '/reports')?.e).toBe(true);
    expect(clickCell(once, '/reports', 'global').find((row) => row.p === '/reports')?.e).toBeNull();
  });

  it('denies under an allowing parent, then back to inherit', () => {
    const once = clickCell(rows, '/data/pos/article', 'global');
    expect(once.find((row) => row.p === '/data/pos/article')?.e).toBe(false);
    expect(clickCell(once, '/data/pos/article', 'global').find((row) => row.p === '/data/pos/article')?.e).toBeNull();
  });

  it('keeps inherit under a denying parent', () => {
    const once = clickCell(rows, '/data/pos/article', tenant('2'));
    expect(once.find((row) => row.p === '/data/pos/article')?.tenants?.['2']).toBeNull();
  });

  it('changes only the clicked cell', () => {
    const once = clickCell(rows, '/data/pos', tenant('3'));
    expect(once.find((row) => row.p === '/data/pos')?.tenants).toEqual({ '2': false, '3': false });
    expect(once.filter((row, index) => row !== rows[index]).map((row) => row.p)).toEqual(['/data/pos']);
  });
});

describe('rowDepth', () => {
  it('counts ancestors', () => {
    expect(rowDepth(rows, '/data')).toBe(0);
    expect(rowDepth(rows, '/data/pos/article')).toBe(2);
  });
});
