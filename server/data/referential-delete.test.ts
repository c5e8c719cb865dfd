import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../lib/request-context';
import { createDataTestApp, statementsDuring, type DataTestApp } from './data-test-app';
import { insertStored } from './data-store';
import { lookupProblems } from './lookup-targets';

const FIXTURES = fileURLToPath(new URL('./test-fixtures-references', import.meta.url));

/** Rights the test takes away, as '<Action> <page path>' ('Read /data/ref/order-line'). */
const denied = new Set<string>();
const unreadable = { add: (path: string) => denied.add(`Read ${path}`), delete: (path: string) => denied.delete(`Read ${path}`) };
const context: RequestContext = {
  userOid: 1,
  username: 'tester',
  tenantOids: [1],
  tenantOid: 1,
  locationOid: undefined,
  terminalOid: undefined,
  can: (path, action) => !denied.has(`${action} ${path}`),
};
/** The caller of the next requests: the context above, or (`asTenant`) a user of another tenant only, with every right there. */
let caller = context;
const asTenant = (tenantOid: number): RequestContext => ({ ...context, userOid: 2, tenantOids: [tenantOid], tenantOid });

let t: DataTestApp;
beforeAll(async () => {
  t = await createDataTestApp([FIXTURES], { resolveContext: async () => caller });
});
afterAll(async () => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
type Json = Record<string, any>;
const json = (r: { body: string }) => JSON.parse(r.body) as Json;
const url = (entity: string, oid?: unknown) => `/api/data/ref/${entity}${oid === undefined ? '' : `/${String(oid)}`}`;
let seq = 0;

async function create(entity: string, fields: Record<string, unknown> = {}): Promise<Json> {
  const r = await t.app.inject({ method: 'POST', url: url(entity), payload: { Name: `${entity} ${++seq}`, ...fields } });
  expect(r.statusCode, r.body).toBe(201);
  return json(r);
}
const remove = (entity: string, record: Json) => t.app.inject({ method: 'DELETE', url: url(entity, record.Oid), headers: { 'if-match': record.ETag as string } });
const read = (entity: string, record: Json) => t.app.inject({ url: url(entity, record.Oid) });
const exists = async (entity: string, record: Json) => (await read(entity, record)).statusCode === 200;
const bulk = (entity: string, records: Json[]) => t.app.inject({ method: 'POST', url: url(entity, 'bulk-delete'), payload: { items: records.map((r) => ({ oid: r.Oid, etag: r.ETag })) } });

describe('restrict (the default)', () => {
  it('refuses to delete a referenced record with 409 naming the referring kind, the count and a few ids', async () => {
    const supplier = await create('supplier');
    const a = await create('item', { SupplierOid: supplier.Oid });
    const b = await create('item', { SupplierOid: supplier.Oid });
    const r = await remove('supplier', supplier);
    expect(r.statusCode).toBe(409);
    const body = json(r);
    expect(body.status).toBe(409);
    expect(body.references).toEqual([{ kind: 'ref/item', label: { en: 'Items' }, field: 'SupplierOid', count: 2, oids: [a.Oid, b.Oid] }]);
    expect(body.message).toBe(`The record cannot be deleted: 2 ref/item records (SupplierOid: ${a.Oid}, ${b.Oid}) still refer to it. Change or delete those first.`);
    expect(await exists('supplier', supplier)).toBe(true);
    // Once nothing points at it, it goes.
    expect((await remove('item', a)).statusCode).toBe(204);
    expect((await remove('item', b)).statusCode).toBe(204);
    expect((await remove('supplier', supplier)).statusCode).toBe(204);
  });

  it('counts a lookup inside a list (an element naming the record)', async () => {
    const supplier = await create('supplier');
    await create('item', { Parts: [{ SupplierOid: 0 }, { SupplierOid: supplier.Oid }] });
    const r = await remove('supplier', supplier);
    expect(r.statusCode).toBe(409);
    expect(json(r).references).toMatchObject([{ kind: 'ref/item', field: 'Parts[].SupplierOid', count: 1 }]);
  });

  it('names only the ids the caller may read: count only without Read on the referring kind', async () => {
    const item = await create('item');
    await create('order-line', { ItemOid: item.Oid });
    unreadable.add('/data/ref/order-line');
    try {
      const r = await remove('item', item);
      expect(r.statusCode).toBe(409);
      const body = json(r);
      expect(body.references).toEqual([{ kind: 'ref/order-line', label: { en: 'Order lines' }, field: 'ItemOid', count: 1 }]);
      expect(body.message).toBe('The record cannot be deleted: 1 ref/order-line record (ItemOid) still refer to it. Change or delete those first.');
    } finally {
      unreadable.delete('/data/ref/order-line');
    }
  });

  it("counts another tenant's records pointing at a global record, without their ids", async () => {
    const country = await create('country');
    const own = await create('supplier', { CountryOid: country.Oid });
    const supplierKind = t.catalogue.find('ref', 'supplier')!;
    await insertStored(t.data.db, supplierKind, { Name: 'elsewhere', CountryOid: country.Oid, Disabled: false }, 2, 'other');
    const r = await remove('country', country);
    expect(r.statusCode).toBe(409);
    expect(json(r).references).toEqual([{ kind: 'ref/supplier', label: { en: 'Suppliers' }, field: 'CountryOid', count: 2, oids: [own.Oid] }]);
  });
});

describe('cascade and setNull', () => {
  it('cascade deletes the referring records and theirs in turn, with their events', async () => {
    const group = await create('group');
    const a = await create('item', { GroupOid: group.Oid });
    const b = await create('item', { GroupOid: group.Oid });
    const note = await create('note', { ItemOid: a.Oid });
    const other = await create('item');
    expect((await remove('group', group)).statusCode).toBe(204);
    for (const [entity, record] of [['group', group], ['item', a], ['item', b], ['note', note]] as const) expect(await exists(entity, record)).toBe(false);
    expect(await exists('item', other)).toBe(true);
    const deletedEvent = (kind: string, record: Json) => t.events.some((e) => e.type === 'DataServiceDelete' && e.kind === kind && e.oid === record.Oid);
    await expect.poll(() => deletedEvent('ref/item', a) && deletedEvent('ref/item', b) && deletedEvent('ref/note', note)).toBe(true);
  });

  it('a restrict further down the cascade refuses the whole delete and nothing is deleted', async () => {
    const group = await create('group');
    const item = await create('item', { GroupOid: group.Oid });
    const note = await create('note', { ItemOid: item.Oid });
    const line = await create('order-line', { ItemOid: item.Oid });
    const r = await remove('group', group);
    expect(r.statusCode).toBe(409);
    expect(json(r).references).toEqual([{ kind: 'ref/order-line', label: { en: 'Order lines' }, field: 'ItemOid', count: 1, oids: [line.Oid] }]);
    for (const [entity, record] of [['group', group], ['item', item], ['note', note]] as const) expect(await exists(entity, record)).toBe(true);
  });

  it('a cascade round a kind pointing at itself ends (a parent and its children go)', async () => {
    const parent = await create('item');
    const child = await create('item', { ParentOid: parent.Oid });
    const grandchild = await create('item', { ParentOid: child.Oid });
    expect((await remove('item', parent)).statusCode).toBe(204);
    expect(await exists('item', child)).toBe(false);
    expect(await exists('item', grandchild)).toBe(false);
  });

  it('setNull empties the referring field and gives the record a new version', async () => {
    const brand = await create('brand');
    const item = await create('item', { BrandOid: brand.Oid });
    expect((await remove('brand', brand)).statusCode).toBe(204);
    const after = json(await read('item', item));
    expect(after.BrandOid).toBeNull();
    expect(after.ETag).not.toBe(item.ETag);
    await expect.poll(() => t.events.some((e) => e.type === 'DataServiceUpdate' && e.oid === item.Oid && e.etag === after.ETag)).toBe(true);
  });
});

describe('bulk delete', () => {
  it('deletes all records named, those referring to each other included', async () => {
    const supplier = await create('supplier');
    const item = await create('item', { SupplierOid: supplier.Oid, ParentOid: null });
    const second = await create('supplier');
    // Items first, so the supplier's referrer is one of this very request.
    const r = await bulk('item', [item]);
    expect(json(r)).toEqual({ deleted: 1, oids: [item.Oid] });
    const both = await bulk('supplier', [supplier, second]);
    expect(both.statusCode, both.body).toBe(200);
    expect(json(both).deleted).toBe(2);
  });

  it('lets a record go with the record it refers to when both are named', async () => {
    const parent = await create('item');
    const child = await create('item', { ParentOid: parent.Oid });
    const line = await create('order-line', { ItemOid: child.Oid });
    expect((await bulk('order-line', [line])).statusCode).toBe(200);
    const r = await bulk('item', [child, parent]);
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).oids).toEqual([child.Oid, parent.Oid]);
  });

  it('refuses all when one is referenced (409 with references), and a stale version (409), writing nothing', async () => {
    const free = await create('supplier');
    const used = await create('supplier');
    const item = await create('item', { SupplierOid: used.Oid });
    const r = await bulk('supplier', [free, used]);
    expect(r.statusCode).toBe(409);
    expect(json(r).references).toMatchObject([{ kind: 'ref/item', field: 'SupplierOid', count: 1, oids: [item.Oid] }]);
    expect(await exists('supplier', free)).toBe(true);
    const stale = await bulk('supplier', [free, { ...used, ETag: `"${used.Oid}-99"` }]);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).errors).toEqual({ 'items.1.etag': ['Stale version.'] });
    expect(await exists('supplier', free)).toBe(true);
  });

  it('answers hostile bodies with 400 naming the member, a missing record with 404', async () => {
    const cases: [unknown, string][] = [
      [{}, 'items'],
      [{ items: [] }, 'items'],
      [{ items: [{ oid: 'x', etag: '"1-1"' }] }, 'items/0/oid'],
      [{ items: [{ oid: 1 }] }, 'items/0'],
      [{ items: Array.from({ length: 501 }, (_, i) => ({ oid: i + 1, etag: '"1-1"' })) }, 'items'],
      [{ items: [{ oid: 1, etag: '"1-1"', extra: true }] }, 'items/0'],
    ];
    for (const [payload, member] of cases) {
      const r = await t.app.inject({ method: 'POST', url: url('supplier', 'bulk-delete'), payload: payload as object });
      expect(r.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(r.body).toContain(member);
    }
    const twice = await t.app.inject({ method: 'POST', url: url('supplier', 'bulk-delete'), payload: { items: [{ oid: 1, etag: '"1-1"' }, { oid: 1, etag: '"1-1"' }] } });
    expect(twice.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: url('supplier', 'bulk-delete'), payload: { items: [{ oid: 999999, etag: '"999999-1"' }] } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('permissions of a delete', () => {
  it('needs Delete on the kind, single and bulk; another tenant\'s user finds no record (404) and deletes nothing', async () => {
    const supplier = await create('supplier');
    denied.add('Delete /data/ref/supplier');
    try {
      expect((await remove('supplier', supplier)).statusCode).toBe(403);
      expect((await bulk('supplier', [supplier])).statusCode).toBe(403);
    } finally {
      denied.delete('Delete /data/ref/supplier');
    }
    caller = asTenant(2);
    try {
      expect((await remove('supplier', supplier)).statusCode).toBe(404);
      expect((await bulk('supplier', [supplier])).statusCode).toBe(404);
    } finally {
      caller = context;
    }
    expect(await exists('supplier', supplier)).toBe(true);
  });

  it("names to another tenant's user only the count of records it cannot read", async () => {
    const country = await create('country');
    await create('supplier', { CountryOid: country.Oid });
    caller = asTenant(2);
    try {
      const r = await remove('country', country);
      expect(r.statusCode).toBe(409);
      expect(json(r).references).toEqual([{ kind: 'ref/supplier', label: { en: 'Suppliers' }, field: 'CountryOid', count: 1 }]);
    } finally {
      caller = context;
    }
  });
});

describe('races: the check and the delete in one transaction', () => {
  it('a delete waits for a write that has locked its target, then sees the new reference', async () => {
    const supplier = await create('supplier');
    const itemKind = t.catalogue.find('ref', 'item')!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    // A create in flight: its target locked as the data service locks it, the row inserted, not yet committed.
    const write = t.data.db.transaction(async (tx) => {
      expect(await lookupProblems(tx, t.catalogue, itemKind, { SupplierOid: supplier.Oid }, context, undefined, true)).toEqual({});
      locked();
      await held;
      return insertStored(tx, itemKind, { Name: 'racing', SupplierOid: supplier.Oid, Disabled: false }, 1, 'racer');
    });
    await hasLock;
    const deleting = remove('supplier', supplier);
    // On PostgreSQL the delete is now waiting for the row lock (on PGlite for the transaction); let the write commit.
    if (process.env.DATABASE_URL) await expect.poll(async () => (await t.data.db.query<{ n: number }>('select count(*)::int as n from pg_locks as l join pg_stat_activity as a on a.pid = l.pid where not l.granted and a.datname = current_database()')).rows[0]!.n, { timeout: 30_000 }).toBeGreaterThan(0);
    release();
    const inserted = await write;
    const r = await deleting;
    expect(r.statusCode, r.body).toBe(409);
    expect(json(r).references).toMatchObject([{ kind: 'ref/item', oids: [inserted.record.Oid] }]);
  });

  it('of a create and a delete racing, never both win: no record points at a deleted one', async () => {
    for (let round = 0; round < 8; round++) {
      const supplier = await create('supplier');
      const [created, deleted] = await Promise.all([
        t.app.inject({ method: 'POST', url: url('item'), payload: { Name: `race ${round}`, SupplierOid: supplier.Oid } }),
        remove('supplier', supplier),
      ]);
      expect([created.statusCode, deleted.statusCode].sort()).toEqual(created.statusCode === 201 ? [201, 409] : [204, 400]);
    }
  });
});

describe('lookups to disabled records', () => {
  it('refuses a new reference to a disabled record, naming the field; an existing one may stay', async () => {
    const supplier = await create('supplier');
    const item = await create('item', { SupplierOid: supplier.Oid });
    const disabled = await t.app.inject({ method: 'PATCH', url: url('supplier', supplier.Oid), headers: { 'if-match': supplier.ETag as string }, payload: { Disabled: true } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const fresh = await t.app.inject({ method: 'POST', url: url('item'), payload: { Name: 'new', SupplierOid: supplier.Oid } });
    expect(fresh.statusCode).toBe(400);
    expect(json(fresh).errors).toEqual({ SupplierOid: [`SupplierOid ${supplier.Oid} is a disabled ref/supplier record: choose an active one.`] });
    // The record that already points at it is saved unchanged (PUT, the direct path falls back) and with other changes.
    const put = await t.app.inject({ method: 'PUT', url: url('item', item.Oid), headers: { 'if-match': item.ETag as string }, payload: { ...item, Name: 'renamed' } });
    expect(put.statusCode, put.body).toBe(200);
    const patch = await t.app.inject({ method: 'PATCH', url: url('item', item.Oid), headers: { 'if-match': put.headers.etag as string }, payload: { Name: 'renamed again' } });
    expect(patch.statusCode, patch.body).toBe(200);
    // Changing it to the disabled record from elsewhere is refused.
    const other = await create('item');
    const moved = await t.app.inject({ method: 'PATCH', url: url('item', other.Oid), headers: { 'if-match': other.ETag as string }, payload: { SupplierOid: supplier.Oid } });
    expect(moved.statusCode).toBe(400);
    expect(json(moved).errors.SupplierOid[0]).toContain('disabled');
    // In a list too.
    const listed = await t.app.inject({ method: 'POST', url: url('item'), payload: { Name: 'parts', Parts: [{ SupplierOid: supplier.Oid }] } });
    expect(json(listed).errors).toEqual({ Parts: [`Parts SupplierOid ${supplier.Oid} is a disabled ref/supplier record: choose an active one.`] });
  });
});

describe('a PUT checks its lookups inside its one statement', () => {
  const put = (entity: string, record: Json, fields: Json) => t.app.inject({ method: 'PUT', url: url(entity, record.Oid), headers: { 'if-match': record.ETag as string }, payload: { ...record, ...fields } });

  it('writes a new or kept reference with the one UPDATE, and refuses a missing, disabled or other tenant\'s one as before', async () => {
    const [first, second] = [await create('item'), await create('item')];
    const line = await create('order-line', { ItemOid: first.Oid });
    let moved!: Awaited<ReturnType<typeof put>>;
    expect(await statementsDuring(t.data.db, async () => (moved = await put('order-line', line, { ItemOid: second.Oid })))).toHaveLength(1);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json(moved).ItemOid).toBe(second.Oid);

    // Refused as the read-validate-write path refuses them, naming the field; nothing written.
    caller = asTenant(2);
    const theirs = await create('item');
    caller = context;
    const disabled = await create('item', { Disabled: true });
    const current = json(moved);
    for (const [target, message] of [
      [987654, 'is not a ref/item record you can see'],
      [theirs.Oid, 'is not a ref/item record you can see'],
      [disabled.Oid, 'is a disabled ref/item record: choose an active one'],
    ] as const) {
      const refused = await put('order-line', current, { ItemOid: target });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(json(refused).errors).toEqual({ ItemOid: [`ItemOid ${target} ${message}.`] });
    }
    expect(json(await read('order-line', line))).toMatchObject({ ItemOid: second.Oid, ETag: current.ETag });

    // A reference the row holds already may stay after its target was disabled: still one statement.
    const off = await t.app.inject({ method: 'PATCH', url: url('item', second.Oid), headers: { 'if-match': second.ETag as string }, payload: { Disabled: true } });
    expect(off.statusCode, off.body).toBe(200);
    let renamed!: Awaited<ReturnType<typeof put>>;
    expect(await statementsDuring(t.data.db, async () => (renamed = await put('order-line', current, { Name: 'kept reference' })))).toHaveLength(1);
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('of a PUT pointing at a record and that record\'s delete racing, never both win', async () => {
    for (let round = 0; round < 8; round++) {
      const [item, line] = [await create('item'), await create('order-line')];
      const [moved, deleted] = await Promise.all([put('order-line', line, { ItemOid: item.Oid }), remove('item', item)]);
      expect([moved.statusCode, deleted.statusCode].sort(), `${moved.body} ${deleted.body}`).toEqual(moved.statusCode === 200 ? [200, 409] : [204, 400]);
    }
  });
});
