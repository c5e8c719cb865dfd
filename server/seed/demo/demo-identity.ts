import type { Database } from '../../db/database';
import { IDENTITY_TABLES } from '../../identity/identity-tables';
import { createRole, createUser, setPermission, setUserRoles, setUserTenants } from '../../identity/user-admin';
import { findUserByUsername } from '../../identity/user-store';
import type { PermissionAction } from '../../lib/request-context';
import { addDays, isoDateTime, type DemoContext } from './demo-context';
import { person } from './people-records';
import type { SeededTenant } from './tenancy-records';

/** The password of every demo user. Demo data only: never seed demo users on a production database. */
export const DEMO_PASSWORD = 'demo-pass-1';

/** Roles of the demo. */
export const STORE_MANAGERS_ROLE = 'Store managers';
export const CASHIERS_ROLE = 'Cashiers';

const ROLE_DESCRIPTIONS: Record<string, string> = {
  [STORE_MANAGERS_ROLE]: 'Master data of their stores; no user administration.',
  [CASHIERS_ROLE]: 'Read articles, customers and locations.',
};

const MANAGER_RIGHTS: [string, PermissionAction[], boolean][] = [
  ['/', ['Read'], true],
  ['/data', ['Read', 'Create', 'Update', 'Patch', 'Delete', 'Demand'], true],
  // Managers see users and roles but do not change them: that stays with the administrators.
  ['/data/identity', ['Create', 'Update', 'Patch', 'Delete'], false],
  ['/admin', ['Read'], false],
  ['/internal', ['Read'], false],
];
// Read on '/' is inherited by every page; the cashier's are then narrowed to what a till needs.
const CASHIER_RIGHTS: [string, PermissionAction[], boolean][] = [
  ['/', ['Read'], true],
  ['/data', ['Read'], false],
  ['/data/pos-supply', ['Read'], true],
  ['/data/campaigns', ['Read'], true],
  ['/data/tenancy/location', ['Read'], true],
  ['/admin', ['Read'], false],
  ['/internal', ['Read'], false],
  ['/diagnostics', ['Read'], false],
  ['/settings', ['Read'], false],
  ['/service', ['Read'], false],
];

/** A demo user and the tenants it works in. */
interface DemoUser {
  username: string;
  role: string;
  tenants: SeededTenant[];
  firstName: string;
  lastName: string;
  email: string;
  lang: string;
}

/** What the identity part did. */
export interface DemoIdentityReport {
  users: string[];
  roles: string[];
  adminMemberships: number;
}

/**
 * Demo roles, users, memberships and API key records through identity's own functions, which write the identity
 * entity kinds (so the Users and Roles grids show them). `db` may be a transaction wrapped as a Database.
 */
export async function seedDemoIdentity(db: Database, ctx: DemoContext, tenants: SeededTenant[]): Promise<DemoIdentityReport> {
  const roleOids = new Map<string, number>();
  for (const [name, rights] of [[STORE_MANAGERS_ROLE, MANAGER_RIGHTS], [CASHIERS_ROLE, CASHIER_RIGHTS]] as const) {
    const roleOid = await createRole(db, name, { description: ROLE_DESCRIPTIONS[name] });
    roleOids.set(name, roleOid);
    for (const [path, actions, allowed] of rights) {
      for (const action of actions) await setPermission(db, { subject: { roleOid }, path, tenantOid: null, action, allowed });
    }
  }

  const r = ctx.random('users');
  const children = tenants.filter((t) => !t.def.root);
  const users: DemoUser[] = [];
  const add = (username: string, role: string, members: SeededTenant[]) => {
    const home = members[0]!;
    const p = person(home.country.code, r);
    users.push({ username, role, tenants: members, firstName: p.first.text, lastName: p.last.text, email: `${username}@${home.def.emailDomain}`, lang: home.lang });
  };
  for (const tenant of children) {
    const cc = tenant.country.code.toLowerCase();
    add(`manager.${cc}`, STORE_MANAGERS_ROLE, [tenant]);
    add(`cashier.${cc}`, CASHIERS_ROLE, [tenant]);
  }
  add('regional.dach', STORE_MANAGERS_ROLE, children.filter((t) => ['DE', 'AT', 'CH'].includes(t.country.code)));
  // Every country subsidiary but not the root: eight tenants, the size where the organisation selector groups recent ones.
  add('regional.group', STORE_MANAGERS_ROLE, children);

  const created: string[] = [];
  for (const user of users) {
    if (await findUserByUsername(db, user.username)) continue;
    const oid = await createUser(db, { username: user.username, password: DEMO_PASSWORD, email: user.email, firstName: user.firstName, lastName: user.lastName });
    const tenantOids = user.tenants.map((t) => t.oid);
    await setUserTenants(db, oid, { tenantOids, primaryTenantOid: tenantOids[0]!, rootTenantOid: null });
    await setUserRoles(db, oid, tenantOids.map((tenantOid) => ({ roleOid: roleOids.get(user.role)!, tenantOid })));
    created.push(user.username);
  }

  // The administrator works in every tenant, the group's root being primary.
  let adminMemberships = 0;
  const admin = await findUserByUsername(db, 'admin');
  const root = tenants.find((t) => t.def.root)!;
  if (admin) {
    const tenantOids = tenants.map((t) => t.oid);
    await setUserTenants(db, admin.oid, { tenantOids, primaryTenantOid: root.oid, rootTenantOid: root.oid });
    adminMemberships = tenantOids.length;
  }

  await completeIdentityRecords(ctx, users);
  return { users: created, roles: [STORE_MANAGERS_ROLE, CASHIERS_ROLE], adminMemberships };
}

/** The fields of the user records identity does not set itself, and two API key records (no usable secret). */
async function completeIdentityRecords(ctx: DemoContext, users: DemoUser[]): Promise<void> {
  for (const user of users) {
    await ctx.tx.query(
      `update ${IDENTITY_TABLES.user} set "LanguageCode" = $2, "LoginProvider" = 'internal', "EmailConfirmed" = true, "Notes" = 'Demo user.'
        where lower("UserName") = lower($1)`,
      [user.username, user.lang],
    );
  }
  const managerRow = await ctx.tx.query<{ Oid: string | number }>(`select "Oid" from ${IDENTITY_TABLES.user} where lower("UserName") = 'manager.de'`);
  const manager = Number(managerRow.rows[0]!.Oid);
  await ctx.insert('identity/api-access', [
    { Name: 'Web shop connector', UserOid: manager, KeyPrefix: 'mk_7f3a9c', AccessLevel: 'readWrite', NeverExpires: true, AllowedIpRanges: ['10.20.0.0/16'], CreatedAt: isoDateTime(addDays(ctx.referenceDate, -90)), Description: 'Synchronises articles and stock with the web shop.' },
    { Name: 'BI export', UserOid: manager, KeyPrefix: 'mk_41be07', AccessLevel: 'read', NeverExpires: false, ExpiresAt: isoDateTime(addDays(ctx.referenceDate, 180)), AllowedIpRanges: null, CreatedAt: isoDateTime(addDays(ctx.referenceDate, -30)), Description: 'Nightly export to the reporting warehouse.' },
  ]);
}
