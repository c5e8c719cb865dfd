import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTestApp, type DataTestApp } from './data-test-app';
import { COUNT_LIMIT, countOf, listSql, parseListQuery } from './list-query';

let t: DataTestApp;
const P = '/api/data/shop/product';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;

beforeAll(async () => {
  t = await createDataTestApp();
  // 120 products: Name repeats every 10 rows so sorting by Name needs the Oid tie-breaker; Price null-free.
  for (let i = 1; i <= 120; i++) {
    const r = await t.app.inject({
      method: 'POST', url: P,
      payload: { Code: `P${String(i).padStart(3, '0')}`, Name: i === 7 ? '100%_off' : `Name ${i % 10}`, Price: i, Stock: i % 3 === 0 ? null : i, Active: i % 2 === 0, Attributes: { Color: i % 4 === 0 ? 'red' : 'blue' } },
    });
    expect(r.statusCode, r.body).toBe(201);
  }
});
afterAll(async () => t.close());

async function list(query: string) {
  const r = await t.app.inject({ url: `${P}?${query}` });
  expect(r.statusCode, r.body).toBe(200);
  return json(r);
}

async function walk(query: string, take: number): Promise<string[]> {
  const codes: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await list(`${query}&take=${take}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    codes.push(...page.items.map((x: { Code: string }) => x.Code));
    if (!page.hasMore) break;
    cursor = page.next;
  }
  return codes;
}

describe('list', () => {
  it('pages with skip and take and says whether more exist', async () => {
    const first = await list('take=50');
    expect(first).toMatchObject({ skip: 0, take: 50, hasMore: true });
    expect(first.items).toHaveLength(50);
    const last = await list('skip=100&take=50');
    expect(last.items).toHaveLength(20);
    expect(last.hasMore).toBe(false);
    expect(last.next).toBeUndefined();
    expect((await list('')).take).toBe(50);
  });

  it('walks every row exactly once with the keyset cursor, in every order', async () => {
    const all = (await list('take=500')).items.map((x: { Code: string }) => x.Code);
    // Ties (Name), NULLs after the values ascending and before them descending (Stock), a key that is all NULL (Note).
    for (const orderBy of ['', 'Name desc', 'Name,Price desc', 'Stock', 'Stock desc', 'Stock,Name desc', 'Stock desc,Name', 'Note', 'Note desc,Code', 'Active desc', 'Code desc', 'Oid desc']) {
      const byOffset = (await list(`take=500&orderBy=${encodeURIComponent(orderBy)}`)).items.map((x: { Code: string }) => x.Code);
      const byCursor = await walk(`orderBy=${encodeURIComponent(orderBy)}`, 7);
      expect(byCursor, orderBy).toEqual(byOffset);
      expect([...byCursor].sort()).toEqual([...all].sort());
    }
  });

  it('starts a keyset page at its cursor in the index instead of reading the rows before it, in both directions', async () => {
    const kind = t.catalogue.find('shop', 'product')!;
    // The rows the scans of a plan read: those they gave and those their filters threw away.
    const rowsRead = (node: Record<string, unknown>): number =>
      (String(node['Node Type']).includes('Scan') ? Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0) : 0) +
      ((node.Plans as Record<string, unknown>[] | undefined) ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
    for (const orderBy of ['Code', 'Code desc']) {
      // 100 of the 120 rows in, by the unique index on (TenantOid, Code); the planner is kept off the table scan a small
      // table gets.
      const cursor = (await list(`take=100&orderBy=${encodeURIComponent(orderBy)}`)).next as string;
      const { sql, params } = listSql(kind, parseListQuery(kind, { orderBy, cursor, take: '5' }), { tenantOid: 1, pinned: [] });
      const plan = await t.data.db.transaction(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        await tx.query('set local enable_bitmapscan = off');
        return (await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, params)).rows[0]!['QUERY PLAN'];
      });
      const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
      // At most the 20 rows after the cursor (whichever index the planner takes for so few) and the page; from the
      // list's start it would be the 100 before it too.
      expect(rowsRead(root[0]!.Plan), orderBy).toBeLessThanOrEqual(26);
    }
  });

  it('sorts by declared fields with Oid as tie-breaker', async () => {
    const items = (await list('orderBy=Name%20desc&take=12')).items;
    expect(items[0].Name).toBe('Name 9');
    expect(items[1].Oid).toBeGreaterThan(items[0].Oid);
  });

  it('filters with a condition, nested fields included', async () => {
    const filter = { whenAll: [{ field: 'Price', op: 'greaterThan', value: 100 }, { field: 'Attributes.Color', op: 'equal', value: 'red' }] };
    const page = await list(`take=500&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(page.items.map((x: { Price: number }) => x.Price)).toEqual([104, 108, 112, 116, 120]);
  });

  it('searches quickly over the quick-search fields with % and _ taken literally', async () => {
    expect((await list('q=p11')).items.map((x: { Code: string }) => x.Code)).toEqual(['P110', 'P111', 'P112', 'P113', 'P114', 'P115', 'P116', 'P117', 'P118', 'P119']);
    expect((await list(`q=${encodeURIComponent('0%_')}`)).items.map((x: { Code: string }) => x.Code)).toEqual(['P007']);
    expect((await list(`q=${encodeURIComponent("'; drop table e_shop_product; --")}`)).items).toEqual([]);
  });

  it('filters text fields by contained text, case-insensitively, nested fields included', async () => {
    const contains = (value: object) => `take=500&contains=${encodeURIComponent(JSON.stringify(value))}`;
    expect((await list(contains({ Code: 'p11' }))).items.map((x: { Code: string }) => x.Code)).toHaveLength(10);
    expect((await list(contains({ Name: 'ME 3', Code: '02' }))).items.map((x: { Code: string }) => x.Code)).toEqual(['P023']);
    expect((await list(contains({ 'Attributes.Color': 'RE' }))).items).toHaveLength(30);
    expect((await list(contains({ Name: '%_' }))).items.map((x: { Code: string }) => x.Code)).toEqual(['P007']);
    expect((await list(contains({ Name: '  ' }))).items).toHaveLength(120);
  });

  it('tags a page with a weak ETag and answers 304 while nothing in it changed', async () => {
    const url = `${P}?take=5&orderBy=Price%20desc`;
    const first = await t.app.inject({ url });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another query, another page, another profile: another tag.
    expect((await t.app.inject({ url: `${P}?take=6&orderBy=Price%20desc`, headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${url}&profile=camel`, headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    // A write to a row of the page changes the tag.
    const top = json(first).items[0];
    const put = await t.app.inject({ method: 'PATCH', url: `${P}/${top.Oid}`, headers: { 'if-match': top.ETag, 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify({ Name: 'Renamed' }) });
    expect(put.statusCode, put.body).toBe(200);
    const changed = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(json(changed).items[0].Name).toBe('Renamed');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('counts the matching rows when asked, filters and quick search included, and only then', async () => {
    expect(await list('take=5&count=true')).toMatchObject({ hasMore: true, count: { total: 120, exact: true } });
    const red = encodeURIComponent(JSON.stringify({ field: 'Attributes.Color', op: 'equal', value: 'red' }));
    expect((await list(`take=5&count=true&filter=${red}`)).count).toEqual({ total: 30, exact: true });
    expect((await list('take=5&count=true&q=Name%201')).count).toEqual({ total: 12, exact: true });
    expect((await list('take=5')).count).toBeUndefined();
    expect((await list('take=5&count=false')).count).toBeUndefined();
  });

  it('says "more than the limit" instead of counting a large list to its end', () => {
    expect(countOf(COUNT_LIMIT)).toEqual({ total: COUNT_LIMIT, exact: true });
    expect(countOf(COUNT_LIMIT + 1)).toEqual({ total: COUNT_LIMIT, exact: false });
    expect(countOf(4, 3)).toEqual({ total: 3, exact: false });
  });

  it('accepts the tenantOid of the request and refuses another with 403', async () => {
    expect((await t.app.inject({ url: `${P}?tenantOid=1` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${P}?tenantOid=2` })).statusCode).toBe(403);
  });

  it('answers 400 naming the parameter for bad parameters', async () => {
    const cases: [string, string][] = [
      ['skip=abc', 'skip'],
      ['take=0', 'take'],
      ['take=501', 'take'],
      ['orderBy=Secret', 'orderBy'],
      ['orderBy=Attributes', 'orderBy'],
      ['orderBy=Name;drop', 'orderBy'],
      ['filter=%7Bnot-json', 'filter'],
      [`filter=${encodeURIComponent(JSON.stringify({ field: 'Secret', op: 'null' }))}`, 'filter'],
      [`filter=${encodeURIComponent(JSON.stringify({ field: 'Name', op: 'equal', value: 5 }))}`, 'filter'],
      [`filter=${encodeURIComponent(JSON.stringify({ field: 'Name', op: 'sqlInject' }))}`, 'filter'],
      ['cursor=garbage', 'cursor'],
      ['count=yes', 'count'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['contains=%5B1%5D', 'contains'],
      [`contains=${encodeURIComponent(JSON.stringify({ Price: '1' }))}`, 'contains'],
      [`contains=${encodeURIComponent(JSON.stringify({ Secret: 'x' }))}`, 'contains'],
      [`contains=${encodeURIComponent(JSON.stringify({ Name: 5 }))}`, 'contains'],
    ];
    for (const [query, parameter] of cases) {
      const r = await t.app.inject({ url: `${P}?${query}` });
      expect(r.statusCode, query).toBe(400);
      expect(json(r).message, query).toContain(`'${parameter}'`);
      expect(json(r).errors[parameter], query).toBeDefined();
    }
  });

  it('refuses a cursor of another order', async () => {
    const page = await list('take=5&orderBy=Name');
    const r = await t.app.inject({ url: `${P}?take=5&orderBy=Price&cursor=${encodeURIComponent(page.next)}` });
    expect(r.statusCode).toBe(400);
  });
});
