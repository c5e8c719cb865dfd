import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../lib/request-context';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { loadCatalogue } from './catalogue';
import { DataEventBus } from './data-event-bus';
import { syncEntityTables } from './sync-entity-tables';

// A kind whose records belong to a location and a terminal; the test resolver takes both from test headers, as
// identity takes them from the scope headers.
const TILL = {
  area: 'till',
  entity: 'receipt',
  version: 1,
  label: { en: 'Receipt' },
  navigation: '/data/till',
  scope: 'tenant',
  scopeFields: { location: 'LocationOid', terminal: 'TerminalOid' },
  fields: [
    { name: 'Number', type: 'String', required: true, unique: true },
    { name: 'LocationOid', type: 'Number', managedType: 'int64', nullable: true },
    { name: 'TerminalOid', type: 'Number', managedType: 'int64', nullable: true },
  ],
};

let dir: string;
let data: TestDatabase;
let bus: DataEventBus;
let t: TestApp;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mate-scope-'));
  await mkdir(path.join(dir, 'till'));
  await writeFile(path.join(dir, 'till', 'receipt.json'), JSON.stringify(TILL));
  const catalogue = await loadCatalogue([dir]);
  data = await createTestDatabase();
  await syncEntityTables(data.db, catalogue);
  bus = new DataEventBus(data.db);
  await bus.start();
  const header = (value: string | string[] | undefined) => (typeof value === 'string' ? Number(value) : undefined);
  t = await createTestApp({
    data: {
      db: data.db,
      catalogue,
      events: bus,
      resolveContext: async (request): Promise<RequestContext> => ({
        userOid: 1,
        username: 'tester',
        tenantOids: [1],
        tenantOid: 1,
        locationOid: header(request.headers['x-test-location']),
        terminalOid: header(request.headers['x-test-terminal']),
        can: () => true,
      }),
    },
  });
});
afterAll(async () => {
  await t.close();
  await bus.close();
  await data.drop();
  await rm(dir, { recursive: true, force: true });
});

const R = '/api/data/till/receipt';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;
const at = (location?: number, terminal?: number) => ({
  ...(location !== undefined ? { 'x-test-location': String(location) } : {}),
  ...(terminal !== undefined ? { 'x-test-terminal': String(terminal) } : {}),
});
let seq = 0;
async function create(fields: Record<string, unknown>, headers = at()) {
  const r = await t.app.inject({ method: 'POST', url: R, headers, payload: { Number: `R${++seq}`, ...fields } });
  expect(r.statusCode, r.body).toBe(201);
  return json(r);
}
const stored = async (oid: number) => (await data.db.query<{ LocationOid: number | null; TerminalOid: number | null; row_version: number }>('select "LocationOid", "TerminalOid", row_version from e_till_receipt where "Oid" = $1', [oid])).rows[0];

describe('scope headers restrict a kind with scopeFields', () => {
  it('lists only the rows of the location and terminal of the request; without the headers, all of the tenant', async () => {
    const a = await create({ LocationOid: 10, TerminalOid: 100 });
    const b = await create({ LocationOid: 10, TerminalOid: 101 });
    const c = await create({ LocationOid: 20, TerminalOid: 200 });
    const oids = async (headers: Record<string, string>) => json(await t.app.inject({ url: `${R}?take=500`, headers })).items.map((i: { Oid: number }) => i.Oid);
    expect(await oids(at(10))).toEqual(expect.arrayContaining([a.Oid, b.Oid]));
    expect(await oids(at(10))).not.toContain(c.Oid);
    expect(await oids(at(10, 101))).toEqual([b.Oid]);
    expect(await oids(at())).toEqual(expect.arrayContaining([a.Oid, b.Oid, c.Oid]));
    // A filter cannot widen the scope.
    const widened = await t.app.inject({ url: `${R}?filter=${encodeURIComponent(JSON.stringify({ field: 'LocationOid', op: 'equal', value: 20 }))}`, headers: at(10) });
    expect(json(widened).items).toEqual([]);
  });

  it('reads a record of another location as missing (404)', async () => {
    const c = await create({ LocationOid: 30, TerminalOid: 300 });
    expect((await t.app.inject({ url: `${R}/${c.Oid}`, headers: at(31) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${R}/${c.Oid}`, headers: at(30, 301) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${R}/${c.Oid}`, headers: at(30, 300) })).statusCode).toBe(200);
  });

  it('fills the scope fields of a new record from the headers and refuses another location with 403 naming the field', async () => {
    const filled = await create({}, at(40, 400));
    expect(filled).toMatchObject({ LocationOid: 40, TerminalOid: 400 });
    const empty = json(await t.app.inject({ url: `${R}/empty`, headers: at(40, 400) }));
    expect(empty).toMatchObject({ LocationOid: 40, TerminalOid: 400 });
    const before = (await data.db.query<{ n: number }>('select count(*)::int as n from e_till_receipt')).rows[0]!.n;
    const r = await t.app.inject({ method: 'POST', url: R, headers: at(40), payload: { Number: 'X-1', LocationOid: 41 } });
    expect(r.statusCode).toBe(403);
    expect(json(r).message).toContain('LocationOid');
    expect(Object.keys(json(r).errors)).toEqual(['LocationOid']);
    const t2 = await t.app.inject({ method: 'POST', url: R, headers: at(40, 400), payload: { Number: 'X-2', TerminalOid: 401 } });
    expect(t2.statusCode).toBe(403);
    expect(Object.keys(json(t2).errors)).toEqual(['TerminalOid']);
    expect((await data.db.query<{ n: number }>('select count(*)::int as n from e_till_receipt')).rows[0]!.n).toBe(before);
  });

  it('refuses an update that moves a record to another location; keeps it when the PUT leaves the field out', async () => {
    const c = await create({ LocationOid: 50, TerminalOid: 500 });
    const url = `${R}/${c.Oid}`;
    const moved = await t.app.inject({ method: 'PATCH', url, headers: { ...at(50), 'if-match': c.ETag }, payload: { LocationOid: 51 } });
    expect(moved.statusCode).toBe(403);
    expect(Object.keys(json(moved).errors)).toEqual(['LocationOid']);
    expect((await stored(c.Oid))!).toMatchObject({ LocationOid: 50, row_version: 1 });
    const put = await t.app.inject({ method: 'PUT', url, headers: { ...at(50, 500), 'if-match': c.ETag }, payload: { Number: c.Number } });
    expect(put.statusCode, put.body).toBe(304);
    const renamed = await t.app.inject({ method: 'PUT', url, headers: { ...at(50, 500), 'if-match': c.ETag }, payload: { Number: `${c.Number}b` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed)).toMatchObject({ LocationOid: 50, TerminalOid: 500 });
    // Out of scope is missing, for updates as for reads.
    const elsewhere = await t.app.inject({ method: 'PATCH', url, headers: { ...at(52), 'if-match': json(renamed).ETag }, payload: { Number: 'Z' } });
    expect(elsewhere.statusCode).toBe(404);
    // Without the headers the tenant alone restricts, so a move is allowed.
    const free = await t.app.inject({ method: 'PATCH', url, headers: { 'if-match': json(renamed).ETag }, payload: { LocationOid: 53 } });
    expect(free.statusCode, free.body).toBe(200);
  });

  it('imports only records of the scope: fills the fields, refuses another location naming row and field', async () => {
    const ok = await t.app.inject({ method: 'POST', url: `${R}/import`, headers: at(70, 700), payload: { records: [{ Number: 'I-1' }, { Number: 'I-2', LocationOid: 70 }] } });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const oid of json(ok).oids as number[]) expect(await stored(oid)).toMatchObject({ LocationOid: 70, TerminalOid: 700 });
    const bad = await t.app.inject({ method: 'POST', url: `${R}/import`, headers: at(70), payload: { records: [{ Number: 'I-3' }, { Number: 'I-4', LocationOid: 71 }] } });
    expect(bad.statusCode).toBe(403);
    expect(Object.keys(json(bad).errors)).toEqual(['2.LocationOid']);
    expect((await data.db.query('select 1 from e_till_receipt where "Number" = $1', ['I-3'])).rowCount).toBe(0);
  });

  it('deletes only within the scope', async () => {
    const c = await create({ LocationOid: 60, TerminalOid: 600 });
    const url = `${R}/${c.Oid}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: { ...at(61), 'if-match': c.ETag } })).statusCode).toBe(404);
    expect(await stored(c.Oid)).toBeDefined();
    expect((await t.app.inject({ method: 'DELETE', url, headers: { ...at(60, 600), 'if-match': c.ETag } })).statusCode).toBe(204);
    expect(await stored(c.Oid)).toBeUndefined();
  });
});
