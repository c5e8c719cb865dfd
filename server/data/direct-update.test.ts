import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTestApp, statementsDuring, TEST_FIXTURES_DIR, type DataTestApp } from './data-test-app';

// Two kinds beside the shop fixtures: one whose readonly state depends on the record (an effect), one whose
// conditional required reads a readonly field. Both need the stored record to judge a PUT.
const TICKET = {
  area: 'desk', entity: 'ticket', version: 1, label: { en: 'Ticket' }, navigation: '/data/desk', scope: 'tenant',
  fields: [
    { name: 'Title', type: 'String', required: true, maxLength: 40 },
    { name: 'Status', type: 'String', maxLength: 10 },
    { name: 'Priority', type: 'String', maxLength: 10 },
  ],
  extensions: {
    effects: {
      Title: { readonly: { field: 'Status', op: 'equal', value: 'Closed' } },
      Priority: { disabled: { field: 'Status', op: 'equal', value: 'Closed' } },
    },
  },
};
const STAMP = {
  area: 'desk', entity: 'stamp', version: 1, label: { en: 'Stamp' }, navigation: '/data/desk', scope: 'tenant',
  fields: [
    { name: 'Name', type: 'String', required: true, maxLength: 40 },
    { name: 'Origin', type: 'String', readonly: true, maxLength: 10 },
    { name: 'Serial', type: 'Number', managedType: 'int32', readonly: true, nullable: true },
    { name: 'Checked', type: 'Boolean', readonly: true },
    { name: 'Note', type: 'String', maxLength: 40 },
  ],
  extensions: { effects: { Note: { required: { field: 'Origin', op: 'equal', value: 'import' } } } },
};

let dir: string;
let t: DataTestApp;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mate-direct-'));
  await mkdir(path.join(dir, 'desk'));
  await writeFile(path.join(dir, 'desk', 'ticket.json'), JSON.stringify(TICKET));
  await writeFile(path.join(dir, 'desk', 'stamp.json'), JSON.stringify(STAMP));
  t = await createDataTestApp([TEST_FIXTURES_DIR, dir]);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const P = '/api/data/shop/product';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;
let seq = 0;
async function create(url: string, fields: Record<string, unknown>) {
  const r = await t.app.inject({ method: 'POST', url, payload: fields });
  expect(r.statusCode, r.body).toBe(201);
  return json(r);
}
const product = (fields: Record<string, unknown> = {}) => create(P, { Code: `D${++seq}`, Name: `Direct ${seq}`, ...fields });
const put = (url: string, etag: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url, headers: { 'if-match': etag }, payload });
// Events come back through LISTEN, asynchronously on PostgreSQL.
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
}
const row = async (table: string, oid: number) => (await t.data.db.query(`select * from ${table} where "Oid" = $1`, [oid])).rows[0]!;

/** The first words of the statements the data routes send while `work` runs. */
const statements = (work: () => Promise<unknown>) => statementsDuring(t.data.db, work);

describe('PUT as one statement', () => {
  it('writes a plain save with the one UPDATE, no read before it, and publishes its event once', async () => {
    const c = await product();
    let answer: Awaited<ReturnType<typeof put>> | undefined;
    const seen = await statements(async () => (answer = await put(`${P}/${c.Oid}`, c.ETag, { ...c, Name: 'Once' })));
    // The event goes with the UPDATE ("with changed as (update ...) select ..., pg_notify") unless the bus was busy.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^(update|with)$/);
    expect(answer!.statusCode).toBe(200);
    expect(json(answer!)).toMatchObject({ Name: 'Once', ETag: `"${c.Oid}-2"` });
    expect(answer!.headers.etag).toBe(`"${c.Oid}-2"`);
    const mine = () => t.events.filter((e) => e.oid === c.Oid && e.type === 'DataServiceUpdate');
    await eventually(() => mine().length > 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(mine()).toEqual([{ type: 'DataServiceUpdate', kind: 'shop/product', oid: c.Oid, etag: `"${c.Oid}-2"`, tenantOid: 1 }]);
  });

  it('sends the event with the statement when the bus is idle, keeping a record\'s events in order', async () => {
    const c = await product();
    await eventually(() => t.events.some((e) => e.oid === c.Oid));
    await new Promise((r) => setTimeout(r, 50));
    const seen = await statements(() => put(`${P}/${c.Oid}`, c.ETag, { ...c, Name: 'Inline' }));
    expect(seen).toEqual(['with']);
    const second = await put(`${P}/${c.Oid}`, `"${c.Oid}-2"`, { ...c, Name: 'Inline again' });
    expect(second.statusCode).toBe(200);
    await eventually(() => t.events.filter((e) => e.oid === c.Oid).length === 3);
    expect(t.events.filter((e) => e.oid === c.Oid).map((e) => `${e.type} ${e.etag}`)).toEqual([
      `DataServiceCreate "${c.Oid}-1"`,
      `DataServiceUpdate "${c.Oid}-2"`,
      `DataServiceUpdate "${c.Oid}-3"`,
    ]);
  });

  it('keeps a readonly field the body leaves out, and refuses one the body changes', async () => {
    const c = await product();
    await t.data.db.query(`update e_shop_product set "Legacy" = 'L-1' where "Oid" = $1`, [c.Oid]);
    const { Legacy: _left, ...body } = c;
    const kept = await put(`${P}/${c.Oid}`, c.ETag, { ...body, Name: 'Kept' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json(kept)).toMatchObject({ Name: 'Kept', Legacy: 'L-1' });
    const same = await put(`${P}/${c.Oid}`, json(kept).ETag, { ...json(kept), Name: 'Same legacy' });
    expect(same.statusCode, same.body).toBe(200);
    const changed = await put(`${P}/${c.Oid}`, json(same).ETag, { ...json(same), Legacy: 'L-2', Name: 'Sneaky' });
    expect(changed.statusCode).toBe(400);
    expect(Object.keys(json(changed).errors)).toEqual(['Legacy']);
    expect(await row('e_shop_product', c.Oid)).toMatchObject({ Legacy: 'L-1', Name: 'Same legacy' });
  });

  it('does not judge a kept readonly value again: one that no longer validates blocks no save', async () => {
    const c = await product();
    await t.data.db.query(`update e_shop_product set "Legacy" = $2 where "Oid" = $1`, [c.Oid, 'x'.repeat(30)]);
    const { Legacy: _left, ...body } = c;
    const r = await put(`${P}/${c.Oid}`, c.ETag, { ...body, Name: 'Still savable' });
    expect(r.statusCode, r.body).toBe(200);
    const sent = await put(`${P}/${c.Oid}`, json(r).ETag, { ...json(r), Name: 'Sent back' });
    expect(sent.statusCode, sent.body).toBe(200);
    const patched = await t.app.inject({ method: 'PATCH', url: `${P}/${c.Oid}`, headers: { 'if-match': json(sent).ETag }, payload: { Name: 'Patched' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched).Legacy).toBe('x'.repeat(30));
  });

  it('answers 304 for no change, 409 with the current version for another version or record, 404 for none', async () => {
    const c = await product();
    const url = `${P}/${c.Oid}`;
    expect((await put(url, c.ETag, c)).statusCode).toBe(304);
    const ok = await put(url, c.ETag, { ...c, Name: 'First' });
    for (const tag of [c.ETag, `"${c.Oid}-7"`, '"1-1"', 'garbage']) {
      const stale = await put(url, tag, { ...c, Name: 'Second' });
      expect(stale.statusCode, tag).toBe(409);
      expect(json(stale).current).toMatchObject({ Name: 'First', ETag: json(ok).ETag });
    }
    expect((await put(`${P}/999999`, '"999999-1"', { ...c, Oid: 999999, Name: 'Nobody' })).statusCode).toBe(404);
  });

  it('answers 400 naming the invalid fields and 409 naming a taken unique value, writing nothing', async () => {
    const taken = await product();
    const c = await product();
    const url = `${P}/${c.Oid}`;
    const invalid = await put(url, c.ETag, { ...c, Name: 'x'.repeat(41), Kind: 2 });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(json(invalid).errors).sort()).toEqual(['Name', 'Note']);
    const clash = await put(url, c.ETag, { ...c, Code: taken.Code, Name: 'Clash' });
    expect(clash.statusCode).toBe(409);
    expect(Object.keys(json(clash).errors)).toEqual(['Code']);
    expect(await row('e_shop_product', c.Oid)).toMatchObject({ Code: c.Code, Name: c.Name, row_version: 1 });
  });

  it('judges a kind whose readonly state depends on the record by the stored version', async () => {
    const url = '/api/data/desk/ticket';
    const c = await create(url, { Title: 'Closed one', Status: 'Closed' });
    const locked = await put(`${url}/${c.Oid}`, c.ETag, { ...c, Title: 'Changed' });
    expect(locked.statusCode).toBe(400);
    expect(Object.keys(json(locked).errors)).toEqual(['Title']);
    let reopened!: Awaited<ReturnType<typeof put>>;
    // Closed on the stored row, kept by the save: still the one statement, which checks the lock in its WHERE.
    expect(await statements(async () => (reopened = await put(`${url}/${c.Oid}`, c.ETag, { ...c, Status: 'Open' })))).toHaveLength(1);
    expect(reopened.statusCode, reopened.body).toBe(200);
    let renamed!: Awaited<ReturnType<typeof put>>;
    expect(await statements(async () => (renamed = await put(`${url}/${c.Oid}`, json(reopened).ETag, { ...json(reopened), Title: 'Renamed' })))).toHaveLength(1);
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Closed again, then a changed title: the statement matches no row, the stored record's verdict answers.
    const closed = await put(`${url}/${c.Oid}`, json(renamed).ETag, { ...json(renamed), Status: 'Closed' });
    const lockedAgain = await put(`${url}/${c.Oid}`, json(closed).ETag, { ...json(closed), Title: 'Sneaky' });
    expect(lockedAgain.statusCode).toBe(400);
    expect(json(lockedAgain).errors).toEqual({ Title: ['Title is read-only and cannot be changed.'] });
    expect(await row('e_desk_ticket', c.Oid)).toMatchObject({ Title: 'Renamed', Status: 'Closed' });
  });

  it('refuses a change to a field disabled before and after the save, naming it; one the same save enables or disables is free', async () => {
    const url = '/api/data/desk/ticket';
    const c = await create(url, { Title: 'Closed two', Status: 'Closed', Priority: 'low' });
    const locked = await put(`${url}/${c.Oid}`, c.ETag, { ...c, Priority: 'high' });
    expect(locked.statusCode).toBe(400);
    expect(json(locked).errors).toEqual({ Priority: ['Priority is disabled and cannot be changed.'] });
    expect(await row('e_desk_ticket', c.Oid)).toMatchObject({ Priority: 'low', row_version: 1 });
    // Reopened in the same save: the editor enabled the field on the way.
    const reopened = await put(`${url}/${c.Oid}`, c.ETag, { ...c, Status: 'Open', Priority: 'high' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    // Closed in the same save: the value was typed while it was still enabled.
    const closed = await put(`${url}/${c.Oid}`, json(reopened).ETag, { ...json(reopened), Status: 'Closed', Priority: 'urgent' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed)).toMatchObject({ Status: 'Closed', Priority: 'urgent' });
    // A PATCH is judged the same way.
    const patched = await t.app.inject({ method: 'PATCH', url: `${url}/${c.Oid}`, headers: { 'if-match': json(closed).ETag, 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify({ Priority: 'low' }) });
    expect(patched.statusCode).toBe(400);
    expect(Object.keys(json(patched).errors)).toEqual(['Priority']);
  });

  it('keeps the one statement for a field disabled after the save that keeps its value; a changed one is judged against the stored record', async () => {
    // The product's Stock is disabled while Active is false.
    const c = await product({ Active: false, Stock: 4 });
    const kept = await statements(() => put(`${P}/${c.Oid}`, c.ETag, { ...c, Name: 'Inactive, renamed' }));
    expect(kept).toHaveLength(1);
    const renamed = json(await t.app.inject({ url: `${P}/${c.Oid}` }));
    const changed = await put(`${P}/${c.Oid}`, renamed.ETag, { ...renamed, Stock: 9 });
    expect(changed.statusCode).toBe(400);
    expect(json(changed).errors).toEqual({ Stock: ['Stock is disabled and cannot be changed.'] });
    expect(await row('e_shop_product', c.Oid)).toMatchObject({ Stock: 4, row_version: 2 });
    // Activated in the same save: written.
    const active = await put(`${P}/${c.Oid}`, renamed.ETag, { ...renamed, Active: true, Stock: 9 });
    expect(active.statusCode, active.body).toBe(200);
    // Deactivated in the same save with a new stock: the value was typed while the field was enabled.
    const inactive = await put(`${P}/${c.Oid}`, json(active).ETag, { ...json(active), Active: false, Stock: 2 });
    expect(inactive.statusCode, inactive.body).toBe(200);
    expect(await row('e_shop_product', c.Oid)).toMatchObject({ Active: false, Stock: 2 });
  });

  it('validates a conditional required that reads a readonly field the body leaves out by its stored value', async () => {
    const url = '/api/data/desk/stamp';
    const c = await create(url, { Name: 'Imported' });
    await t.data.db.query(`update e_desk_stamp set "Origin" = 'import' where "Oid" = $1`, [c.Oid]);
    const missing = await put(`${url}/${c.Oid}`, c.ETag, { Name: 'Renamed' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(json(missing).errors)).toEqual(['Note']);
    const noted = await put(`${url}/${c.Oid}`, c.ETag, { Name: 'Renamed', Note: 'from the import' });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(json(noted)).toMatchObject({ Origin: 'import', Note: 'from the import' });
  });
});

describe('a readonly field of the wrong type', () => {
  it.each([
    ['Serial', 'abc'],
    ['Checked', 'yes'],
    ['Serial', { n: 1 }],
  ])('answers 400 naming %s for %j and changes nothing', async (field, value) => {
    const url = '/api/data/desk/stamp';
    const c = await create(url, { Name: `Typed ${++seq}` });
    const r = await put(`${url}/${c.Oid}`, c.ETag, { ...c, Name: 'Changed', [field]: value });
    expect(r.statusCode, r.body).toBe(400);
    expect(Object.keys(json(r).errors)).toContain(field);
    expect(json(await t.app.inject({ url: `${url}/${c.Oid}` }))).toEqual(c);
  });
});
