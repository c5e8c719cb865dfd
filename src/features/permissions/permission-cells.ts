import type { Decision, MatrixColumn, PermissionTreeEntry } from './permission-types';

/** Where an inherited value comes from. */
export interface EffectiveDecision {
  value: Decision;
  /** The cell that decided; undefined when nothing above decides. */
  from?: { path: string; column: MatrixColumn };
  inherited: boolean;
}

/** The decision stored in one cell. */
export function cellDecision(entry: PermissionTreeEntry, column: MatrixColumn): Decision {
  return column === 'global' ? entry.e : (entry.tenants?.[column.tenantOid] ?? null);
}

function ancestors(rows: readonly PermissionTreeEntry[], path: string): PermissionTreeEntry[] {
  const byPath = new Map(rows.map((row) => [row.p, row]));
  const chain: PermissionTreeEntry[] = [];
  const seen = new Set<string>([path]);
  let parent = byPath.get(path)?.pp;
  while (parent && !seen.has(parent)) {
    seen.add(parent);
    const row = byPath.get(parent);
    if (!row) break;
    chain.push(row);
    parent = row.pp;
  }
  return chain;
}

/**
 * What a cell would inherit, following the server's order: nearest path first, and at each path the tenant's own
 * column before Global. For a tenant cell the same row's Global decision is the nearest; a Global cell looks at
 * ancestors' Global decisions only.
 */
export function inheritedDecision(rows: readonly PermissionTreeEntry[], path: string, column: MatrixColumn): EffectiveDecision {
  const self = rows.find((row) => row.p === path);
  const candidates: Array<{ row: PermissionTreeEntry; column: MatrixColumn }> = [];
  if (self && column !== 'global') candidates.push({ row: self, column: 'global' });
  for (const row of ancestors(rows, path)) {
    if (column !== 'global') candidates.push({ row, column });
    candidates.push({ row, column: 'global' });
  }
  for (const candidate of candidates) {
    const value = cellDecision(candidate.row, candidate.column);
    if (value !== null) return { value, from: { path: candidate.row.p, column: candidate.column }, inherited: true };
  }
  return { value: null, inherited: true };
}

/** The value a cell shows: its own decision, or (dimmed) the inherited one. */
export function effectiveDecision(rows: readonly PermissionTreeEntry[], path: string, column: MatrixColumn): EffectiveDecision {
  const self = rows.find((row) => row.p === path);
  const own = self ? cellDecision(self, column) : null;
  if (own !== null) return { value: own, from: { path, column }, inherited: false };
  return inheritedDecision(rows, path, column);
}

/**
 * The click cycle of spec 1 §4: a cell without a value becomes allowed when nothing above decides, denied when the
 * nearest decision above allows, and stays inherit when it denies; an allowed or denied cell goes back to inherit.
 */
export function nextDecision(current: Decision, inherited: Decision): Decision {
  if (current !== null) return null;
  if (inherited === null) return true;
  if (inherited === true) return false;
  return null;
}

/** The rows with one cell changed (a new array; rows untouched elsewhere are shared). */
export function withDecision(rows: readonly PermissionTreeEntry[], path: string, column: MatrixColumn, value: Decision): PermissionTreeEntry[] {
  return rows.map((row) => {
    if (row.p !== path) return row;
    if (column === 'global') return { ...row, e: value };
    return { ...row, tenants: { ...row.tenants, [column.tenantOid]: value } };
  });
}

/** Applies one click to a cell. */
export function clickCell(rows: readonly PermissionTreeEntry[], path: string, column: MatrixColumn): PermissionTreeEntry[] {
  const row = rows.find((candidate) => candidate.p === path);
  if (!row) return [...rows];
  return withDecision(rows, path, column, nextDecision(cellDecision(row, column), inheritedDecision(rows, path, column).value));
}

/** Depth of a row in the tree (0 for a root), for indentation. */
export function rowDepth(rows: readonly PermissionTreeEntry[], path: string): number {
  return ancestors(rows, path).length;
}
