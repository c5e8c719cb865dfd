import type { Database, Queryable } from '../db/database';
import type { GuardedWrite, WriteGuard, WriteGuards } from '../data/write-guard';
import { ApiError } from '../lib/api-error';
import type { PermissionAction } from '../lib/request-context';
import { requireAnotherAdministrator } from './administrator-role';
import type { IdentityContext } from './context-resolver';
import { isSystemRole, reachOf, requireRoleInReach, requireUserInReach } from './delegation';
import { IDENTITY_KINDS, IDENTITY_TABLES } from './identity-tables';
import { ensureUserRow } from './user-store';

const USERS_PATH = '/data/identity/user';
const ROLES_PATH = '/data/identity/role';
const API_KEYS_PATH = '/data/identity/api-access';

const ACTION: Record<GuardedWrite['operation'], PermissionAction> = { create: 'Create', update: 'Update', delete: 'Delete' };

function identityContext(write: GuardedWrite): IdentityContext {
  const context = write.context as Partial<IdentityContext>;
  // Guards are only installed with identity's resolver; anything else would be a wiring mistake, never a pass.
  if (typeof context.canGlobally !== 'function') throw new Error('identity write guards need the identity context resolver');
  return write.context as IdentityContext;
}

const oidOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined);

/** Users through the grid: only users in reach; the last administrator is neither disabled nor deleted. */
function userGuard(userDb: Database, knownPaths: readonly string[]): WriteGuard {
  return {
    async check(write) {
      const db = write.conn ?? userDb;
      const context = identityContext(write);
      const reach = reachOf(context, USERS_PATH, ACTION[write.operation]);
      if (write.operation === 'create') {
        if (!reach.global && context.tenantOid === undefined) throw new ApiError(403, 'Select a tenant: a user you create joins the tenant you administer.');
        return;
      }
      const oid = oidOf(write.current?.Oid)!;
      await requireUserInReach(db, context, reach, oid, 'Oid', knownPaths);
      if (write.operation === 'delete') await requireAnotherAdministrator(db, oid, 'deleting the user');
      else if (write.next?.Disabled === true && write.current?.Disabled !== true) await requireAnotherAdministrator(db, oid, 'disabling the user');
    },
    // A user made by a tenant's delegate joins that tenant, so it lands inside the delegate's reach and nowhere else.
    async created(tx, write) {
      const context = identityContext(write);
      if (context.canGlobally(USERS_PATH, 'Create') || context.tenantOid === undefined) return;
      const oid = oidOf(write.next.Oid)!;
      await ensureUserRow(tx, oid);
      await tx.query('insert into mate_user_tenant (user_oid, tenant_oid) values ($1, $2) on conflict do nothing', [oid, context.tenantOid]);
    },
  };
}

/** API keys through the grid: the key's user, before and after a re-point, must be in reach. */
function apiKeyGuard(keyDb: Database, knownPaths: readonly string[]): WriteGuard {
  return {
    async check(write) {
      // Through the write's transaction when it has one: on PGlite a read beside it would wait for it forever.
      const db = write.conn ?? keyDb;
      const context = identityContext(write);
      const reach = reachOf(context, API_KEYS_PATH, ACTION[write.operation]);
      const before = oidOf(write.current?.UserOid);
      const after = oidOf(write.next?.UserOid);
      if (before !== undefined) await requireUserInReach(db, context, reach, before, 'UserOid', knownPaths);
      if (after !== undefined && after !== before) {
        if (!(await userRecordExists(db, after))) throw new ApiError(400, `UserOid ${after} is not an existing user.`, { errors: { UserOid: ['is not an existing user'] } });
        await requireUserInReach(db, context, reach, after, 'UserOid', knownPaths);
      }
    },
  };
}

async function userRecordExists(db: Queryable, oid: number): Promise<boolean> {
  return (await db.query(`select 1 from ${IDENTITY_TABLES.user} where "Oid" = $1`, [oid])).rowCount > 0;
}

/** Roles through the grid: only roles whose holders are all in reach; system roles keep name and state, and stay. */
function roleGuard(roleDb: Database): WriteGuard {
  return {
    async check(write) {
      if (write.operation === 'create') return;
      const db = write.conn ?? roleDb;
      const context = identityContext(write);
      const oid = oidOf(write.current?.Oid)!;
      await requireRoleInReach(db, reachOf(context, ROLES_PATH, ACTION[write.operation]), oid, 'Oid');
      if (!(await isSystemRole(db, oid))) return;
      if (write.operation === 'delete') throw new ApiError(409, `Role ${oid} is a system role: it cannot be deleted.`);
      for (const field of ['Name', 'Disabled'] as const) {
        if ((write.next?.[field] ?? null) !== (write.current?.[field] ?? null)) {
          throw new ApiError(409, `Role ${oid} is a system role: its ${field} cannot change.`, { errors: { [field]: ['cannot change on a system role'] } });
        }
      }
    },
  };
}

/** The guards identity keeps over its kinds in the data service (docs/permissions.md "Delegated administration"). */
export function identityWriteGuards(db: Database, knownPaths: readonly string[]): WriteGuards {
  return new Map<string, WriteGuard>([
    [IDENTITY_KINDS.user, userGuard(db, knownPaths)],
    [IDENTITY_KINDS.apiAccess, apiKeyGuard(db, knownPaths)],
    [IDENTITY_KINDS.role, roleGuard(db)],
  ]);
}
