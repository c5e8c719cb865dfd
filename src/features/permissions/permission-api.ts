import { apiCall, apiGet } from '../../lib/api/api-client';
import type { Decision, PermissionTenant, PermissionTreeEntry } from './permission-types';

/** The six actions a decision is stored for (spec 1 §3); the matrix edits one at a time. */
export const PERMISSION_ACTIONS = ['Read', 'Create', 'Update', 'Delete', 'Demand', 'Patch'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** 'role:<oid>' or 'user:<oid>'. */
export type SubjectKey = `role:${number}` | `user:${number}`;

export interface RoleItem {
  oid: number;
  name: string;
  disabled?: boolean;
}

export interface UserItem {
  oid: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  disabled: boolean;
}

export interface MatrixAnswer {
  subject: SubjectKey;
  action: PermissionAction;
  rows: PermissionTreeEntry[];
  tenants: PermissionTenant[];
}

/** A column of a checkbox tree: oid null is Global / every tenant. */
export interface CheckboxColumn {
  oid: number | null;
  id?: string;
  country?: string | null;
}

export interface UserRolesAnswer {
  tenants: Array<CheckboxColumn & { roles: Array<RoleItem & { held: boolean }> }>;
}

export interface PathCheck {
  p: string;
  pp: string | null;
  text: string;
  allowed: boolean;
  decision: Decision;
}

export interface SubjectPermissionsAnswer {
  subject: SubjectKey;
  action: PermissionAction;
  tenants: Array<CheckboxColumn & { paths: PathCheck[] }>;
}

/** The answer of the "why" endpoint: the outcome and the decision that produced it. */
export interface WhyAnswer {
  allowed: boolean;
  decidedBy: { subject: 'user' | 'role'; roleName?: string; path: string; tenantOid: number | null; action: PermissionAction; allowed: boolean } | null;
  text: string;
}

export const fetchSubjects = () => apiGet<{ roles: RoleItem[]; users: UserItem[] }>('/api/admin/permissions/subjects');

export const fetchMatrix = (subject: SubjectKey, action: PermissionAction) => apiGet<MatrixAnswer>('/api/admin/permissions/matrix', { subject, action });

/** Sets (true/false) or clears (null) one cell; answers the row as stored. */
export async function putMatrixCell(change: { subject: SubjectKey; path: string; tenantOid: number | null; action: PermissionAction; value: Decision }): Promise<PermissionTreeEntry> {
  return (await apiCall<{ row: PermissionTreeEntry }>('/api/admin/permissions/matrix', { method: 'PUT', body: change })).data.row;
}

export const fetchUserRoles = (userOid: number) => apiGet<UserRolesAnswer>(`/api/admin/users/${userOid}/roles`);

export async function putUserRoles(userOid: number, answer: UserRolesAnswer): Promise<UserRolesAnswer> {
  const body = { tenants: answer.tenants.map((tenant) => ({ oid: tenant.oid, roles: tenant.roles.map((role) => ({ oid: role.oid, held: role.held })) })) };
  return (await apiCall<UserRolesAnswer>(`/api/admin/users/${userOid}/roles`, { method: 'PUT', body })).data;
}

const subjectUrl = (subject: SubjectKey) => {
  const [kind, oid] = subject.split(':') as ['role' | 'user', string];
  return `/api/admin/${kind}s/${oid}/permissions`;
};

export const fetchSubjectPermissions = (subject: SubjectKey, action: PermissionAction) => apiGet<SubjectPermissionsAnswer>(subjectUrl(subject), { action });

export async function putSubjectPermissions(answer: SubjectPermissionsAnswer): Promise<SubjectPermissionsAnswer> {
  const body = { action: answer.action, tenants: answer.tenants.map((tenant) => ({ oid: tenant.oid, paths: tenant.paths.map((path) => ({ p: path.p, allowed: path.allowed })) })) };
  return (await apiCall<SubjectPermissionsAnswer>(subjectUrl(answer.subject), { method: 'PUT', body })).data;
}

export const fetchWhy = (query: { userOid: number; path: string; action: PermissionAction; tenantOid: number | null }) =>
  apiGet<WhyAnswer>('/api/admin/permissions/why', { userOid: query.userOid, path: query.path, action: query.action, tenantOid: query.tenantOid ?? undefined });
