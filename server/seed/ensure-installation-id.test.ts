import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { ensureInstallationId } from './ensure-installation-id';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => t.drop());

describe('ensureInstallationId', () => {
  it('is made once and kept', async () => {
    const id = await ensureInstallationId(t.db);
    expect(await ensureInstallationId(t.db)).toBe(id);
  });
});
