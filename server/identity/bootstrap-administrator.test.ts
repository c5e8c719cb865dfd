import { afterEach, describe, expect, it } from 'vitest';
import { ADMINISTRATORS_ROLE } from './administrator-role';
import { bootstrapAdministrator } from './bootstrap-administrator';
import type { TestDatabase } from '../test-support/test-database';
import { createIdentityTestDatabase } from './identity-test-app';
import { verifyPassword } from './passwords';
import { loadUserPermissions } from './permission-store';
import { createUser } from './user-admin';
import { findUserByUsername } from './user-store';

describe('bootstrapAdministrator', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('creates admin in the catalogue table with a generated password once, and gives it the Administrators role', async () => {
    database = await createIdentityTestDatabase();
    const first = await bootstrapAdministrator(database.db, undefined);
    expect(first).toMatchObject({ created: true, generatedPassword: expect.any(String), caseInsensitiveIndexes: true });
    const admin = (await findUserByUsername(database.db, 'ADMIN'))!;
    expect(await verifyPassword(admin.passwordHash!, first.generatedPassword!)).toBe(true);
    expect((await loadUserPermissions(database.db, admin.oid)).roles).toEqual([{ roleOid: first.administratorsRoleOid, name: ADMINISTRATORS_ROLE, tenantOid: null }]);
    const role = await database.db.query<{ IsSystemRole: boolean }>('select "IsSystemRole" from e_identity_role where "Oid" = $1', [first.administratorsRoleOid]);
    expect(role.rows[0]!.IsSystemRole).toBe(true);

    const again = await bootstrapAdministrator(database.db, 'configured-password');
    expect(again).toMatchObject({ created: false, administratorsRoleOid: first.administratorsRoleOid });
    expect((await database.db.query('select 1 from e_identity_user')).rowCount).toBe(1);
  });

  it('uses MATE_ADMIN_PASSWORD and creates nobody when the catalogue already has a user', async () => {
    database = await createIdentityTestDatabase();
    const outcome = await bootstrapAdministrator(database.db, 'configured-password');
    expect(outcome.created).toBe(true);
    expect(outcome.generatedPassword).toBeUndefined();
    expect(await verifyPassword((await findUserByUsername(database.db, 'admin'))!.passwordHash!, 'configured-password')).toBe(true);

    const other = await createIdentityTestDatabase();
    try {
      await createUser(other.db, { username: 'someone', email: 'someone@example.test' });
      expect(await bootstrapAdministrator(other.db, undefined)).toMatchObject({ created: false });
      expect(await findUserByUsername(other.db, 'admin')).toBeUndefined();
    } finally {
      await other.drop();
    }
  });
});
