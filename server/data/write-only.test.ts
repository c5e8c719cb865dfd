import { verify } from '@node-rs/argon2';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTestApp, TEST_FIXTURES_DIR, type DataTestApp } from './data-test-app';

/** A kind with a hashed PIN (usage Password, required) and a plain write-only secret (optional). */
const WRITE_ONLY_FIXTURES = fileURLToPath(new URL('./test-fixtures-write-only', import.meta.url));

let t: DataTestApp;
beforeAll(async () => {
  t = await createDataTestApp([TEST_FIXTURES_DIR, WRITE_ONLY_FIXTURES], { serverUrl: process.env.DATABASE_URL });
});
afterAll(async () => t.close());

const P = '/api/data/vault/safe';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;
const stored = async (oid: number) => (await t.data.db.query<{ Pin: string | null; Secret: string | null }>('select "Pin", "Secret" from e_vault_safe where "Oid" = $1', [oid])).rows[0]!;
let seq = 0;
async function create(fields: Record<string, unknown> = {}) {
  const r = await t.app.inject({ method: 'POST', url: P, payload: { Name: `Safe ${++seq}`, Pin: '1234', Secret: 's3cr3t-value', ...fields } });
  expect(r.statusCode, r.body).toBe(201);
  return json(r);
}

describe('write-only fields', () => {
  it('never answers the value: create, read, list, camel profile; says whether it is set', async () => {
    const created = await create({ Secret: null });
    expect(created).not.toHaveProperty('Pin');
    expect(created).not.toHaveProperty('Secret');
    expect(created.$writeOnly).toEqual({ Pin: true, Secret: false });
    const read = await t.app.inject({ url: `${P}/${created.Oid}` });
    expect(read.body).not.toContain('1234');
    expect(json(read).$writeOnly).toEqual({ Pin: true, Secret: false });
    const list = await t.app.inject({ url: P });
    expect(list.body).not.toMatch(/"Pin":"|argon2|s3cr3t/);
    const camel = json(await t.app.inject({ url: `${P}/${created.Oid}?profile=camel` }));
    expect(camel).not.toHaveProperty('pin');
    expect(camel.$writeOnly).toEqual({ pin: true, secret: false });
  });

  it('stores a hashed field as its argon2id hash and a plain one as it is', async () => {
    const created = await create();
    const row = await stored(created.Oid);
    expect(row.Pin).toMatch(/^\$argon2id\$/);
    expect(await verify(row.Pin!, '1234')).toBe(true);
    expect(row.Secret).toBe('s3cr3t-value');
  });

  it('keeps the values a PUT leaves out, replaces the ones it sends, clears an optional one sent as null', async () => {
    const created = await create();
    const hash = (await stored(created.Oid)).Pin;
    // The record sent back as it was read ($writeOnly included, no values): nothing changes.
    const same = await t.app.inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': created.ETag }, payload: created });
    expect(same.statusCode, same.body).toBe(304);
    const renamed = await t.app.inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': created.ETag }, payload: { Name: 'Renamed' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed).$writeOnly).toEqual({ Pin: true, Secret: true });
    expect(await stored(created.Oid)).toEqual({ Pin: hash, Secret: 's3cr3t-value' });
    const replaced = await t.app.inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': json(renamed).ETag }, payload: { Name: 'Renamed', Pin: '98765', Secret: null } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(json(replaced).$writeOnly).toEqual({ Pin: true, Secret: false });
    const row = await stored(created.Oid);
    expect(await verify(row.Pin!, '98765')).toBe(true);
    expect(row.Secret).toBeNull();
  });

  it('keeps them on PATCH, and clears an optional one patched to null', async () => {
    const created = await create();
    const hash = (await stored(created.Oid)).Pin;
    const patched = await t.app.inject({ method: 'PATCH', url: `${P}/${created.Oid}`, headers: { 'if-match': created.ETag }, payload: { Note: 'n', Secret: null } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await stored(created.Oid)).toEqual({ Pin: hash, Secret: null });
  });

  it('refuses clearing a required one, naming it, and never repeats a refused value', async () => {
    const created = await create();
    const cleared = await t.app.inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': created.ETag }, payload: { Name: 'x', Pin: null } });
    expect(cleared.statusCode).toBe(400);
    expect(Object.keys(json(cleared).errors)).toEqual(['Pin']);
    const missing = await t.app.inject({ method: 'POST', url: P, payload: { Name: 'No pin' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(json(missing).errors)).toEqual(['Pin']);
    const bad = await t.app.inject({ method: 'POST', url: P, payload: { Name: 'Bad pin', Pin: 'abcd' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors.Pin[0]).toMatch(/Pin/);
    expect(bad.body).not.toContain('abcd');
  });

  it('answers a conflict without the values', async () => {
    const created = await create();
    const r = await t.app.inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': `"${created.Oid}-99"` }, payload: { Name: 'late', Pin: '5555' } });
    expect(r.statusCode).toBe(409);
    expect(json(r).current).not.toHaveProperty('Pin');
    expect(json(r).current.$writeOnly).toEqual({ Pin: true, Secret: true });
    expect(r.body).not.toMatch(/argon2|s3cr3t/);
  });

  it('refuses filtering, sorting and searching by one (400 naming the parameter)', async () => {
    for (const query of [
      `filter=${encodeURIComponent(JSON.stringify({ field: 'Pin', op: 'equal', value: '1234' }))}`,
      'orderBy=Pin',
      `contains=${encodeURIComponent(JSON.stringify({ Secret: 's3' }))}`,
    ]) {
      const r = await t.app.inject({ url: `${P}?${query}` });
      expect(r.statusCode, query).toBe(400);
    }
    await create({ Name: 'Quick', Secret: 'findme' });
    expect(json(await t.app.inject({ url: `${P}?q=findme` })).items).toEqual([]);
  });

  it('hashes on import and answers only oids', async () => {
    const r = await t.app.inject({ method: 'POST', url: `${P}/import`, payload: { records: [{ Name: 'Imp 1', Pin: '4321' }, { Name: 'Imp 2', Pin: '8765', Secret: 'x' }] } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).not.toMatch(/4321|8765/);
    const row = await stored(json(r).oids[0]);
    expect(await verify(row.Pin!, '4321')).toBe(true);
  });

  it('publishes events without the values', async () => {
    const created = await create({ Secret: 'event-secret' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mine = t.events.filter((e) => e.oid === created.Oid);
    expect(JSON.stringify(mine)).not.toMatch(/event-secret|1234|argon2/);
  });
});
