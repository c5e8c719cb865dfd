import { cellDecision, clickCell, effectiveDecision } from './permission-cells';
import type { Decision, MatrixColumn, PermissionTreeEntry } from './permission-types';

/** One cell whose staged value differs from the stored one. */
export interface StagedCell {
  path: string;
  column: MatrixColumn;
  value: Decision;
}

/** What a click did: the staged rows, or (when the cycle leaves the cell as it is) the decision it inherits. */
export type StagedClick =
  | { changed: true; rows: PermissionTreeEntry[] }
  | { changed: false; rows: readonly PermissionTreeEntry[]; inheritsFrom?: { path: string; column: MatrixColumn } };

/** A column's tenant oid for the server: null for Global. */
export function columnTenantOid(column: MatrixColumn): number | null {
  return column === 'global' ? null : Number(column.tenantOid);
}

const sameColumn = (a: MatrixColumn, b: MatrixColumn) => (a === 'global' || b === 'global' ? a === b : a.tenantOid === b.tenantOid);

/** The matrix columns a row carries: Global and every tenant it names. */
function rowColumns(...rows: Array<PermissionTreeEntry | undefined>): MatrixColumn[] {
  const tenants = new Set(rows.flatMap((row) => Object.keys(row?.tenants ?? {})));
  return ['global', ...[...tenants].map((tenantOid) => ({ tenantOid }))];
}

/** The cells where the staged rows differ from the stored rows, in row order. */
export function stagedCells(stored: readonly PermissionTreeEntry[], staged: readonly PermissionTreeEntry[]): StagedCell[] {
  const storedByPath = new Map(stored.map((row) => [row.p, row]));
  const cells: StagedCell[] = [];
  for (const row of staged) {
    const before = storedByPath.get(row.p);
    if (before === row) continue;
    for (const column of rowColumns(before, row)) {
      const value = cellDecision(row, column);
      if (!before || cellDecision(before, column) !== value) cells.push({ path: row.p, column, value });
    }
  }
  return cells;
}

/** Whether one cell is among the staged changes. */
export function isStaged(cells: readonly StagedCell[], path: string, column: MatrixColumn): boolean {
  return cells.some((cell) => cell.path === path && sameColumn(cell.column, column));
}

/**
 * Stages one click of the cycle of spec 1 §4. The cycle leaves an undecided cell under a denying decision as it is
 * (it already is denied); the answer then names that decision so the user can be told why nothing happened.
 */
export function stageClick(rows: readonly PermissionTreeEntry[], path: string, column: MatrixColumn): StagedClick {
  const row = rows.find((candidate) => candidate.p === path);
  if (!row) return { changed: false, rows };
  const next = clickCell(rows, path, column);
  const after = next.find((candidate) => candidate.p === path)!;
  if (cellDecision(after, column) !== cellDecision(row, column)) return { changed: true, rows: next };
  return { changed: false, rows, inheritsFrom: effectiveDecision(rows, path, column).from };
}

/** Puts the stored value of one cell (the server's answer) into rows, leaving the row's other cells as they are. */
export function withStoredCell(rows: readonly PermissionTreeEntry[], stored: PermissionTreeEntry, column: MatrixColumn): PermissionTreeEntry[] {
  const value = cellDecision(stored, column);
  return rows.map((row) => {
    if (row.p !== stored.p) return row;
    return column === 'global' ? { ...row, e: value } : { ...row, tenants: { ...row.tenants, [column.tenantOid]: value } };
  });
}

/** How saving the staged cells went: how many were stored, and the first failure (later cells were not sent). */
export interface StagedSave {
  saved: number;
  failed?: { cell: StagedCell; error: unknown };
}

/**
 * Sends the staged cells one after the other and stops at the first failure, so what is left staged is exactly what
 * the server has not stored. `onStored` receives each cell's row as the server answers it.
 */
export async function saveStagedCells(
  cells: readonly StagedCell[],
  save: (cell: { path: string; tenantOid: number | null; value: Decision }) => Promise<PermissionTreeEntry>,
  onStored: (row: PermissionTreeEntry, cell: StagedCell) => void,
): Promise<StagedSave> {
  let saved = 0;
  for (const cell of cells) {
    try {
      onStored(await save({ path: cell.path, tenantOid: columnTenantOid(cell.column), value: cell.value }), cell);
      saved += 1;
    } catch (error) {
      return { saved, failed: { cell, error } };
    }
  }
  return { saved };
}
