/** A decision in a matrix cell: true allowed, false denied, null inherit (spec 1 §3). */
export type Decision = boolean | null;

/** One row of the permission tree: path p, parent path pp, text, the Global decision e and per-tenant decisions. */
export interface PermissionTreeEntry {
  p: string;
  pp?: string | null;
  text: string;
  e: Decision;
  tenants?: Record<string, Decision>;
}

export interface PermissionTenant {
  oid: number | string;
  id: string;
  country?: string;
}

/** A matrix column: the Global column, or a tenant's by oid. */
export type MatrixColumn = 'global' | { tenantOid: string };

export const GLOBAL_COLUMN: MatrixColumn = 'global';
