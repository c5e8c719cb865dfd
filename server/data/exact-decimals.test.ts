import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTestApp, TEST_FIXTURES_DIR, type DataTestApp } from './data-test-app';

/** A kind with decimals of precision 30 and 40 (exact decimals, schemas/exact-decimal.ts) and one of 12 (a number). */
const DECIMAL_FIXTURES = fileURLToPath(new URL('./test-fixtures-exact-decimals', import.meta.url));

const MAX = '99999999999999999999999999.9999';
const BIG = '12345678901234567890123456.7891';
const RATE = '123456789012345678901234567890.0123456789';

let t: DataTestApp;
beforeAll(async () => {
  t = await createDataTestApp([TEST_FIXTURES_DIR, DECIMAL_FIXTURES], { serverUrl: process.env.DATABASE_URL });
});
afterAll(async () => t.close());

const P = '/api/data/ledger/balance';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;
let seq = 0;
async function create(fields: Record<string, unknown>) {
  const r = await t.app.inject({ method: 'POST', url: P, payload: { Name: `Balance ${++seq}`, ...fields } });
  expect(r.statusCode, r.body).toBe(201);
  return json(r);
}
const list = async (query: Record<string, string>) => {
  const r = await t.app.inject({ url: P, query });
  expect(r.statusCode, r.body).toBe(200);
  return json(r).items as Record<string, unknown>[];
};
const filtered = async (condition: unknown) => (await list({ filter: JSON.stringify(condition), orderBy: 'Oid' })).map((item) => item.Name);

describe('exact decimals (decimal fields with a precision above 15)', () => {
  it('creates the column as numeric(precision, scale)', async () => {
    const columns = await t.data.db.query<{ column_name: string; numeric_precision: number; numeric_scale: number }>(
      "select column_name, numeric_precision, numeric_scale from information_schema.columns where table_name = 'e_ledger_balance' and column_name in ('Amount', 'Rate', 'Price') order by column_name",
    );
    expect(columns.rows).toEqual([
      { column_name: 'Amount', numeric_precision: 30, numeric_scale: 4 },
      { column_name: 'Price', numeric_precision: 12, numeric_scale: 2 },
      { column_name: 'Rate', numeric_precision: 40, numeric_scale: 10 },
    ]);
  });

  it('stores every digit and answers canonical decimal strings in create, read, update and list; small ones stay numbers', async () => {
    const created = await create({ Amount: BIG, Rate: RATE, Price: 12.5 });
    expect(created).toMatchObject({ Amount: BIG, Rate: RATE, Price: 12.5 });
    const read = json(await t.app.inject({ url: `${P}/${created.Oid}` }));
    expect(read).toMatchObject({ Amount: BIG, Rate: RATE, Price: 12.5 });
    const put = await t.app.inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': read.ETag }, payload: { ...read, Amount: `-${MAX}` } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put)).toMatchObject({ Amount: `-${MAX}` });
    const row = (await t.data.db.query<{ a: string }>('select "Amount"::text as a from e_ledger_balance where "Oid" = $1', [created.Oid])).rows[0];
    expect(row).toEqual({ a: `-${MAX}` });
    const items = await list({ filter: JSON.stringify({ field: 'Oid', op: 'equal', value: created.Oid }) });
    expect(items).toEqual([expect.objectContaining({ Amount: `-${MAX}`, Rate: RATE })]);
  });

  it('canonicalises what a client sends: fewer fraction digits, leading zeros, an exactly held number, the default', async () => {
    const created = await create({ Amount: '0012.5', Rate: 0.25 });
    expect(created).toMatchObject({ Amount: '12.5000', Rate: '0.2500000000' });
    const defaults = await create({});
    expect(defaults).toMatchObject({ Amount: null, Rate: '0.5000000000', Price: 0 });
    const empty = json(await t.app.inject({ url: `${P}/empty` }));
    expect(empty).toMatchObject({ Rate: '0.5000000000' });
  });

  it('refuses values out of range, longer than the scale or no decimal text with 400 naming range and scale, never rounding', async () => {
    const cases: [string, unknown][] = [
      ['Amount', '100000000000000000000000000'],
      ['Amount', '1.23456'],
      ['Amount', '1e3'],
      ['Amount', 'twelve'],
      ['Amount', Number('12345678901234567')],
      ['Rate', '-1'],
    ];
    for (const [field, value] of cases) {
      const r = await t.app.inject({ method: 'POST', url: P, payload: { Name: 'Bad', [field]: value } });
      expect(r.statusCode, `${field} ${String(value)}: ${r.body}`).toBe(400);
      const message = (json(r).errors[field] as string[]).join(' ');
      expect(message, String(value)).toContain('as a decimal string');
    }
    const r = await t.app.inject({ method: 'POST', url: P, payload: { Name: 'Bad', Amount: '1.23456' } });
    expect(json(r).errors.Amount.join(' ')).toContain(`to ${MAX} with at most 4 digits after the point`);
  });

  it('filters exactly on the 30th digit, with string and number literals', async () => {
    await create({ Name: 'F-big', Amount: BIG });
    await create({ Name: 'F-next', Amount: '12345678901234567890123456.7892' });
    await create({ Name: 'F-small', Amount: '0.0001' });
    const only = (names: unknown[]) => names.filter((name) => String(name).startsWith('F-'));
    expect(only(await filtered({ field: 'Amount', op: 'equal', value: BIG }))).toEqual(['F-big']);
    expect(only(await filtered({ field: 'Amount', op: 'greaterThan', value: BIG }))).toEqual(['F-next']);
    expect(only(await filtered({ field: 'Amount', op: 'lessThan', value: 0.001 }))).toEqual(['F-small']);
    expect(only(await filtered({ field: 'Amount', op: 'greaterOrEqual', value: '12345678901234567890123456.789' }))).toEqual(['F-big', 'F-next']);
    const refused = await t.app.inject({ url: P, query: { filter: JSON.stringify({ field: 'Amount', op: 'equal', value: '1e5' }) } });
    expect(refused.statusCode).toBe(400);
  });

  it('sorts by the column and pages with a cursor that keeps every digit', async () => {
    const filter = JSON.stringify({ field: 'Amount', op: 'greaterThan', value: '12345678901234567890123456' });
    const first = await t.app.inject({ url: P, query: { orderBy: 'Amount desc', take: '1', filter } });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).items.map((i: Record<string, unknown>) => i.Amount)).toEqual(['12345678901234567890123456.7892']);
    const second = await t.app.inject({ url: P, query: { orderBy: 'Amount desc', take: '1', cursor: json(first).next, filter } });
    expect(second.statusCode, second.body).toBe(200);
    expect(json(second).items.map((i: Record<string, unknown>) => i.Amount)).toEqual([BIG]);
  });

  it('shows the history with every digit and restores a version exactly', async () => {
    const created = await create({ Amount: BIG, Rate: RATE });
    const put = await t.app.inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': created.ETag }, payload: { ...created, Amount: '1.5', Rate: '2' } });
    expect(put.statusCode, put.body).toBe(200);
    const history = await t.app.inject({ url: `${P}/${created.Oid}/history` });
    expect(history.statusCode, history.body).toBe(200);
    const [update] = json(history).items as { id: number; changes: { field: string; old: unknown; new: unknown }[] }[];
    const change = (field: string) => update!.changes.find((c) => c.field === field);
    expect(change('Amount')).toMatchObject({ old: BIG, new: '1.5000' });
    expect(change('Rate')).toMatchObject({ old: RATE, new: '2.0000000000' });
    const restored = await t.app.inject({ method: 'POST', url: `${P}/${created.Oid}/restore`, headers: { 'if-match': json(put).ETag }, payload: { version: update!.id, side: 'before' } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(json(restored)).toMatchObject({ Amount: BIG, Rate: RATE });
  });
});
