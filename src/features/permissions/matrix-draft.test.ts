import { describe, expect, it } from 'vitest';
import { isStaged, saveStagedCells, stageClick, stagedCells, withStoredCell } from './matrix-draft';
import type { PermissionTreeEntry } from './permission-types';

const ROWS: PermissionTreeEntry[] = [
  { p: '/', pp: null, text: '/', e: null, tenants: { '7': null } },
  { p: '/data', pp: '/', text: 'Data', e: null, tenants: { '7': null } },
];

describe('stageClick', () => {
  it('stages the cycle of spec 1 §4 without touching the stored rows', () => {
    const click = stageClick(ROWS, '/data', 'global');
    expect(click.changed).toBe(true);
    expect(click.rows[1]!.e).toBe(true);
    expect(ROWS[1]!.e).toBeNull();
  });

  it('says which decision a cell inherits when the cycle leaves it unchanged', () => {
    const denied = ROWS.map((row) => (row.p === '/' ? { ...row, e: false } : row));
    const click = stageClick(denied, '/data', { tenantOid: '7' });
    expect(click).toEqual({ changed: false, rows: denied, inheritsFrom: { path: '/', column: 'global' } });
  });
});

describe('stagedCells', () => {
  it('lists only cells that differ from the stored rows, and a cell clicked back is no longer staged', () => {
    const once = stageClick(ROWS, '/data', { tenantOid: '7' }).rows;
    const cells = stagedCells(ROWS, once);
    expect(cells).toEqual([{ path: '/data', column: { tenantOid: '7' }, value: true }]);
    expect(isStaged(cells, '/data', { tenantOid: '7' })).toBe(true);
    expect(isStaged(cells, '/data', 'global')).toBe(false);
    const back = stageClick(once, '/data', { tenantOid: '7' }).rows;
    expect(stagedCells(ROWS, back)).toEqual([]);
  });
});

describe('withStoredCell', () => {
  it('takes one cell of the server row and keeps the row\'s other staged cells', () => {
    const staged: PermissionTreeEntry[] = ROWS.map((row) => (row.p === '/data' ? { ...row, e: true, tenants: { '7': false } } : row));
    const next = withStoredCell(staged, { p: '/data', text: 'Data', e: true, tenants: { '7': null } }, 'global');
    expect(next[1]).toMatchObject({ e: true, tenants: { '7': false } });
  });
});

describe('saveStagedCells', () => {
  it('sends Global as tenant null and every cell in order', async () => {
    const sent: unknown[] = [];
    const result = await saveStagedCells(
      [
        { path: '/', column: 'global', value: true },
        { path: '/data', column: { tenantOid: '7' }, value: false },
      ],
      async (cell) => {
        sent.push(cell);
        return ROWS[0]!;
      },
      () => undefined,
    );
    expect(result).toEqual({ saved: 2 });
    expect(sent).toEqual([
      { path: '/', tenantOid: null, value: true },
      { path: '/data', tenantOid: 7, value: false },
    ]);
  });

  it('stops at the first failure and reports it, so the rest stays staged', async () => {
    const stored: string[] = [];
    const error = new Error('refused');
    const result = await saveStagedCells(
      [
        { path: '/', column: 'global', value: true },
        { path: '/data', column: 'global', value: true },
        { path: '/data', column: { tenantOid: '7' }, value: true },
      ],
      async (cell) => {
        if (cell.path === '/data') throw error;
        return ROWS[0]!;
      },
      (row) => stored.push(row.p),
    );
    expect(stored).toEqual(['/']);
    expect(result).toEqual({ saved: 1, failed: { cell: { path: '/data', column: 'global', value: true }, error } });
  });
});
