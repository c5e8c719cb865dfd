import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { loadCatalogue } from './catalogue';
import { TEST_FIXTURES_DIR } from './data-test-app';
import { DataEventBus, type DataEvent } from './data-event-bus';
import { devContextResolver } from './dev-context';
import { syncEntityTables } from './sync-entity-tables';

let t: TestApp;
let data: TestDatabase;
let bus: DataEventBus;
const events: DataEvent[] = [];

beforeAll(async () => {
  const catalogue = await loadCatalogue([TEST_FIXTURES_DIR]);
  data = await createTestDatabase();
  await syncEntityTables(data.db, catalogue);
  bus = new DataEventBus(data.db);
  await bus.start();
  bus.subscribe((event) => events.push(event));
  const options = { db: data.db, catalogue, events: bus, resolveContext: devContextResolver() };
  t = await createTestApp({ data: options });
});
afterAll(async () => {
  await t.close();
  await bus.close();
  await data.drop();
});

const URL = '/api/data/shop/product/import';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;
const count = async () => (await data.db.query<{ n: number }>('select count(*)::int as n from e_shop_product')).rows[0]!.n;

describe('POST .../import', () => {
  it('inserts every record in one go and answers the new keys', async () => {
    const before = await count();
    const r = await t.app.inject({ method: 'POST', url: URL, payload: { records: [{ Code: 'I1', Name: 'One' }, { Code: 'I2', Name: 'Two', Price: 3 }] } });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).imported).toBe(2);
    expect(json(r).oids).toHaveLength(2);
    expect(await count()).toBe(before + 2);
    const list = json(await t.app.inject({ url: '/api/data/shop/product?q=I2' }));
    expect(list.items[0]).toMatchObject({ Code: 'I2', Name: 'Two', Price: 3 });
  });

  it('writes nothing when one record is invalid, naming row and field', async () => {
    const before = await count();
    const r = await t.app.inject({ method: 'POST', url: URL, payload: { records: [{ Code: 'V1', Name: 'Fine' }, { Code: 'V2', Kind: 9 }, { Code: 'V3', Name: 'x', Nope: 1 }] } });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(json(r).errors).sort()).toEqual(['2.Kind', '2.Name', '3.Nope']);
    expect(await count()).toBe(before);
  });

  it('refuses duplicates within the file and against the table, and rolls back', async () => {
    const before = await count();
    const inFile = await t.app.inject({ method: 'POST', url: URL, payload: { records: [{ Code: 'D1', Name: 'a' }, { Code: 'D1', Name: 'b' }] } });
    expect(inFile.statusCode).toBe(400);
    expect(json(inFile).errors['2.Code']).toEqual(['Code repeats row 1.']);
    // I1 exists from the first test: the row before it must not stay written.
    const stored = await t.app.inject({ method: 'POST', url: URL, payload: { records: [{ Code: 'D2', Name: 'a' }, { Code: 'I1', Name: 'b' }] } });
    expect(stored.statusCode).toBe(409);
    expect(Object.keys(json(stored).errors)).toEqual(['2.Code']);
    expect(await count()).toBe(before);
  });

  it('refuses a body without records and kinds that cannot be created', async () => {
    expect((await t.app.inject({ method: 'POST', url: URL, payload: { rows: [] } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/data/shop/audit-entry/import', payload: { records: [] } })).statusCode).toBe(405);
  });
});
