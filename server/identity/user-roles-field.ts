import type { Queryable } from '../db/database';
import type { ExternalFieldProvider, ExternalFieldWrite, ExternalFields } from '../data/external-fields';
import { ApiError } from '../lib/api-error';
import type { RequestContext } from '../lib/request-context';
import type { IdentityContext } from './context-resolver';
import { IDENTITY_KINDS, IDENTITY_TABLES } from './identity-tables';
import { userRoleAssignments } from './permission-matrix-store';
import { requireRoleChangesInReach } from './role-changes';
import { replaceUserRoles, type RoleAssignment } from './user-admin';
import { userTenantOids } from './user-store';

/** The field of the user record (server/metadata/identity/user.json) that holds the user's roles. */
export const ROLES_FIELD = 'Roles';

/** More entries than there are sensible (tenant, role) pairs for one user: refused before any work is done. */
export const MAX_ROLE_ENTRIES = 500;

/** One element of the Roles field: a role in a tenant, or in every tenant when TenantOid is null. */
interface RoleEntry {
  TenantOid: number | null;
  RoleOid: number;
}

const refusedEntries = (message: string, status = 400) => new ApiError(status, message, { errors: { [ROLES_FIELD]: [message] } });

function identityContext(context: RequestContext): IdentityContext {
  // Only installed with identity's resolver; anything else would be a wiring mistake, never a pass.
  if (typeof (context as Partial<IdentityContext>).canGlobally !== 'function') throw new Error('the Roles field needs the identity context resolver');
  return context as IdentityContext;
}

/** Tenant and role names by oid, so messages say 'Clerk' in 'Berlin' rather than 7 in 11. */
async function namesOf(db: Queryable, assignments: readonly RoleAssignment[]): Promise<{ role: (oid: number) => string; tenant: (oid: number | null) => string }> {
  const roleOids = [...new Set(assignments.map((a) => a.roleOid))];
  const tenantOids = [...new Set(assignments.flatMap((a) => (a.tenantOid === null ? [] : [a.tenantOid])))];
  const roles = await db.query<{ oid: string | number; name: string }>(`select "Oid" as oid, "Name" as name from ${IDENTITY_TABLES.role} where "Oid" = any($1::bigint[])`, [roleOids]);
  const hasTenants = (await db.query<{ name: string | null }>(`select to_regclass('e_tenancy_tenant')::text as name`)).rows[0]?.name;
  const tenants = hasTenants ? await db.query<{ oid: string | number; name: string }>('select "Oid" as oid, "Name" as name from e_tenancy_tenant where "Oid" = any($1::bigint[])', [tenantOids]) : { rows: [] };
  const roleNames = new Map(roles.rows.map((row) => [Number(row.oid), row.name]));
  const tenantNames = new Map(tenants.rows.map((row) => [Number(row.oid), row.name]));
  return {
    role: (oid) => `role '${roleNames.get(oid) ?? oid}' (${oid})`,
    tenant: (oid) => (oid === null ? 'every tenant' : `tenant '${tenantNames.get(oid) ?? oid}' (${oid})`),
  };
}

/** The wanted entries as assignments: well-formed (the record validator ran before), none twice, not too many. */
function wantedAssignments(value: unknown): RoleAssignment[] {
  if (!Array.isArray(value)) throw refusedEntries(`${ROLES_FIELD} must be a list of { TenantOid, RoleOid }.`);
  if (value.length > MAX_ROLE_ENTRIES) throw refusedEntries(`${ROLES_FIELD} holds ${value.length} entries; at most ${MAX_ROLE_ENTRIES} are accepted.`);
  const seen = new Set<string>();
  return (value as RoleEntry[]).map((entry, index) => {
    if (entry === null || typeof entry !== 'object' || !Number.isSafeInteger(entry.RoleOid) || !(entry.TenantOid === null || Number.isSafeInteger(entry.TenantOid))) {
      throw refusedEntries(`${ROLES_FIELD}[${index}] needs a RoleOid and a TenantOid (null: every tenant).`);
    }
    const key = `${entry.RoleOid}@${entry.TenantOid}`;
    if (seen.has(key)) throw refusedEntries(`${ROLES_FIELD} lists role ${entry.RoleOid} in ${entry.TenantOid === null ? 'every tenant' : `tenant ${entry.TenantOid}`} twice.`);
    seen.add(key);
    return { roleOid: entry.RoleOid, tenantOid: entry.TenantOid };
  });
}

/** The entries of the Roles field in a stable order: every tenant first, then by tenant and role. */
const byTenantAndRole = (a: RoleAssignment, b: RoleAssignment) => (a.tenantOid ?? 0) - (b.tenantOid ?? 0) || a.roleOid - b.roleOid;

/**
 * The Roles field of a user record, kept in mate_user_role (docs/permissions.md "Roles on the user's record"). A
 * reader sees the roles held in every tenant and in the tenants they belong to; a save replaces exactly those and
 * keeps the rest, under the rule of the permission matrix (role-changes.ts), in the user write's transaction, and
 * ends the user's tokens as every role change does.
 */
export function userRolesField(knownPaths: readonly string[]): ExternalFieldProvider {
  return {
    async read(db, oids, context) {
      const visible = new Set(context.tenantOids);
      const found = await db.query<{ user_oid: string | number; role_oid: string | number; tenant_oid: string | number | null }>(
        'select user_oid, role_oid, tenant_oid from mate_user_role where user_oid = any($1::bigint[])',
        [[...oids]],
      );
      const byUser = new Map<number, RoleAssignment[]>();
      for (const row of found.rows) {
        const assignment = { roleOid: Number(row.role_oid), tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid) };
        if (assignment.tenantOid !== null && !visible.has(assignment.tenantOid)) continue;
        byUser.set(Number(row.user_oid), [...(byUser.get(Number(row.user_oid)) ?? []), assignment]);
      }
      return oids.map((oid) => (byUser.get(oid) ?? []).sort(byTenantAndRole).map((a): RoleEntry => ({ TenantOid: a.tenantOid, RoleOid: a.roleOid })));
    },

    async write(tx, write: ExternalFieldWrite) {
      const context = identityContext(write.context);
      const wanted = wantedAssignments(write.next);
      const replaced = new Set<number | null>([null, ...context.tenantOids]);
      const held = await userRoleAssignments(tx, write.oid);
      const userTenants = new Set(await userTenantOids(tx, write.oid));
      const names = await namesOf(tx, [...held, ...wanted]);
      // A role in a tenant the user does not belong to would never apply (the matrix offers no such column either).
      const stray = wanted.find((a) => a.tenantOid !== null && !userTenants.has(a.tenantOid));
      if (stray) throw refusedEntries(`The user does not belong to ${names.tenant(stray.tenantOid)}, so ${names.role(stray.roleOid)} cannot be given there: add the user to the tenant first.`);
      try {
        await requireRoleChangesInReach(tx, context, write.oid, held, wanted, replaced, knownPaths, { user: ROLES_FIELD, assignment: ROLES_FIELD });
      } catch (error) {
        throw error instanceof ApiError ? withNames(error, names) : error;
      }
      const kept = held.filter((a) => !replaced.has(a.tenantOid));
      // The same roles in another order change nothing, and end nobody's sessions.
      const key = (a: RoleAssignment) => `${a.roleOid}@${a.tenantOid}`;
      const before = new Set(held.filter((a) => replaced.has(a.tenantOid)).map(key));
      if (before.size === wanted.length && wanted.every((a) => before.has(key(a)))) return;
      await replaceUserRoles(tx, write.oid, [...kept, ...wanted]);
    },
  };
}

/**
 * The refusal of the shared rule, with roles and tenants named as the administrator knows them: the rule's messages
 * give oids ("Role 7 ... in tenant 11"), which say nothing in an editor.
 */
function withNames(error: ApiError, names: Awaited<ReturnType<typeof namesOf>>): ApiError {
  const named = (text: string) =>
    text.replace(/\b[Rr]ole (\d+)\b/g, (_, oid: string) => names.role(Number(oid))).replace(/\btenant (\d+)\b/g, (_, oid: string) => names.tenant(Number(oid)));
  const message = named(error.message);
  return new ApiError(error.status, message, { errors: { [ROLES_FIELD]: [message] } });
}

/** Identity's external fields for the data service. */
export function identityExternalFields(knownPaths: readonly string[]): ExternalFields {
  return new Map([[IDENTITY_KINDS.user, new Map([[ROLES_FIELD, userRolesField(knownPaths)]])]]);
}
