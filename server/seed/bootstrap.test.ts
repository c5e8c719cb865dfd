import { verify } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { bootstrapAdmin, ensureInstallationId } from './bootstrap';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => t.drop());

const adminHash = async () =>
  (await t.db.query<{ password_hash: string }>("select password_hash from mate_user where username = 'admin'")).rows[0]?.password_hash;

describe('bootstrapAdmin', () => {
  it('creates admin with the configured password and reveals nothing', async () => {
    expect(await bootstrapAdmin(t.db, 'configured-pass')).toEqual({ created: true });
    expect(await verify((await adminHash())!, 'configured-pass')).toBe(true);
  });

  it('generates a password when none is configured and shows it once', async () => {
    const first = await bootstrapAdmin(t.db, undefined);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await verify((await adminHash())!, first.generatedPassword!)).toBe(true);
    expect(await bootstrapAdmin(t.db, undefined)).toEqual({ created: false });
  });

  it('gives two installations different generated passwords', async () => {
    const a = await bootstrapAdmin(t.db, undefined);
    await t.db.query('delete from mate_user');
    const b = await bootstrapAdmin(t.db, undefined);
    expect(a.generatedPassword).not.toBe(b.generatedPassword);
  });
});

describe('ensureInstallationId', () => {
  it('is made once and kept', async () => {
    const id = await ensureInstallationId(t.db);
    expect(await ensureInstallationId(t.db)).toBe(id);
  });
});
