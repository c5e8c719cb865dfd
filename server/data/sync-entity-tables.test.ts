import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { CatalogueError, loadCatalogue } from './catalogue';
import { createDataTestApp, TEST_FIXTURES_DIR } from './data-test-app';
import { EntityMigrationError, syncEntityTables } from './sync-entity-tables';

let dir: string;
let t: TestDatabase;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mate-meta-'));
  await mkdir(path.join(dir, 'extra'));
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.drop();
  await rm(dir, { recursive: true, force: true });
});

const doc = (version: number, fields: unknown[]) => ({
  area: 'extra', entity: 'gadget', version, label: { en: 'Gadget' }, navigation: '/data/extra', scope: 'tenant',
  fields: [{ name: 'Name', type: 'String', required: true, unique: true }, ...fields],
});
async function write(d: unknown) {
  await writeFile(path.join(dir, 'extra', 'gadget.json'), JSON.stringify(d));
  return loadCatalogue([dir]);
}
const columns = async () =>
  Object.fromEntries((await t.db.query<{ column_name: string; data_type: string }>("select column_name, data_type from information_schema.columns where table_name = 'e_extra_gadget'")).rows.map((r) => [r.column_name, r.data_type]));

describe('syncEntityTables', () => {
  it('creates typed tables with system columns and per-tenant unique indexes', async () => {
    const catalogue = await loadCatalogue([TEST_FIXTURES_DIR]);
    const report = await syncEntityTables(t.db, catalogue);
    expect(report.created).toContain('shop/product');
    const cols = Object.fromEntries((await t.db.query<{ column_name: string; data_type: string }>("select column_name, data_type from information_schema.columns where table_name = 'e_shop_product'")).rows.map((r) => [r.column_name, r.data_type]));
    expect(cols).toMatchObject({ Oid: 'bigint', row_version: 'bigint', Disabled: 'boolean', TenantOid: 'bigint', Code: 'text', Price: 'numeric', Stock: 'bigint', Active: 'boolean', Attributes: 'jsonb', Tags: 'jsonb', created_at: 'timestamp with time zone', modified_by: 'text' });
    const global = await t.db.query("select 1 from information_schema.columns where table_name = 'e_shop_country' and column_name = 'TenantOid'");
    expect(global.rowCount).toBe(0);
    await t.db.query('insert into e_shop_product ("TenantOid", "Code", "Name") values (1, $1, $2), (2, $1, $2)', ['A', 'a']);
    await expect(t.db.query('insert into e_shop_product ("TenantOid", "Code", "Name") values (1, $1, $2)', ['A', 'a'])).rejects.toThrow(/unique|duplicate/i);
    expect((await syncEntityTables(t.db, catalogue)).created).toEqual([]);
    const book = await t.db.query<{ version: number }>("select version from mate_entity_document where kind = 'shop/product'");
    expect(book.rows).toEqual([{ version: 1 }]);
  });

  it("creates the document's lookup indexes inside the tenant, also on a table that exists already", async () => {
    const indexes = async () =>
      Object.fromEntries((await t.db.query<{ indexname: string; indexdef: string }>("select indexname, indexdef from pg_indexes where tablename = 'e_extra_gadget'")).rows.map((r) => [r.indexname, r.indexdef]));
    await syncEntityTables(t.db, await write(doc(1, [{ name: 'Serial', type: 'String' }, { name: 'Batch', type: 'Number' }])));
    expect(Object.keys(await indexes())).not.toContain('e_extra_gadget_serial');
    await syncEntityTables(t.db, await write({ ...doc(2, [{ name: 'Serial', type: 'String' }, { name: 'Batch', type: 'Number' }]), indexes: [{ fields: ['Serial'] }, { fields: ['Batch', 'Serial'] }] }));
    const made = await indexes();
    expect(made.e_extra_gadget_serial).toMatch(/\("TenantOid", "Serial"\)/);
    expect(made.e_extra_gadget_batch_serial).toMatch(/\("TenantOid", "Batch", "Serial"\)/);
    expect(made.e_extra_gadget_serial).not.toMatch(/unique/i);
  });

  it('adds new fields as columns with their default, keeping the rows', async () => {
    await syncEntityTables(t.db, await write(doc(1, [])));
    await t.db.query(`insert into e_extra_gadget ("TenantOid", "Name") values (1, 'one')`);
    const report = await syncEntityTables(t.db, await write(doc(2, [{ name: 'Weight', type: 'Number' }, { name: 'Note', type: 'String' }, { name: 'Code', type: 'String', required: true, default: 'X' }])));
    expect(report.addedColumns).toEqual(['extra/gadget.Weight', 'extra/gadget.Note', 'extra/gadget.Code']);
    expect(await columns()).toMatchObject({ Weight: 'numeric', Note: 'text', Code: 'text' });
    expect((await t.db.query('select "Name", "Weight"::int as w, "Note", "Code" from e_extra_gadget')).rows).toEqual([{ Name: 'one', w: 0, Note: null, Code: 'X' }]);
  });

  it('warns once when a document changed since the last start but kept its version, and not when it was raised', async () => {
    expect((await syncEntityTables(t.db, await write(doc(1, [])))).versionNotBumped).toEqual([]);
    const unbumped = await syncEntityTables(t.db, await write(doc(1, [{ name: 'Note', type: 'String' }])));
    expect(unbumped.versionNotBumped).toEqual([{ file: expect.stringContaining('gadget.json'), path: '/version', message: expect.stringContaining('still 1') }]);
    // The column is added all the same: the warning stops nothing.
    expect(unbumped.addedColumns).toEqual(['extra/gadget.Note']);
    expect((await syncEntityTables(t.db, await write(doc(1, [{ name: 'Note', type: 'String' }])))).versionNotBumped).toEqual([]);
    expect((await syncEntityTables(t.db, await write(doc(2, [{ name: 'Note', type: 'String' }, { name: 'Size', type: 'Number' }])))).versionNotBumped).toEqual([]);
  });

  it('stops on a type change, naming document, field and what to do, and changes nothing', async () => {
    await syncEntityTables(t.db, await write(doc(1, [{ name: 'Size', type: 'String' }, ])));
    const error = await syncEntityTables(t.db, await write(doc(2, [{ name: 'Size', type: 'Number' }, { name: 'Fresh', type: 'String' }]))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EntityMigrationError);
    expect((error as Error).message).toMatch(/gadget\.json: field 'Size' of 'extra\/gadget'.*text.*new name/);
    expect(await columns()).not.toHaveProperty('Fresh');
  });

  it('stops on a new required field without default when the table has rows', async () => {
    await syncEntityTables(t.db, await write(doc(1, [])));
    await syncEntityTables(t.db, await write(doc(2, [{ name: 'Early', type: 'String', required: true }])));
    await t.db.query(`insert into e_extra_gadget ("TenantOid", "Name", "Early") values (1, 'one', 'e')`);
    await expect(syncEntityTables(t.db, await write(doc(3, [{ name: 'Early', type: 'String', required: true }, { name: 'Late', type: 'String', required: true }])))).rejects.toThrow(/'Late'.*no default.*1 row/);
  });
});

describe('loadCatalogue', () => {
  it('names file, path and reason of a bad document', async () => {
    await writeFile(path.join(dir, 'extra', 'gadget.json'), JSON.stringify({ ...doc(1, []), fields: [{ name: 'Name', type: 'Text' }] }));
    const error = await loadCatalogue([dir]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as Error).message).toContain('gadget.json at /fields/0');
  });

  it('serves a document from an extra metadata directory (MATE_METADATA_DIR) after a restart', async () => {
    await write(doc(1, []));
    const app = await createDataTestApp([TEST_FIXTURES_DIR, dir]);
    try {
      const r = await app.app.inject({ method: 'POST', url: '/api/data/extra/gadget', payload: { Name: 'new' } });
      expect(r.statusCode, r.body).toBe(201);
      expect((await app.app.inject({ url: '/api/data/shop/product' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
