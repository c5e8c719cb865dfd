import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { loadCatalogue, type EntityKind } from './catalogue';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';
import { countSql, listSql, parseListQuery } from './list-query';
import { syncEntityTables } from './sync-entity-tables';
import { quoteIdent as q, trigramIndexName } from './sql-names';

// The article kind declares a trigram index on Text (docs/metadata.md "Lookup indexes"): "contains" on Text must be
// served by it, on PGlite (pg_trgm loaded where it is opened) as on PostgreSQL, and not read the tenant's whole table.
let t: TestDatabase;
let article: EntityKind;
const scope = { tenantOid: 1, pinned: [] };

beforeAll(async () => {
  t = await createTestDatabase({ template: 'synced' });
  const catalogue = await loadCatalogue([BUILT_IN_METADATA_DIR]);
  article = catalogue.find('pos-supply', 'article')!;
  // As many articles in a tenant as make reading them all dearer than the index (the planner's choice is by cost);
  // triggers (the audit trail) off for the bulk load, as the scale bench writes its rows.
  await t.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(
      `insert into ${q(article.table)} ("TenantOid", "InternalNumber", "Text") select 1 + g % 2, 'I' || g, 'Article ' || g || case when g = 1234 then ' Zebra_%' else '' end from generate_series(1, 40000) as g`,
    );
  });
  // VACUUM, not only ANALYZE: rows written after the GIN index was made wait in its pending list, which the planner
  // prices as read in full (autovacuum merges it on a live database, as the scale bench's VACUUM ANALYZE does).
  await t.db.query(`vacuum analyze ${q(article.table)}`);
});
afterAll(async () => t?.drop());

/** The plan of a statement with sequential scans priced out, so an index that serves it is taken. */
async function plan(statement: { sql: string; params: unknown[] }): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${statement.sql}`, statement.params);
    return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('"contains" on a field with a trigram index', () => {
  it('is served by the trigram index, in the page and in its count', async () => {
    const name = trigramIndexName(article.table, 'Text');
    const list = parseListQuery(article, { contains: JSON.stringify({ Text: 'zebra' }) });
    expect(await plan(listSql(article, list, scope))).toContain(name);
    expect(await plan(countSql(article, list, scope))).toContain(name);
  });

  it('serves the quick search over all five of its fields by their trigram indexes, in the page and in its count', async () => {
    // An OR over the fields is read by index only when every field of it has one: one without reads the whole table.
    const list = parseListQuery(article, { q: 'zebra' });
    for (const statement of [listSql(article, list, scope), countSql(article, list, scope)]) {
      const shown = await plan(statement);
      for (const field of ['InternalNumber', 'ArticleNumber', 'GTIN', 'Text', 'LongText']) expect(shown).toContain(trigramIndexName(article.table, field));
      expect(shown).not.toMatch(/Seq Scan/);
    }
  });

  it('finds the text in any case, with % and _ taken literally', async () => {
    const rows = async (text: string) => {
      const statement = listSql(article, parseListQuery(article, { contains: JSON.stringify({ Text: text }) }), scope);
      return (await t.db.query<{ Text: string }>(statement.sql, statement.params)).rows.map((row) => row.Text);
    };
    expect(await rows('zEBRA_%')).toEqual(['Article 1234 Zebra_%']);
    expect(await rows('zebra%x')).toEqual([]);
  });

  it('is built again when missing from a table that holds rows (outside the sync transaction)', async () => {
    const name = trigramIndexName(article.table, 'Text');
    await t.db.query(`drop index ${q(name)}`);
    await syncEntityTables(t.db, await loadCatalogue([BUILT_IN_METADATA_DIR]));
    const found = await t.db.query<{ valid: boolean; definition: string }>('select i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as definition from pg_index i where i.indexrelid = to_regclass($1)', [q(name)]);
    expect(found.rows).toEqual([{ valid: true, definition: expect.stringContaining('gin_trgm_ops') as unknown }]);
  });
});
