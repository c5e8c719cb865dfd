import { loadCatalogue, type Catalogue } from '../../data/catalogue';
import { BUILT_IN_METADATA_DIR } from '../../metadata/load-navigation';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { bootstrapAdministrator } from '../../identity/bootstrap-administrator';

/** The built-in catalogue, loaded once per test file. */
let catalogue: Promise<Catalogue> | undefined;
export function builtInCatalogue(): Promise<Catalogue> {
  catalogue ??= loadCatalogue([BUILT_IN_METADATA_DIR]);
  return catalogue;
}

/** A migrated test database with the entity tables of the built-in catalogue and the user 'admin'. */
export async function createDemoTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({ template: 'synced' });
  await bootstrapAdministrator(database.db, 'admin-pass-1');
  return database;
}
