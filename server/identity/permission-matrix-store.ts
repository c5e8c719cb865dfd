// Every SQL statement of the permission administration lives here, so the move of users and roles to the catalogue
// tables (e_identity_user / e_identity_role) is one file to adapt. Writes go through user-admin.ts.
import type { Queryable } from '../db/database';
import type { PermissionAction } from '../lib/request-context';
import { IDENTITY_TABLES } from './identity-tables';
import type { SubjectDecision } from './permission-matrix-tree';

/** Whose decisions the matrix edits. */
export type PermissionSubject = { roleOid: number } | { userOid: number };

/** A role as the subject picker lists it. */
export interface RoleListItem {
  oid: number;
  name: string;
  disabled: boolean;
}

/** A user as the subject picker lists it. */
export interface UserListItem {
  oid: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  disabled: boolean;
}

/** A tenant column: oid, business key and country code (flag). */
export interface TenantColumn {
  oid: number;
  id: string;
  country: string | null;
}

type Oid = string | number;

/** Whether the role or user exists. */
export async function subjectExists(db: Queryable, subject: PermissionSubject): Promise<boolean> {
  const [table, oid] = 'roleOid' in subject ? [IDENTITY_TABLES.role, subject.roleOid] : [IDENTITY_TABLES.user, subject.userOid];
  const found = await db.query(`select 1 from ${table} where "Oid" = $1`, [oid]);
  return found.rows.length > 0;
}

/** The subject's stored decisions for one action, every column. */
export async function subjectDecisions(db: Queryable, subject: PermissionSubject, action: PermissionAction): Promise<SubjectDecision[]> {
  const column = 'roleOid' in subject ? 'role_oid' : 'user_oid';
  const oid = 'roleOid' in subject ? subject.roleOid : subject.userOid;
  const found = await db.query<{ path: string; tenant_oid: Oid | null; allowed: boolean }>(
    `select path, tenant_oid, allowed from mate_permission where ${column} = $1 and action = $2 order by path`,
    [oid, action],
  );
  return found.rows.map((row) => ({ path: row.path, tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid), allowed: row.allowed }));
}

/** Every role, by name (disabled ones too: their decisions can still be edited, they just do not count). */
export async function listRoles(db: Queryable): Promise<RoleListItem[]> {
  const found = await db.query<{ oid: Oid; name: string; disabled: boolean }>(`select "Oid" as oid, "Name" as name, "Disabled" as disabled from ${IDENTITY_TABLES.role} order by lower("Name")`);
  return found.rows.map((row) => ({ oid: Number(row.oid), name: row.name, disabled: row.disabled }));
}

/** Every user, by username. */
export async function listUsers(db: Queryable): Promise<UserListItem[]> {
  const found = await db.query<{ oid: Oid; username: string; first_name: string | null; last_name: string | null; disabled: boolean }>(
    `select "Oid" as oid, "UserName" as username, "FirstName" as first_name, "LastName" as last_name, "Disabled" as disabled
       from ${IDENTITY_TABLES.user} order by lower("UserName")`,
  );
  return found.rows.map((row) => ({ oid: Number(row.oid), username: row.username, firstName: row.first_name, lastName: row.last_name, disabled: row.disabled }));
}

/** The roles a user holds: (role, tenant or null = every tenant). */
export async function userRoleAssignments(db: Queryable, userOid: number): Promise<{ roleOid: number; tenantOid: number | null }[]> {
  const found = await db.query<{ role_oid: Oid; tenant_oid: Oid | null }>('select role_oid, tenant_oid from mate_user_role where user_oid = $1', [userOid]);
  return found.rows.map((row) => ({ roleOid: Number(row.role_oid), tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid) }));
}

/**
 * The tenant columns for these oids, ordered by Id. Names come from the tenant entity table when the data service
 * has created it; otherwise (identity alone, tests) the oid stands in for the Id.
 */
export async function tenantColumns(db: Queryable, tenantOids: readonly number[]): Promise<TenantColumn[]> {
  if (tenantOids.length === 0) return [];
  const table = await db.query<{ name: string | null }>(`select to_regclass('e_tenancy_tenant')::text as name`);
  const named = new Map<number, TenantColumn>();
  if (table.rows[0]?.name) {
    const found = await db.query<{ Oid: Oid; Id: string | null; CountryCode: string | null }>(
      'select "Oid", "Id", "CountryCode" from e_tenancy_tenant where "Oid" = any($1::bigint[])',
      [[...tenantOids]],
    );
    for (const row of found.rows) named.set(Number(row.Oid), { oid: Number(row.Oid), id: row.Id ?? String(row.Oid), country: row.CountryCode });
  }
  return tenantOids
    .map((oid) => named.get(oid) ?? { oid, id: String(oid), country: null })
    .sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }));
}
