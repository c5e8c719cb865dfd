import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCondition, type Condition, type ConditionFieldKind } from '../../conditions';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { columnResolver, conditionToSql, UnknownFilterFieldError } from './condition-to-sql';

interface Row {
  name: string;
  condition: Condition;
  record: Record<string, unknown>;
  expected: boolean;
}

const rows = JSON.parse(readFileSync(new URL('../../fixtures/conditions/truth-table.json', import.meta.url), 'utf8')) as Row[];
const FIELDS: Record<string, ConditionFieldKind> = {
  Text: 'String', Count: 'Number', Flag: 'Boolean', Tags: 'Array', Data: 'Object',
  'Data.Name': 'String', 'Data.Qty': 'Number', 'Data.Inner.Code': 'String', When: 'String',
};
const resolve = columnResolver(FIELDS);

/** fixtures/conditions/README.md "Wide integers": int64 and uint64 past 2^53, as decimal strings. */
const wideRows = JSON.parse(readFileSync(new URL('../../fixtures/conditions/wide-integers.json', import.meta.url), 'utf8')) as Row[];
const WIDE_FIELDS: Record<string, ConditionFieldKind> = { Big: 'Number', Huge: 'Number' };
const WIDE = { decimalStrings: new Set(['Big', 'Huge']) };
const wideResolve = columnResolver(WIDE_FIELDS);

/** fixtures/conditions/README.md "Exact decimals": numeric(30,4) and numeric(40,10) values as decimal strings. */
const decimalRows = JSON.parse(readFileSync(new URL('../../fixtures/conditions/exact-decimals.json', import.meta.url), 'utf8')) as Row[];
const DECIMAL_FIELDS: Record<string, ConditionFieldKind> = { Amount: 'Number', Rate: 'Number' };
const DECIMALS = { decimalStrings: new Set(['Amount', 'Rate']) };
const decimalResolve = columnResolver(DECIMAL_FIELDS);

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
  await t.db.query('create table truth (id int primary key, "Text" text, "Count" numeric, "Flag" boolean, "Tags" jsonb, "Data" jsonb, "When" text)');
  for (const [id, row] of rows.entries()) {
    const r = row.record;
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    await t.db.query('insert into truth values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)', [id, r.Text ?? null, r.Count ?? null, r.Flag ?? null, json(r.Tags), json(r.Data), r.When ?? null]);
  }
  // The column types of the data service: int64 bigint, uint64 numeric(20,0) (server/data/column-types.ts).
  await t.db.query('create table wide (id int primary key, "Big" bigint, "Huge" numeric(20,0))');
  for (const [id, row] of wideRows.entries()) await t.db.query('insert into wide values ($1, $2::bigint, $3::numeric)', [id, row.record.Big ?? null, row.record.Huge ?? null]);
  await t.db.query('create table exact (id int primary key, "Amount" numeric(30,4), "Rate" numeric(40,10))');
  for (const [id, row] of decimalRows.entries()) await t.db.query('insert into exact values ($1, $2::numeric, $3::numeric)', [id, row.record.Amount ?? null, row.record.Rate ?? null]);
});
afterAll(async () => t.drop());

describe('conditionToSql', () => {
  it('agrees with every row of the truth table', async () => {
    expect(rows.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const [id, row] of rows.entries()) {
      expect(checkCondition(row.condition, FIELDS)).toEqual([]);
      const params: unknown[] = [id];
      const where = conditionToSql(row.condition, resolve, params);
      const result = await t.db.query<{ hit: boolean }>(`select (${where}) as hit from truth where id = $1`, params);
      if (result.rows[0]?.hit !== row.expected) wrong.push(`${row.name}: expected ${row.expected}, SQL said ${String(result.rows[0]?.hit)} (${where})`);
    }
    expect(wrong).toEqual([]);
  });

  it('agrees with every row of the wide-integer table (bigint and numeric(20,0) columns past 2^53)', async () => {
    expect(wideRows.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const [id, row] of wideRows.entries()) {
      expect(checkCondition(row.condition, WIDE_FIELDS, '', WIDE)).toEqual([]);
      const params: unknown[] = [id];
      const where = conditionToSql(row.condition, wideResolve, params);
      const result = await t.db.query<{ hit: boolean }>(`select (${where}) as hit from wide where id = $1`, params);
      if (result.rows[0]?.hit !== row.expected) wrong.push(`${row.name}: expected ${row.expected}, SQL said ${String(result.rows[0]?.hit)} (${where})`);
    }
    expect(wrong).toEqual([]);
  });

  it('agrees with every row of the exact-decimal table (numeric(30,4) and numeric(40,10) columns)', async () => {
    expect(decimalRows.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const [id, row] of decimalRows.entries()) {
      expect(checkCondition(row.condition, DECIMAL_FIELDS, '', DECIMALS)).toEqual([]);
      const params: unknown[] = [id];
      const where = conditionToSql(row.condition, decimalResolve, params);
      const result = await t.db.query<{ hit: boolean }>(`select (${where}) as hit from exact where id = $1`, params);
      if (result.rows[0]?.hit !== row.expected) wrong.push(`${row.name}: expected ${row.expected}, SQL said ${String(result.rows[0]?.hit)} (${where})`);
    }
    expect(wrong).toEqual([]);
  });

  it('passes values as parameters, never in the SQL text', () => {
    const params: unknown[] = [];
    const sql = conditionToSql({ field: 'Text', op: 'equal', value: "x'); drop table truth; --" }, resolve, params);
    expect(sql).not.toContain('drop table');
    expect(params).toEqual(["x'); drop table truth; --"]);
  });

  it('refuses a field the resolver does not know', () => {
    expect(() => conditionToSql({ field: 'Secret', op: 'null' }, resolve, [])).toThrow(UnknownFilterFieldError);
  });
});
