import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../data/catalogue';
import { rowToRecord, selectColumns } from '../../data/record-codec';
import { quoteIdent as q } from '../../data/sql-names';
import { validateRecord } from '../../data/validate-record';
import type { Database } from '../../db/database';
import { findUserByUsername } from '../../identity/user-store';
import type { TestDatabase } from '../../test-support/test-database';
import { articleRecord } from './article-records';
import { builtInCatalogue, createDemoTestDatabase } from './demo-test-database';
import { DEMO_PASSWORD } from './demo-identity';
import { isValidGs1 } from './gtin';
import { addArticles, seedDemoData, type SeedReport } from './seed-demo-data';

const ARTICLES = 300;

async function records(db: Database, catalogue: Catalogue, kindName: string, where = 'true', params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const [area, entity] = kindName.split('/') as [string, string];
  const kind = catalogue.find(area, entity)!;
  const result = await db.query<Record<string, unknown>>(`select ${selectColumns(kind)} from ${q(kind.table)} where ${where} order by "Oid"`, params);
  return result.rows.map((row) => rowToRecord(kind, row));
}

describe('seedDemoData', () => {
  let catalogue: Catalogue;
  let a: TestDatabase;
  let b: TestDatabase;
  let report: SeedReport;

  beforeAll(async () => {
    catalogue = await builtInCatalogue();
    a = await createDemoTestDatabase();
    b = await createDemoTestDatabase();
    report = await seedDemoData(a.db, catalogue, { articles: ARTICLES });
    await seedDemoData(b.db, catalogue, { articles: ARTICLES });
  }, 120_000);

  afterAll(async () => {
    await a?.drop();
    await b?.drop();
  });

  it('fills every kind of the catalogue, each record valid for its kind', async () => {
    expect(report.seeded).toBe(true);
    for (const kind of catalogue.kinds) {
      const all = await records(a.db, catalogue, kind.kind);
      expect(all.length, `${kind.kind} has demo rows`).toBeGreaterThan(0);
      // A sample from both ends and the middle: generators vary by position.
      const sample = [...all.slice(0, 60), ...all.slice(Math.floor(all.length / 2), Math.floor(all.length / 2) + 40), ...all.slice(-60)];
      for (const record of sample) {
        expect(validateRecord(kind, record), `${kind.kind} #${String(record.Oid)}`).toEqual({});
      }
    }
  });

  it('leaves statistics current, so a fresh demo database plans as a settled one', async () => {
    const article = catalogue.find('pos-supply', 'article')!.table;
    const user = catalogue.find('identity', 'user')!.table;
    // The articles, the users seeded after the articles, and identity's own tables (memberships, decisions).
    for (const table of [article, user, 'mate_user', 'mate_user_tenant', 'mate_permission']) {
      const found = await a.db.query<{ reltuples: number; analysed: boolean }>(
        `select c.reltuples::float8 as reltuples, s.last_analyze is not null as analysed
           from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
        [table],
      );
      expect(found.rows[0], table).toEqual({ reltuples: expect.any(Number), analysed: true });
      expect(found.rows[0]!.reltuples, table).toBeGreaterThan(0);
    }
  });

  it('gives the same rows for the same seed in another database, and other rows for another seed', async () => {
    for (const kind of catalogue.kinds) {
      expect(await records(b.db, catalogue, kind.kind), kind.kind).toEqual(await records(a.db, catalogue, kind.kind));
    }
    const other = await createDemoTestDatabase();
    try {
      await seedDemoData(other.db, catalogue, { articles: 20, seed: 99 });
      const names = (rows: Record<string, unknown>[]) => rows.map((r) => `${String(r.FirstName)} ${String(r.LastName)}`);
      expect(names(await records(other.db, catalogue, 'campaigns/customer'))).not.toEqual(names(await records(a.db, catalogue, 'campaigns/customer')));
    } finally {
      await other.drop();
    }
  });

  it('does nothing when tenants already exist', async () => {
    const before = await a.db.query<{ n: number }>('select count(*)::int as n from e_campaigns_customer');
    expect(await seedDemoData(a.db, catalogue, { articles: 10 })).toEqual({ seeded: false });
    const after = await a.db.query<{ n: number }>('select count(*)::int as n from e_campaigns_customer');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('makes a group root with a subsidiary in each of eight countries', async () => {
    const tenants = await records(a.db, catalogue, 'tenancy/tenant');
    const root = tenants.filter((t) => t.ParentOid === null);
    expect(root.map((t) => t.Name)).toEqual(['Mate Retail Group']);
    const children = tenants.filter((t) => t.ParentOid === root[0]!.Oid);
    expect(children.map((t) => t.CountryCode).sort()).toEqual(['AT', 'CH', 'CZ', 'DE', 'ES', 'FR', 'IT', 'JP']);
    expect(Object.fromEntries(children.map((t) => [t.CountryCode, t.CurrencyCode]))).toMatchObject({ CH: 'CHF', CZ: 'CZK', JP: 'JPY', DE: 'EUR' });
    for (const tenant of tenants) {
      const locations = await records(a.db, catalogue, 'tenancy/location', '"TenantOid" = $1', [tenant.Oid]);
      expect(locations.length).toBeGreaterThanOrEqual(2);
      expect(locations.length).toBeLessThanOrEqual(5);
      const taxes = await records(a.db, catalogue, 'pos-supply/tax', '"TenantOid" = $1', [tenant.Oid]);
      expect(taxes.every((t) => t.CountryCode === tenant.CountryCode)).toBe(true);
    }
    const de = children.find((t) => t.CountryCode === 'DE')!;
    const deTaxes = await records(a.db, catalogue, 'pos-supply/tax', '"TenantOid" = $1', [de.Oid]);
    expect(deTaxes.map((t) => t.Rate)).toEqual(expect.arrayContaining([19, 7]));
    const pan = await records(a.db, catalogue, 'tenancy/pan-terminal', '"LocationOid" is null or "LocationOid" = 0');
    expect(pan.length).toBeGreaterThanOrEqual(children.length);
  });

  it('puts the articles in the first child tenant, with valid GTINs and references of that tenant', async () => {
    const de = (await records(a.db, catalogue, 'tenancy/tenant', `"Id" = 'MATE-DE'`))[0]!;
    const articles = await records(a.db, catalogue, 'pos-supply/article');
    expect(articles).toHaveLength(ARTICLES);
    expect(new Set(articles.map((x) => x.TenantOid))).toEqual(new Set([de.Oid]));
    expect(articles.every((x) => isValidGs1(String(x.GTIN)))).toBe(true);
    expect(new Set(articles.map((x) => x.InternalNumber)).size).toBe(ARTICLES);
    const own = async (kind: string) => new Set((await records(a.db, catalogue, kind, '"TenantOid" = $1', [de.Oid])).map((x) => x.Oid));
    const taxes = await own('pos-supply/tax');
    const units = await own('pos-supply/quantity-unit');
    const packing = await own('pos-supply/packing-unit');
    for (const x of articles) {
      expect(taxes.has(x.TaxOid)).toBe(true);
      expect(units.has(x.QuantityUnitOid)).toBe(true);
      expect(packing.has(x.PackingUnitOid)).toBe(true);
    }
    const promotions = await records(a.db, catalogue, 'campaigns/promotion', '"TenantOid" = $1', [de.Oid]);
    const articleOids = new Set(articles.map((x) => x.Oid));
    expect(promotions.flatMap((p) => p.ArticleOids as number[]).every((oid) => articleOids.has(oid))).toBe(true);
  });

  it("makes 'admin' a member of every tenant with the root primary, and creates the demo users", async () => {
    const tenants = await records(a.db, catalogue, 'tenancy/tenant');
    const root = tenants.find((t) => t.ParentOid === null)!;
    // Through identity's own lookup, so the test does not depend on where identity keeps its columns.
    const membersOf = async (username: string) => {
      const user = await findUserByUsername(a.db, username);
      const rows = await a.db.query<{ tenant_oid: string }>('select tenant_oid from mate_user_tenant where user_oid = $1', [user!.oid]);
      return rows.rows.map((r) => Number(r.tenant_oid)).sort((x, y) => x - y);
    };
    const oidsOf = (ids: string[]) => tenants.filter((t) => ids.includes(String(t.Id))).map((t) => Number(t.Oid)).sort((x, y) => x - y);
    const admin = await findUserByUsername(a.db, 'admin');
    expect(admin?.primaryTenantOid).toBe(root.Oid);
    expect(admin?.rootTenantOid).toBe(root.Oid);
    expect(await membersOf('admin')).toEqual(tenants.map((t) => Number(t.Oid)).sort((x, y) => x - y));
    expect(report.users).toEqual(expect.arrayContaining(['manager.de', 'cashier.at', 'regional.dach', 'regional.group']));
    expect(await membersOf('manager.de')).toEqual(oidsOf(['MATE-DE']));
    // 3 and 8 tenants: the sizes the organisation selector treats differently (e2e/shell-tenancy.spec.ts).
    expect(await membersOf('regional.dach')).toEqual(oidsOf(['MATE-DE', 'MATE-AT', 'MATE-CH']));
    expect(await membersOf('regional.group')).toEqual(tenants.filter((t) => t.ParentOid !== null).map((t) => Number(t.Oid)).sort((x, y) => x - y));
    expect(await membersOf('regional.group')).toHaveLength(8);
    expect(DEMO_PASSWORD).toBe('demo-pass-1');
  });

  it('adds articles after the demo ones, continuing the numbering of the same generator', async () => {
    const progress: number[] = [];
    const added = await addArticles(a.db, catalogue, { count: 120, chunk: 50, onProgress: (p) => progress.push(p.inserted) });
    expect(added.first).toBe(ARTICLES + 1);
    expect(progress).toEqual([50, 100, 120]);
    const articles = await records(a.db, catalogue, 'pos-supply/article');
    expect(articles).toHaveLength(ARTICLES + 120);
    const next = articles.find((x) => x.InternalNumber === `A${String(ARTICLES + 1).padStart(8, '0')}`)!;
    const expected = articleRecord(4711, ARTICLES + 1, { tenantOid: 0, standardTaxOid: 0, reducedTaxOid: 0, quantityUnits: new Map(), packingUnits: new Map() });
    expect(next.Text).toBe(expected.Text);
    expect(next.GTIN).toBe(expected.GTIN);
  });
});
