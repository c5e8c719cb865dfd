// The permissions feature's public face.
export { PermissionMatrix, type PermissionMatrixProps } from './permission-matrix';
export { clickCell, effectiveDecision, inheritedDecision, nextDecision } from './permission-cells';
export { filterPermissionRows, parsePermissionSearch } from './permission-search';
export type { Decision, MatrixColumn, PermissionTenant, PermissionTreeEntry } from './permission-types';
export { PermissionAdminPage } from './permission-admin-page';
