import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIndexConcurrently } from './concurrent-index';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { migrate, type Migration } from './migrations';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ migrate: false });
});
afterEach(async () => t.drop());

const sample: Migration[] = [
  { version: 1, name: 'one', up: async (tx) => void (await tx.query('create table m_one (id int)')) },
  { version: 2, name: 'two', up: async (tx) => void (await tx.query('create table m_two (id int)')) },
];

describe('migrate', () => {
  it('applies each version once, in order, and nothing on a second start', async () => {
    expect(await migrate(t.db, sample)).toEqual([1, 2]);
    expect(await migrate(t.db, sample)).toEqual([]);
  });

  it('applies only the new versions after an upgrade', async () => {
    await migrate(t.db, sample.slice(0, 1));
    expect(await migrate(t.db, sample)).toEqual([2]);
  });

  it('leaves nothing behind of a migration that fails', async () => {
    const broken: Migration[] = [
      { version: 1, name: 'half', up: async (tx) => { await tx.query('create table m_half (id int)'); await tx.query('select * from missing_table'); } },
    ];
    await expect(migrate(t.db, broken)).rejects.toThrow(/missing_table/);
    const tables = await t.db.query("select 1 from information_schema.tables where table_name = 'm_half'");
    expect(tables.rowCount).toBe(0);
  });

  it('runs a migration outside a transaction when it says so: an index built concurrently on PostgreSQL, once', async () => {
    const withIndex: Migration[] = [
      ...sample,
      {
        version: 3,
        name: 'index',
        outsideTransaction: true,
        // PostgreSQL refuses CONCURRENTLY inside a transaction block; PGlite has one connection and builds it plainly.
        up: async (db, engine) => void (await db.query(`create index ${engine === 'postgres' ? 'concurrently ' : ''}if not exists m_one_id on m_one (id)`)),
      },
      { version: 4, name: 'four', up: async (tx) => void (await tx.query('create table m_four (id int)')) },
    ];
    expect(await migrate(t.db, withIndex)).toEqual([1, 2, 3, 4]);
    expect((await t.db.query("select 1 from pg_indexes where indexname = 'm_one_id'")).rowCount).toBe(1);
    expect(await migrate(t.db, withIndex)).toEqual([]);
    expect((await t.db.query('select version from mate_migration order by version')).rows).toEqual([1, 2, 3, 4].map((version) => ({ version })));
  });

  it('builds an index again that an interrupted concurrent build left INVALID', async () => {
    await t.db.query('create table m_dup (id int)');
    await t.db.query('insert into m_dup values (1), (1)');
    if (t.db.kind === 'postgres') {
      // A unique index over duplicates fails half-way and stays behind INVALID, as a killed build does.
      await expect(t.db.query('create unique index concurrently m_dup_id on m_dup (id)')).rejects.toThrow(/duplicate|unique/i);
      expect((await t.db.query("select 1 from pg_index where indexrelid = 'm_dup_id'::regclass and not indisvalid")).rowCount).toBe(1);
    }
    await createIndexConcurrently(t.db, t.db.kind, 'm_dup_id', 'm_dup (id)');
    expect((await t.db.query("select indisvalid as valid, indisunique as unique from pg_index where indexrelid = 'm_dup_id'::regclass")).rows).toEqual([{ valid: true, unique: false }]);
  });

  it('runs the product migrations on an empty database', async () => {
    expect((await migrate(t.db)).length).toBeGreaterThan(0);
    const users = await t.db.query('select count(*)::int as n from mate_error');
    expect(users.rows[0]).toEqual({ n: 0 });
  });
});

describe('database interface', () => {
  it('counts selected rows and changed rows alike on both engines', async () => {
    await t.db.query('create table c (id int)');
    expect((await t.db.query('insert into c values (1), (2)')).rowCount).toBe(2);
    expect((await t.db.query('select * from c')).rowCount).toBe(2);
    expect((await t.db.query('update c set id = id + 1')).rowCount).toBe(2);
    expect((await t.db.query('select * from c where id > 100')).rowCount).toBe(0);
  });

  it('rolls a transaction back when it throws', async () => {
    await t.db.query('create table r (id int)');
    await expect(t.db.transaction(async (tx) => { await tx.query('insert into r values (1)'); throw new Error('stop'); })).rejects.toThrow('stop');
    expect((await t.db.query('select * from r')).rowCount).toBe(0);
  });

  it('delivers NOTIFY to listeners', async () => {
    const got: string[] = [];
    const unlisten = await t.db.listen('mate_test', (payload) => got.push(payload));
    await t.db.notify('mate_test', 'hello');
    for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(['hello']);
    await unlisten();
  });
});
