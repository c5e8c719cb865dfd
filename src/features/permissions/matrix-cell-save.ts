import { cellDecision, withDecision } from './permission-cells';
import type { Decision, MatrixColumn, PermissionTreeEntry } from './permission-types';

/** Changes the rows held by the caller (a React state setter fits). */
export type RowsUpdate = (change: (rows: PermissionTreeEntry[]) => PermissionTreeEntry[]) => void;

/** What saveCell needs: the click's rows before and after, how to change the shown rows, and the server call. */
export interface SaveCellOptions {
  previous: readonly PermissionTreeEntry[];
  next: readonly PermissionTreeEntry[];
  changed: { path: string; column: MatrixColumn };
  update: RowsUpdate;
  save: (cell: { path: string; tenantOid: number | null; value: Decision }) => Promise<PermissionTreeEntry>;
  onError: (error: unknown) => void;
}

/** A column's tenant oid for the server: null for Global. */
export function columnTenantOid(column: MatrixColumn): number | null {
  return column === 'global' ? null : Number(column.tenantOid);
}

/**
 * Saves one clicked cell optimistically: the new value shows at once, the server's row replaces it when the PUT
 * answers, and on failure only that cell goes back (other cells clicked meanwhile keep their values) and the error
 * is reported. Resolves to whether the save worked.
 */
export async function saveCell({ previous, next, changed, update, save, onError }: SaveCellOptions): Promise<boolean> {
  const { path, column } = changed;
  const before = previous.find((row) => row.p === path);
  const after = next.find((row) => row.p === path);
  if (!before || !after) return false;
  const oldValue = cellDecision(before, column);
  const value = cellDecision(after, column);
  update((rows) => withDecision(rows, path, column, value));
  try {
    const stored = await save({ path, tenantOid: columnTenantOid(column), value });
    update((rows) => rows.map((row) => (row.p === stored.p ? { ...row, e: stored.e, tenants: { ...row.tenants, ...stored.tenants } } : row)));
    return true;
  } catch (error) {
    update((rows) => withDecision(rows, path, column, oldValue));
    onError(error);
    return false;
  }
}
