import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTestApp, type DataTestApp } from './data-test-app';

let t: DataTestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => t.close());

const P = '/api/data/shop/product';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;
const count = async (table = 'e_shop_product') => (await t.data.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
let seq = 0;
// Events come back through LISTEN, asynchronously on PostgreSQL.
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
}
async function create(fields: Record<string, unknown> = {}) {
  const r = await t.app.inject({ method: 'POST', url: P, payload: { Code: `C${++seq}`, Name: `Product ${seq}`, ...fields } });
  expect(r.statusCode, r.body).toBe(201);
  return json(r);
}

describe('kinds and operations', () => {
  it('answers 404 with the spec message for an unknown kind', async () => {
    const r = await t.app.inject({ url: '/api/data/shop/nothing' });
    expect(r.statusCode).toBe(404);
    expect(json(r).message).toBe('CRUD-Service does not exist.');
  });

  it('matches area and entity case-insensitively', async () => {
    const r = await t.app.inject({ url: '/api/data/SHOP/Product/meta' });
    expect(r.statusCode).toBe(200);
    expect(json(r).fields.map((f: { name: string }) => f.name).slice(0, 5)).toEqual(['Oid', 'ETag', 'Disabled', 'TenantOid', 'Code']);
  });

  it('refuses an operation the document does not offer with 405', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/data/shop/audit-entry', payload: { Message: 'x' } });
    expect(r.statusCode).toBe(405);
    expect(json(r).message).toBe('Not implemented create in CRUD-Service');
    const d = await t.app.inject({ method: 'DELETE', url: '/api/data/shop/audit-entry/1', headers: { 'if-match': '"1-1"' } });
    expect(json(d).message).toBe('Not implemented delete in CRUD-Service');
    expect((await t.app.inject({ url: '/api/data/shop/audit-entry' })).statusCode).toBe(200);
  });

  it('checks the kind, the operation and the caller before the id: 404, 405 and 403 come first, then 400 naming id', async () => {
    expect((await t.app.inject({ url: '/api/data/shop/nothing/abc' })).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'DELETE', url: '/api/data/shop/audit-entry/abc', headers: { 'if-match': '"1-1"' } });
    expect([refused.statusCode, json(refused).message]).toEqual([405, 'Not implemented delete in CRUD-Service']);
    const otherTenant = await t.app.inject({ url: `${P}/abc?tenantOid=999` });
    expect([otherTenant.statusCode, json(otherTenant).message]).toEqual([403, 'Tenant 999 is not the tenant of this request.']);
    // Ids the schema's number coercion alone would take (' 12', '1e3', '0x10'): one record has one path.
    for (const id of ['abc', '0', '1.5', '%2012', '1e3', '0x10', '12%20']) {
      const bad = await t.app.inject({ url: `${P}/${id}` });
      expect(bad.statusCode, id).toBe(400);
      expect(json(bad).message, id).toMatch(/^params\/id must be/);
      expect(Object.keys(json(bad).errors), id).toEqual(['id']);
    }
    const put = await t.app.inject({ method: 'PUT', url: `${P}/x`, headers: { 'if-match': '"1-1"' }, payload: {} });
    expect(json(put).errors).toEqual({ id: ['must be a positive whole number'] });
  });

  it('serves form extensions and the empty record', async () => {
    expect(json(await t.app.inject({ url: `${P}/form-extensions` })).quickSearch).toEqual(['Code', 'Name']);
    const empty = json(await t.app.inject({ url: `${P}/empty` }));
    expect(empty).toMatchObject({ Oid: null, Disabled: false, TenantOid: 1, Code: null, Price: 0, Stock: null, Active: false, Attributes: {}, Tags: null });
  });

  it('adjusts: defaults, normalised numbers and evaluated effects', async () => {
    const r = await t.app.inject({ method: 'POST', url: `${P}/adjust`, payload: { Kind: 2, Price: '12,5', Active: false } });
    const body = json(r);
    expect(body.entity).toMatchObject({ Kind: 2, Price: 12.5, Stock: null, Code: null });
    expect(body.states.Note).toEqual({ disabled: false, readonly: false, required: true, visible: true });
    expect(body.states.Stock).toEqual({ disabled: true, readonly: false, required: false, visible: true });
    expect(body.states.Legacy.readonly).toBe(true);
    expect(body.states.Code.required).toBe(true);
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads with ETag and answers 304 for a matching If-None-Match', async () => {
    const created = await create({ Price: 9.95, Stock: 3, Attributes: { Color: 'red', Weight: 1.5 }, Tags: ['a', 'b'] });
    expect(created).toMatchObject({ Price: 9.95, Stock: 3, TenantOid: 1, Attributes: { Color: 'red', Weight: 1.5 }, Tags: ['a', 'b'] });
    expect(created.ETag).toBe(`"${created.Oid}-1"`);
    const read = await t.app.inject({ url: `${P}/${created.Oid}` });
    expect(read.headers.etag).toBe(created.ETag);
    expect(json(read)).toEqual(created);
    const again = await t.app.inject({ url: `${P}/${created.Oid}`, headers: { 'if-none-match': created.ETag } });
    expect(again.statusCode).toBe(304);
    expect(await eventually(() => t.events.some((e) => e.type === 'DataServiceCreate' && e.oid === created.Oid && e.etag === created.ETag && e.tenantOid === 1))).toBe(true);
  });

  it('updates with If-Match, 428 without, 409 with the current version when stale, 304 when nothing changes', async () => {
    const c = await create();
    const url = `${P}/${c.Oid}`;
    expect((await t.app.inject({ method: 'PUT', url, payload: { ...c, Name: 'x' } })).statusCode).toBe(428);
    const ok = await t.app.inject({ method: 'PUT', url, headers: { 'if-match': c.ETag }, payload: { ...c, Name: 'Renamed' } });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).Name).toBe('Renamed');
    expect(ok.headers.etag).toBe(`"${c.Oid}-2"`);
    const stale = await t.app.inject({ method: 'PUT', url, headers: { 'if-match': c.ETag }, payload: { ...c, Name: 'Mine' } });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).current).toMatchObject({ Name: 'Renamed', ETag: ok.headers.etag });
    // Who changed it and when, so the conflict resolver can say so.
    expect(json(stale).modified).toEqual({ by: 'developer', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(Date.now() - Date.parse(json(stale).modified.at)).toBeLessThan(600_000);
    const same = await t.app.inject({ method: 'PUT', url, headers: { 'if-match': ok.headers.etag as string }, payload: json(ok) });
    expect(same.statusCode).toBe(304);
    await eventually(() => t.events.some((e) => e.oid === c.Oid && e.type === 'DataServiceUpdate'));
    await new Promise((r) => setTimeout(r, 50));
    expect(t.events.filter((e) => e.oid === c.Oid && e.type === 'DataServiceUpdate')).toHaveLength(1);
  });

  it('patches with JSON Merge Patch', async () => {
    // Active: Stock is disabled while a product is not (shop/product's effects).
    const c = await create({ Attributes: { Color: 'red', Weight: 2 }, Stock: 5, Active: true });
    const r = await t.app.inject({
      method: 'PATCH', url: `${P}/${c.Oid}`, headers: { 'if-match': c.ETag, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ Attributes: { Weight: null }, Stock: null, Name: 'Patched' }),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r)).toMatchObject({ Name: 'Patched', Stock: null, Attributes: { Color: 'red' }, Code: c.Code });
  });

  it('deletes with key and ETag', async () => {
    const c = await create();
    const url = `${P}/${c.Oid}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(428);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { 'if-match': '"1-99"' } })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { 'if-match': c.ETag } })).statusCode).toBe(204);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect(await eventually(() => t.events.some((e) => e.type === 'DataServiceDelete' && e.oid === c.Oid))).toBe(true);
  });

  it('serves a global kind without tenant', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/data/shop/country', payload: { Code: 'DE', Name: 'Germany' } });
    expect(r.statusCode).toBe(201);
    expect(json(r).TenantOid).toBeNull();
  });

  it('answers the related records of a detail view', async () => {
    const cat = json(await t.app.inject({ method: 'POST', url: '/api/data/shop/category', payload: { Name: 'Drinks' } }));
    const a = await create({ CategoryOid: cat.Oid });
    await create();
    const r = await t.app.inject({ url: `/api/data/shop/category/${cat.Oid}/details/products` });
    expect(r.statusCode).toBe(200);
    expect(json(r).items).toEqual([{ Oid: a.Oid, ETag: a.ETag, Code: a.Code, Name: a.Name }]);
    expect((await t.app.inject({ url: `/api/data/shop/category/${cat.Oid}/details/nope` })).statusCode).toBe(404);
  });

  it('answers camelCase keys with ?profile=camel and accepts them', async () => {
    const r = await t.app.inject({ method: 'POST', url: `${P}?profile=camel`, payload: { code: 'CAMEL', name: 'Camel' } });
    expect(r.statusCode, r.body).toBe(201);
    expect(json(r)).toMatchObject({ oid: expect.any(Number), eTag: expect.any(String), code: 'CAMEL', tenantOid: 1 });
  });
});

describe('concurrency', () => {
  it('lets exactly one of 20 concurrent updates with the same ETag win', async () => {
    const c = await create();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.app.inject({ method: 'PUT', url: `${P}/${c.Oid}`, headers: { 'if-match': c.ETag }, payload: { ...c, Name: `Writer ${i}` } })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    const winner = json(answers.find((a) => a.statusCode === 200)!);
    const stored = json(await t.app.inject({ url: `${P}/${c.Oid}` }));
    expect(stored.Name).toBe(winner.Name);
    expect(stored.ETag).toBe(`"${c.Oid}-2"`);
  });
});

describe('validation', () => {
  it('names every invalid field and writes nothing', async () => {
    const before = await count();
    const r = await t.app.inject({ method: 'POST', url: P, payload: { Code: 'V1', Name: 'x'.repeat(41), Price: -1, Stock: 1.5, Kind: 2, Active: 'yes' } });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(json(r).errors).sort()).toEqual(['Active', 'Name', 'Note', 'Price', 'Stock']);
    expect(await count()).toBe(before);
  });

  it('refuses unknown fields, naming them', async () => {
    const r = await t.app.inject({ method: 'POST', url: P, payload: { Code: 'U1', Name: 'n', IsAdmin: true } });
    expect(r.statusCode).toBe(400);
    expect(json(r).message).toContain('IsAdmin');
    expect(json(r).errors.IsAdmin).toBeDefined();
  });

  it('answers 409 naming the unique field, per tenant', async () => {
    await create({ Code: 'UNIQ' });
    const before = await count();
    const r = await t.app.inject({ method: 'POST', url: P, payload: { Code: 'UNIQ', Name: 'again' } });
    expect(r.statusCode).toBe(409);
    expect(Object.keys(json(r).errors)).toEqual(['Code']);
    expect(await count()).toBe(before);
  });

  it('keeps readonly fields unchanged', async () => {
    const c = await create();
    const r = await t.app.inject({ method: 'PUT', url: `${P}/${c.Oid}`, headers: { 'if-match': c.ETag }, payload: { ...c, Legacy: 'changed' } });
    expect(r.statusCode).toBe(400);
    expect(json(r).errors.Legacy).toBeDefined();
  });

  it('answers 4xx for malformed JSON, non-object bodies, huge bodies and bad ids, changing nothing', async () => {
    const before = await count();
    const malformed = await t.app.inject({ method: 'POST', url: P, headers: { 'content-type': 'application/json' }, payload: '{"Code": ' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).message).toMatch(/not valid JSON/);
    expect((await t.app.inject({ method: 'POST', url: P, payload: [1, 2] })).statusCode).toBe(400);
    const huge = await t.app.inject({ method: 'POST', url: P, payload: { Code: 'H', Name: 'n', Note: 'x'.repeat(3 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    const long = await t.app.inject({ method: 'POST', url: P, payload: { Code: 'H', Name: 'n', Note: 'x'.repeat(5000) } });
    expect(long.statusCode).toBe(400);
    expect(json(long).errors.Note).toBeDefined();
    expect((await t.app.inject({ url: `${P}/abc` })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('stores SQL metacharacters as plain text', async () => {
    const evil = "Robert'); drop table e_shop_product; --";
    const c = await create({ Name: evil.slice(0, 40) });
    expect(json(await t.app.inject({ url: `${P}/${c.Oid}` })).Name).toBe(evil.slice(0, 40));
    expect(await count()).toBeGreaterThan(0);
  });
});

describe('openapi', () => {
  it('serves GET /api/openapi.json from the catalogue', async () => {
    const r = await t.app.inject({ url: '/api/openapi.json' });
    expect(r.statusCode).toBe(200);
    expect(Object.keys(json(r).paths)).toContain('/api/data/shop/product/{id}');
  });

  it('leaves the terminal endpoint out of a catalogue without POS terminals, as it is not served', async () => {
    const document = json(await t.app.inject({ url: '/api/openapi.json' })) as { paths: Record<string, unknown>; components: { securitySchemes: Record<string, unknown> } };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/terminals/'))).toEqual([]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer', 'basic']);
    expect((await t.app.inject({ method: 'POST', url: '/api/terminals/receipts' })).statusCode).toBe(404);
  });
});
