import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTestApp, type DataTestApp } from '../data/data-test-app';

let t: DataTestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => t.close());

const P = '/api/data/shop/product';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;
const products = async () => (await t.data.db.query<{ n: number }>('select count(*)::int as n from e_shop_product')).rows[0]!.n;
const rawJson = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload });

/** A 400 in the error shape whose errors name `field`, and no product written. */
async function refused(answer: Promise<{ statusCode: number; body: string }>, field: string, before: number): Promise<void> {
  const r = await answer;
  expect(r.statusCode, r.body).toBe(400);
  expect(json(r)).toMatchObject({ status: 400, message: expect.stringContaining(field) });
  expect(Object.keys(json(r).errors)).toEqual([field]);
  expect(await products()).toBe(before);
}

describe('unusable text and nesting in a body', () => {
  it.each([
    ['a NUL in a text field', '{"Code":"N1","Name":"a\\u0000b"}', 'Name'],
    ['a NUL inside an Object field', '{"Code":"N2","Name":"x","Attributes":{"Color":"r\\u0000"}}', 'Attributes.Color'],
    ['a lone surrogate inside an Object field', '{"Code":"N3","Name":"x","Attributes":{"Color":"\\ud800"}}', 'Attributes.Color'],
    ['a lone surrogate inside an Array field', '{"Code":"N4","Name":"x","Tags":["ok","\\udc00"]}', 'Tags.1'],
    ['a lone surrogate in a text field (would be stored as U+FFFD)', '{"Code":"N5","Name":"\\udc00"}', 'Name'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_case, payload, field) => {
    await refused(rawJson('POST', P, payload), field, await products());
  });

  it('refuses JSON nested thousands of levels deep, on create, adjust and patch', async () => {
    const before = await products();
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    await refused(rawJson('POST', P, `{"Code":"D1","Name":"x","Attributes":${deep}}`), 'Attributes.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a', before);
    expect((await rawJson('POST', `${P}/adjust`, `{"Attributes":${deep}}`)).statusCode).toBe(400);
    const c = json(await t.app.inject({ method: 'POST', url: P, payload: { Code: 'D2', Name: 'x' } }));
    const patch = await rawJson('PATCH', `${P}/${c.Oid}`, `{"Attributes":${deep}}`, { 'content-type': 'application/merge-patch+json', 'if-match': c.ETag });
    expect(patch.statusCode, patch.body).toBe(400);
    expect(json(await t.app.inject({ url: `${P}/${c.Oid}` }))).toEqual(c);
  });

  it('refuses a NUL in an import record, naming row and field', async () => {
    const r = await t.app.inject({ method: 'POST', url: `${P}/import`, payload: { records: [{ Code: 'I1', Name: 'x' }, { Code: 'I\u0000', Name: 'x' }] } });
    expect(r.statusCode).toBe(400);
    expect(json(r).errors).toEqual({ 'records.1.Code': ['must not contain a NUL character'] });
  });
});

describe('unusable query parameters', () => {
  const cursor = (o: string, v: unknown[]) => Buffer.from(JSON.stringify({ o, v })).toString('base64url');
  it.each([
    ['q with a NUL', '?q=a%00b', 'q'],
    ['a filter value with a NUL', `?filter=${encodeURIComponent(JSON.stringify({ field: 'Name', op: 'equal', value: 'a\u0000' }))}`, 'filter'],
    ['a filter value with a lone surrogate', `?filter=${encodeURIComponent('{"field":"Name","op":"equal","value":"\\ud800"}')}`, 'filter'],
    ['a contains text with a NUL', `?contains=${encodeURIComponent(JSON.stringify({ Name: 'a\u0000' }))}`, 'contains'],
    ['a cursor with a text for Oid', `?cursor=${cursor('Oid+', ['abc'])}`, 'cursor'],
    ['a cursor with an object for a Number', `?orderBy=Price&cursor=${cursor('Price+,Oid+', [{ a: 1 }, 1])}`, 'cursor'],
    ['a cursor with a text for a Boolean', `?orderBy=Active&cursor=${cursor('Active+,Oid+', ['x', 1])}`, 'cursor'],
    ['a cursor with a NUL in a text', `?orderBy=Name&cursor=${cursor('Name+,Oid+', ['a\u0000', 1])}`, 'cursor'],
  ])('refuses %s with 400 naming the parameter', async (_case, query, parameter) => {
    const r = await t.app.inject({ url: `${P}${query}` });
    expect(r.statusCode, r.body).toBe(400);
    expect(Object.keys(json(r).errors)).toEqual([parameter]);
  });

  it('still pages with a cursor the service issued', async () => {
    for (const code of ['K1', 'K2', 'K3']) await t.app.inject({ method: 'POST', url: P, payload: { Code: code, Name: code, Price: 1.5 } });
    const first = json(await t.app.inject({ url: `${P}?orderBy=Price desc,Name&take=1` }));
    const second = await t.app.inject({ url: `${P}?orderBy=Price desc,Name&take=1&cursor=${first.next as string}` });
    expect(second.statusCode, second.body).toBe(200);
    expect(json(second).items[0].Oid).not.toBe(first.items[0].Oid);
  });
});

describe('paths', () => {
  it('answers a path that does not decode in the error shape', async () => {
    const r = await t.app.inject({ url: `${P}/%ED%A0%80` });
    expect(r.statusCode).toBe(400);
    expect(json(r)).toEqual({ status: 400, message: expect.stringContaining('percent-encoding') });
  });
});

describe('anonymous callers', () => {
  it('answers a NUL in the sign-in name with the 40101 of a malformed sign-in', async () => {
    const r = await t.app.inject({ url: '/api/v1-pub/auth/user/token.json', headers: { authorization: `Basic ${Buffer.from('ad\u0000min:secret').toString('base64')}` } });
    expect(r.statusCode).toBe(401);
    expect(json(r).error_code).toBe('40101');
  });

  it.each([{ email: 'a\u0000@example.com' }, { username: 'ad\u0000min' }])('refuses a NUL in a password reset (%j) with 400', async (payload) => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(json(r).errors)).toEqual(Object.keys(payload));
  });
});
