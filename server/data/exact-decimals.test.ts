import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { json, useDecimalStringKind } from './decimal-string-test-app';

/** A kind with decimals of precision 30 and 40 (exact decimals, schemas/exact-decimal.ts) and one of 12 (a number). */
const DECIMAL_FIXTURES = fileURLToPath(new URL('./test-fixtures-exact-decimals', import.meta.url));

const MAX = '99999999999999999999999999.9999';
const BIG = '12345678901234567890123456.7891';
const RATE = '123456789012345678901234567890.0123456789';

const P = '/api/data/ledger/balance';
const kind = useDecimalStringKind(DECIMAL_FIXTURES, P, 'Balance');
const { inject, create, list, filtered, refusal, history } = kind;

describe('exact decimals (decimal fields with a precision above 15)', () => {
  it('creates the column as numeric(precision, scale)', async () => {
    const columns = await kind.t.data.db.query<{ column_name: string; numeric_precision: number; numeric_scale: number }>(
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
    const read = json(await inject({ url: `${P}/${created.Oid}` }));
    expect(read).toMatchObject({ Amount: BIG, Rate: RATE, Price: 12.5 });
    const put = await inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': read.ETag }, payload: { ...read, Amount: `-${MAX}` } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put)).toMatchObject({ Amount: `-${MAX}` });
    const row = (await kind.t.data.db.query<{ a: string }>('select "Amount"::text as a from e_ledger_balance where "Oid" = $1', [created.Oid])).rows[0];
    expect(row).toEqual({ a: `-${MAX}` });
    const items = await list({ filter: JSON.stringify({ field: 'Oid', op: 'equal', value: created.Oid }) });
    expect(items).toEqual([expect.objectContaining({ Amount: `-${MAX}`, Rate: RATE })]);
  });

  it('canonicalises what a client sends: fewer fraction digits, leading zeros, an exactly held number, the default', async () => {
    const created = await create({ Amount: '0012.5', Rate: 0.25 });
    expect(created).toMatchObject({ Amount: '12.5000', Rate: '0.2500000000' });
    const defaults = await create({});
    expect(defaults).toMatchObject({ Amount: null, Rate: '0.5000000000', Price: 0 });
    const empty = json(await inject({ url: `${P}/empty` }));
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
      const message = await refusal(field, value);
      expect(message, String(value)).toContain('as a decimal string');
    }
    expect(await refusal('Amount', '1.23456')).toContain(`to ${MAX} with at most 4 digits after the point`);
  });

  it('refuses a canonical value of thousands of digits with 400, not a server error', async () => {
    expect(await refusal('Amount', `${'9'.repeat(5000)}.0000`)).toContain('as a decimal string');
  });

  it('filters exactly on the 30th digit, with string and number literals', async () => {
    await create({ Name: 'F-big', Amount: BIG });
    await create({ Name: 'F-next', Amount: '12345678901234567890123456.7892' });
    await create({ Name: 'F-small', Amount: '0.0001' });
    expect(await filtered({ field: 'Amount', op: 'equal', value: BIG })).toEqual(['F-big']);
    expect(await filtered({ field: 'Amount', op: 'greaterThan', value: BIG })).toEqual(['F-next']);
    expect(await filtered({ field: 'Amount', op: 'lessThan', value: 0.001 })).toEqual(['F-small']);
    expect(await filtered({ field: 'Amount', op: 'greaterOrEqual', value: '12345678901234567890123456.789' })).toEqual(['F-big', 'F-next']);
    const refused = await inject({ url: P, query: { filter: JSON.stringify({ field: 'Amount', op: 'equal', value: '1e5' }) } });
    expect(refused.statusCode).toBe(400);
  });

  it('sorts by the column and pages with a cursor that keeps every digit', async () => {
    const filter = JSON.stringify({ field: 'Amount', op: 'greaterThan', value: '12345678901234567890123456' });
    const first = await inject({ url: P, query: { orderBy: 'Amount desc', take: '1', filter } });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).items.map((i: Record<string, unknown>) => i.Amount)).toEqual(['12345678901234567890123456.7892']);
    const second = await inject({ url: P, query: { orderBy: 'Amount desc', take: '1', cursor: json(first).next, filter } });
    expect(second.statusCode, second.body).toBe(200);
    expect(json(second).items.map((i: Record<string, unknown>) => i.Amount)).toEqual([BIG]);
  });

  it('shows the history with every digit and restores a version exactly', async () => {
    const created = await create({ Amount: BIG, Rate: RATE });
    const put = await inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': created.ETag }, payload: { ...created, Amount: '1.5', Rate: '2' } });
    expect(put.statusCode, put.body).toBe(200);
    const [update] = await history(created.Oid);
    const change = (field: string) => update!.changes.find((c) => c.field === field);
    expect(change('Amount')).toMatchObject({ old: BIG, new: '1.5000' });
    expect(change('Rate')).toMatchObject({ old: RATE, new: '2.0000000000' });
    const restored = await inject({ method: 'POST', url: `${P}/${created.Oid}/restore`, headers: { 'if-match': json(put).ETag }, payload: { version: update!.id, side: 'before' } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(json(restored)).toMatchObject({ Amount: BIG, Rate: RATE });
  });
});
