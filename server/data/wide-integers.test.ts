import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { json, useDecimalStringKind } from './decimal-string-test-app';
import { syncEntityTables } from './sync-entity-tables';

/** A kind with int64 and uint64 fields that are no lookups: wide integers (schemas/wide-integer.ts). */
const WIDE_FIXTURES = fileURLToPath(new URL('./test-fixtures-wide-integers', import.meta.url));

const INT64_MAX = '9223372036854775807';
const INT64_MIN = '-9223372036854775808';
const UINT64_MAX = '18446744073709551615';

const P = '/api/data/ledger/counter';
const kind = useDecimalStringKind(WIDE_FIXTURES, P, 'Counter');
const { inject, create, list, filtered, refusal, history } = kind;

describe('wide integers (int64 / uint64 past 2^53)', () => {
  it('stores the extremes exactly and answers them as decimal strings in create, read and list', async () => {
    const created = await create({ Signed: INT64_MAX, Unsigned: UINT64_MAX });
    expect(created).toMatchObject({ Signed: INT64_MAX, Unsigned: UINT64_MAX, Positive: '1', Fixed: '7' });
    const read = json(await inject({ url: `${P}/${created.Oid}` }));
    expect(read).toMatchObject({ Signed: INT64_MAX, Unsigned: UINT64_MAX });
    const put = await inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': read.ETag }, payload: { ...read, Signed: INT64_MIN, Unsigned: '0' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put)).toMatchObject({ Signed: INT64_MIN, Unsigned: '0' });
    const again = json(await inject({ url: `${P}/${created.Oid}` }));
    expect(again).toMatchObject({ Signed: INT64_MIN, Unsigned: '0' });
    const row = (await kind.t.data.db.query<{ s: string; u: string }>('select "Signed"::text as s, "Unsigned"::text as u from e_ledger_counter where "Oid" = $1', [created.Oid])).rows[0];
    expect(row).toEqual({ s: INT64_MIN, u: '0' });
    const items = await list({ filter: JSON.stringify({ field: 'Oid', op: 'equal', value: created.Oid }) });
    expect(items).toEqual([expect.objectContaining({ Signed: INT64_MIN, Unsigned: '0' })]);
  });

  it('takes a safe JSON integer too, and answers it as a string; a PUT sending the readonly value as a number keeps it', async () => {
    const created = await create({ Signed: 42, Unsigned: 9007199254740991 });
    expect(created).toMatchObject({ Signed: '42', Unsigned: '9007199254740991' });
    const put = await inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': created.ETag }, payload: { ...created, Signed: -42, Fixed: 7 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put)).toMatchObject({ Signed: '-42', Fixed: '7' });
  });

  it('refuses values out of range, rounded numbers and text that is no decimal integer with 400 naming field, range and example', async () => {
    const cases: [string, unknown, string][] = [
      ['Signed', '9223372036854775808', INT64_MAX],
      ['Signed', '-9223372036854775809', INT64_MAX],
      ['Unsigned', '18446744073709551616', UINT64_MAX],
      ['Unsigned', '-1', UINT64_MAX],
      ['Unsigned', 2 ** 53, UINT64_MAX],
      ['Signed', '12a', INT64_MAX],
      ['Signed', '007', INT64_MAX],
      ['Signed', 1.5, INT64_MAX],
      ['Positive', '0', INT64_MAX],
    ];
    for (const [field, value, max] of cases) {
      const message = await refusal(field, value);
      expect(message, String(value)).toContain(`to ${max}`);
      expect(message).toContain(`e.g. "${max}"`);
    }
    const min = await refusal('Positive', '0');
    expect(min).toContain(`from 1 to ${INT64_MAX}`);
  });

  it('filters numerically past 2^53: equal, greater than, less than, with number and string literals', async () => {
    await create({ Name: 'F-big', Signed: '9223372036854775806', Unsigned: '18446744073709551614' });
    await create({ Name: 'F-bigger', Signed: INT64_MAX, Unsigned: UINT64_MAX });
    await create({ Name: 'F-nine', Signed: '9', Unsigned: '9' });
    await create({ Name: 'F-negative', Signed: INT64_MIN, Unsigned: '10' });
    expect(await filtered({ field: 'Signed', op: 'equal', value: '9223372036854775806' })).toEqual(['F-big']);
    expect(await filtered({ field: 'Signed', op: 'greaterThan', value: '9223372036854775806' })).toEqual(['F-bigger']);
    expect(await filtered({ field: 'Signed', op: 'greaterThan', value: 10 })).toEqual(['F-big', 'F-bigger']);
    expect(await filtered({ field: 'Signed', op: 'lessThan', value: '-9223372036854775807' })).toEqual(['F-negative']);
    expect(await filtered({ field: 'Unsigned', op: 'greaterOrEqual', value: '18446744073709551614' })).toEqual(['F-big', 'F-bigger']);
    expect(await filtered({ field: 'Unsigned', op: 'equal', value: UINT64_MAX })).toEqual(['F-bigger']);
    expect(await filtered({ field: 'Unsigned', op: 'lessThan', value: 10 })).toEqual(['F-nine']);
    const refused = await inject({ url: P, query: { filter: JSON.stringify({ field: 'Signed', op: 'equal', value: 'nine' }) } });
    expect(refused.statusCode).toBe(400);
  });

  it('sorts by the column and pages with a cursor past 2^53', async () => {
    const first = await inject({ url: P, query: { orderBy: 'Signed desc', take: '1', filter: JSON.stringify({ field: 'Signed', op: 'greaterThan', value: '9223372036854775805' }) } });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).items.map((i: Record<string, unknown>) => i.Signed)).toEqual([INT64_MAX]);
    const second = await inject({ url: P, query: { orderBy: 'Signed desc', take: '1', cursor: json(first).next, filter: JSON.stringify({ field: 'Signed', op: 'greaterThan', value: '9223372036854775805' }) } });
    expect(second.statusCode, second.body).toBe(200);
    expect(json(second).items.map((i: Record<string, unknown>) => i.Signed)).toEqual(['9223372036854775806']);
  });

  it('shows the history with every digit and restores a version past 2^53 exactly', async () => {
    const created = await create({ Signed: INT64_MAX, Unsigned: UINT64_MAX });
    const put = await inject({ method: 'PUT', url: `${P}/${created.Oid}`, headers: { 'if-match': created.ETag }, payload: { ...created, Signed: '9007199254740993', Unsigned: '5' } });
    expect(put.statusCode, put.body).toBe(200);
    const [update, create_] = await history(created.Oid);
    const change = (entry: typeof update, field: string) => entry!.changes.find((c) => c.field === field);
    expect(change(update, 'Signed')).toMatchObject({ old: INT64_MAX, new: '9007199254740993' });
    expect(change(update, 'Unsigned')).toMatchObject({ old: UINT64_MAX, new: '5' });
    // Small values of a wide field are decimal strings too, as in every other answer.
    expect(change(create_, 'Fixed')).toMatchObject({ old: null, new: '7' });
    const restored = await inject({ method: 'POST', url: `${P}/${created.Oid}/restore`, headers: { 'if-match': json(put).ETag }, payload: { version: update!.id, side: 'before' } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(json(restored)).toMatchObject({ Signed: INT64_MAX, Unsigned: UINT64_MAX });
    const row = (await kind.t.data.db.query<{ s: string; u: string }>('select "Signed"::text as s, "Unsigned"::text as u from e_ledger_counter where "Oid" = $1', [created.Oid])).rows[0];
    expect(row).toEqual({ s: INT64_MAX, u: UINT64_MAX });
  });

  it('widens a uint64 column created as bigint before, keeping its rows', async () => {
    await kind.t.data.db.query('delete from e_ledger_counter where "Unsigned" > 9223372036854775807');
    await kind.t.data.db.query('alter table e_ledger_counter alter column "Unsigned" type bigint');
    const report = await syncEntityTables(kind.t.data.db, kind.t.catalogue);
    expect(report.widenedColumns).toEqual(['ledger/counter.Unsigned']);
    const type = await kind.t.data.db.query<{ data_type: string; numeric_precision: number }>("select data_type, numeric_precision from information_schema.columns where table_name = 'e_ledger_counter' and column_name = 'Unsigned'");
    expect(type.rows[0]).toEqual({ data_type: 'numeric', numeric_precision: 20 });
    const created = await create({ Unsigned: UINT64_MAX });
    expect(created.Unsigned).toBe(UINT64_MAX);
  });
});
