import { describe, expect, it } from 'vitest';
import { saveCell } from './matrix-cell-save';
import { clickCell } from './permission-cells';
import type { PermissionTreeEntry } from './permission-types';

const ROWS: PermissionTreeEntry[] = [
  { p: '/', pp: null, text: '/', e: null, tenants: { '7': null } },
  { p: '/data', pp: '/', text: 'Data', e: null, tenants: { '7': null } },
];

function holder(initial: PermissionTreeEntry[]) {
  let rows = initial;
  return { get: () => rows, update: (change: (current: PermissionTreeEntry[]) => PermissionTreeEntry[]) => void (rows = change(rows)) };
}

describe('saveCell', () => {
  it('shows the new value at once and sends Global as tenant null', async () => {
    const rows = holder(ROWS);
    const sent: unknown[] = [];
    let release!: (row: PermissionTreeEntry) => void;
    const done = saveCell({
      previous: ROWS,
      next: clickCell(ROWS, '/data', 'global'),
      changed: { path: '/data', column: 'global' },
      update: rows.update,
      save: (cell) => {
        sent.push(cell);
        return new Promise((resolve) => (release = resolve));
      },
      onError: () => undefined,
    });
    expect(rows.get()[1]!.e).toBe(true);
    expect(sent).toEqual([{ path: '/data', tenantOid: null, value: true }]);
    release({ ...ROWS[1]!, e: true });
    expect(await done).toBe(true);
  });

  it('takes the row the server answers', async () => {
    const rows = holder(ROWS);
    await saveCell({
      previous: ROWS,
      next: clickCell(ROWS, '/data', { tenantOid: '7' }),
      changed: { path: '/data', column: { tenantOid: '7' } },
      update: rows.update,
      save: async (cell) => {
        expect(cell).toEqual({ path: '/data', tenantOid: 7, value: true });
        return { ...ROWS[1]!, e: false, tenants: { '7': true } };
      },
      onError: () => undefined,
    });
    expect(rows.get()[1]).toMatchObject({ e: false, tenants: { '7': true } });
  });

  it('puts only the failed cell back and reports the error', async () => {
    const rows = holder(ROWS);
    const errors: unknown[] = [];
    let fail!: (error: Error) => void;
    const done = saveCell({
      previous: ROWS,
      next: clickCell(ROWS, '/data', 'global'),
      changed: { path: '/data', column: 'global' },
      update: rows.update,
      save: () => new Promise((_, reject) => (fail = reject)),
      onError: (error) => errors.push(error),
    });
    // Another cell changes while the first save is running; it must survive the rollback.
    rows.update((current) => current.map((row) => (row.p === '/' ? { ...row, e: false } : row)));
    fail(new Error('offline'));
    expect(await done).toBe(false);
    expect(rows.get()[1]!.e).toBeNull();
    expect(rows.get()[0]!.e).toBe(false);
    expect(errors).toHaveLength(1);
  });
});
