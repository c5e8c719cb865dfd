import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { validateEntityDocument, type EntityDocument } from '../../schemas';
import { createCatalogue, loadCatalogue } from './catalogue';
import { TEST_FIXTURES_DIR } from './data-test-app';
import { DataEventBus, type DataEvent } from './data-event-bus';
import { devContextResolver } from './dev-context';
import { syncEntityTables } from './sync-entity-tables';

let t: TestApp;
let data: TestDatabase;
let bus: DataEventBus;
const events: DataEvent[] = [];

// A kind with an import definition: GTIN-keyed files need Unit too; Rank is importable but not shown.
const LABELLED: EntityDocument = {
  area: 'shop',
  entity: 'labelled',
  version: 1,
  label: { en: 'Labelled' },
  navigation: '/data/shop',
  scope: 'tenant',
  fields: [
    { name: 'Code', type: 'String', required: true, unique: true, maxLength: 16 },
    { name: 'Gtin', type: 'String', usage: 'Barcode', maxLength: 32 },
    { name: 'Unit', type: 'String', maxLength: 8 },
    { name: 'Rank', type: 'Number', managedType: 'int16' },
    { name: 'Secret', type: 'String' },
  ],
  extensions: {
    import: {
      gtinField: 'Gtin',
      columns: [{ field: 'Code' }, { field: 'Gtin', requiredForGtin: true }, { field: 'Unit', requiredForGtin: true }, { field: 'Rank', show: false }],
    },
  },
};

beforeAll(async () => {
  expect(validateEntityDocument(LABELLED, 'shop/labelled.json')).toEqual([]);
  const fixtures = await loadCatalogue([TEST_FIXTURES_DIR]);
  const catalogue = createCatalogue([...fixtures.kinds.map((k) => ({ file: k.file, doc: k.doc })), { file: 'shop/labelled.json', doc: LABELLED }]);
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

  it('answers no skipped rows when it imports all of them', async () => {
    const r = await t.app.inject({ method: 'POST', url: URL, payload: { records: [{ Code: 'S0', Name: 'Zero' }] } });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r)).toMatchObject({ imported: 1, skipped: [], errors: {} });
  });

  it('with validOnly imports the valid records in one go and answers which rows it skipped and why', async () => {
    const before = await count();
    const records = [{ Code: 'W1', Name: 'Fine' }, { Code: 'W2', Kind: 9 }, { Code: 'W3', Name: 'x', Nope: 1 }, { Code: 'W1', Name: 'Again' }, { Code: 'I1', Name: 'Taken' }, { Code: 'W4', Name: 'Also fine' }];
    const r = await t.app.inject({ method: 'POST', url: `${URL}?validOnly=true`, payload: { records } });
    expect(r.statusCode, r.body).toBe(200);
    const answer = json(r);
    expect(answer.imported).toBe(2);
    expect(answer.oids).toHaveLength(2);
    // Bad fields, an unknown field, a repeat within the file and a value already stored (I1 from the first test).
    expect(answer.skipped).toEqual([2, 3, 4, 5]);
    expect(Object.keys(answer.errors).sort()).toEqual(['2.Kind', '2.Name', '3.Nope', '4.Code', '5.Code']);
    expect(answer.errors['5.Code'][0]).toMatch(/already exists/);
    expect(await count()).toBe(before + 2);
    const list = json(await t.app.inject({ url: '/api/data/shop/product?q=W' }));
    expect(list.items.map((item: { Code: string }) => item.Code).filter((code: string) => code.startsWith('W')).sort()).toEqual(['W1', 'W4']);
    expect(list.items.find((item: { Code: string }) => item.Code === 'W1').Name).toBe('Fine');
  });

  it('with validOnly=false still refuses the whole file, and refuses a validOnly that is not a boolean', async () => {
    const before = await count();
    const refused = await t.app.inject({ method: 'POST', url: `${URL}?validOnly=false`, payload: { records: [{ Code: 'X1', Name: 'Fine' }, { Code: 'X2', Kind: 9 }] } });
    expect(refused.statusCode).toBe(400);
    const junk = await t.app.inject({ method: 'POST', url: `${URL}?validOnly=perhaps`, payload: { records: [{ Code: 'X3', Name: 'Fine' }] } });
    expect(junk.statusCode).toBe(400);
    expect(Object.keys(json(junk).errors)).toEqual(['validOnly']);
    expect(await count()).toBe(before);
  });

  it('with validOnly and only bad records imports nothing and says so', async () => {
    const before = await count();
    const r = await t.app.inject({ method: 'POST', url: `${URL}?validOnly=true`, payload: { records: [{ Code: 'Y1', Kind: 9 }] } });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r)).toMatchObject({ imported: 0, oids: [], skipped: [1] });
    expect(await count()).toBe(before);
  });

  it('refuses a body without records and kinds that cannot be created', async () => {
    const without = await t.app.inject({ method: 'POST', url: URL, payload: { rows: [] } });
    expect(without.statusCode).toBe(400);
    expect(Object.keys(json(without).errors)).toEqual(['records']);
    const notList = await t.app.inject({ method: 'POST', url: URL, payload: { records: { a: 1 } } });
    expect([notList.statusCode, json(notList).errors]).toEqual([400, { records: ['must be array'] }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/data/shop/audit-entry/import', payload: { records: [] } })).statusCode).toBe(405);
    // The kind is checked before the body: a kind that cannot be created is a 405 whatever the body says.
    expect((await t.app.inject({ method: 'POST', url: '/api/data/shop/audit-entry/import', payload: { rows: [] } })).statusCode).toBe(405);
  });
});

describe('POST .../import with an import definition', () => {
  const LABELLED_URL = '/api/data/shop/labelled/import';
  const stored = async () => (await data.db.query<{ n: number }>('select count(*)::int as n from e_shop_labelled')).rows[0]!.n;

  it('imports a file that keeps to the definition, hidden columns included', async () => {
    const r = await t.app.inject({ method: 'POST', url: LABELLED_URL, payload: { records: [{ Code: 'L1', Gtin: '4006381333931', Unit: 'pc', Rank: 2 }, { Code: 'L2', Gtin: '96385074', Unit: 'kg' }] } });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).imported).toBe(2);
    // Without any GTIN the GTIN columns are not needed.
    expect((await t.app.inject({ method: 'POST', url: LABELLED_URL, payload: { records: [{ Code: 'L3' }] } })).statusCode).toBe(200);
  });

  it('refuses a GTIN import with a row lacking a requiredForGtin column and values outside the definition, writing nothing', async () => {
    const before = await stored();
    const r = await t.app.inject({ method: 'POST', url: LABELLED_URL, payload: { records: [{ Code: 'M1', Gtin: '4006381333931', Unit: 'pc' }, { Code: 'M2', Unit: 'pc' }, { Code: 'M3', Gtin: '96385074', Secret: 'x' }] } });
    expect(r.statusCode).toBe(400);
    expect(json(r).errors).toEqual({
      '2.Gtin': ['Gtin is required in a GTIN import: row 1 has a Gtin, so every row needs Gtin.'],
      '3.Unit': ['Unit is required in a GTIN import: row 1 has a Gtin, so every row needs Unit.'],
      '3.Secret': ['Secret is not a column of this import: leave it out of the file.'],
    });
    expect(json(r).message).toContain('row 2, column Gtin');
    expect(await stored()).toBe(before);
  });
});

describe('POST .../import?validOnly=true with an import definition', () => {
  it('skips the rows that break the GTIN rule and imports the rest', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/data/shop/labelled/import?validOnly=true', payload: { records: [{ Code: 'G1', Gtin: '4006381333931', Unit: 'pc' }, { Code: 'G2', Unit: 'pc' }] } });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r)).toMatchObject({ imported: 1, skipped: [2] });
    expect(Object.keys(json(r).errors)).toEqual(['2.Gtin']);
  });
});

describe('concurrent imports', () => {
  it('answer 200 or 409 when their unique values overlap, and each lands whole or not at all', async () => {
    const before = await count();
    const codes = Array.from({ length: 40 }, (_, i) => `RACE${i}`);
    // Different orders make PostgreSQL's unique checks wait on one another (and deadlock); PGlite serialises them.
    const orders = [codes, [...codes].reverse(), [...codes.slice(20), ...codes.slice(0, 20)], codes.filter((_, i) => i % 2 === 0)];
    const answers = await Promise.all(orders.map((list) => t.app.inject({ method: 'POST', url: URL, payload: { records: list.map((Code) => ({ Code, Name: Code })) } })));
    for (const r of answers) {
      expect([200, 409], r.body).toContain(r.statusCode);
      if (r.statusCode === 409) expect(json(r).message).toMatch(/already exists|concurrent write/);
    }
    const landed = answers.filter((r) => r.statusCode === 200).map((r) => json(r).imported as number);
    expect(landed.length).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(before + landed.reduce((a, b) => a + b, 0));
  });
});
