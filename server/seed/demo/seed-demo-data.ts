import type { Database, Queryable } from '../../db/database';
import type { Catalogue } from '../../data/catalogue';
import { quoteIdent as q } from '../../data/sql-names';
import { insertArticles, type ArticleProgress, type ArticleRefs } from './article-records';
import { createDemoContext, DemoDataError } from './demo-context';
import { seedDemoSchedules } from './demo-schedules';
import { DEFAULT_DEMO_SALES_PER_DAY, seedDemoDocuments } from './demo-documents';
import { seedDemoIdentity } from './demo-identity';
import { backfillDemoTerminalCredentials, seedDemoTerminalCredentials } from './demo-terminals';
import { seedMasterData, type TenantMasterData } from './master-records';
import { seedCustomers, seedDocumentLocks, seedOperators, seedPromotions } from './people-records';
import { seedLocations, seedTenants } from './tenancy-records';
import { seedDemoExchangeRates } from './demo-exchange-rates';

/** The seed used when none is given: same seed, same data. */
export const DEFAULT_DEMO_SEED = 4711;
/** Articles of the first child tenant (Mate Deutschland) by default. */
export const DEFAULT_DEMO_ARTICLES = 20_000;
/** The fixed "today" of the demo data (dates of openings, tasks, promotions are relative to it). */
export const DEMO_REFERENCE_DATE = '2026-01-15T09:00:00Z';

/** Options of seedDemoData. */
export interface SeedDemoOptions {
  /** Articles for the first child tenant (default 20,000). */
  articles?: number;
  /** Random seed (default 4711). */
  seed?: number;
  /** Days of terminal documents up to the reference day (default 0: none, so tests seed fast; the server and `npm run seed` ask for DEFAULT_DEMO_DOCUMENT_DAYS). */
  documentDays?: number;
  /** Sales per terminal and day, on average (default 4). */
  salesPerDay?: number;
  /**
   * The last day of the documents (default the reference day, so tests get the same dates on any day). The server
   * and `npm run seed` pass the day they seed on, so a new installation has documents up to today and the dashboard,
   * reports and viewer show recent figures; the same seed on the same day still gives the same rows.
   */
  documentsUntil?: Date;
}

/** What seedDemoData did; `seeded: false` when tenants already existed and nothing was written. */
export interface SeedReport {
  seeded: boolean;
  seed?: number;
  tenants?: number;
  articles?: number;
  /** Rows inserted per kind ('area/entity'). */
  counts?: Record<string, number>;
  /** Demo users created (password DEMO_PASSWORD). */
  users?: string[];
  /** POS terminals given a demo credential (key demo-pos-NNN, secret DEMO_TERMINAL_SECRET). */
  terminalCredentials?: number;
  /** Job schedules added (server/seed/demo/demo-schedules.ts). */
  schedules?: number;
  /** Tenants the user 'admin' was made a member of (0 when there is no admin yet). */
  adminMemberships?: number;
  durationMs?: number;
  articleMs?: number;
  /** Terminal documents written, and how many of them stay unprocessed on purpose. */
  documents?: number;
  unprocessedDocuments?: number;
  documentMs?: number;
}

/** A transaction seen as a Database, so identity's helpers that open a transaction run inside this one. */
function asDatabase(db: Database, tx: Queryable): Database {
  return {
    kind: db.kind,
    query: (sql, params) => tx.query(sql, params),
    transaction: (work) => work(tx),
    listen: () => Promise.reject(new Error('not available while seeding')),
    notify: () => Promise.reject(new Error('not available while seeding')),
    close: () => Promise.reject(new Error('not available while seeding')),
  };
}

/** Demo data is a bulk load, not anyone's change: its rows stay out of the audit trail (docs/audit.md). */
async function skipAudit(tx: Queryable): Promise<void> {
  await tx.query(`select set_config('mate.audit', 'off', true)`);
}

async function tenantCount(tx: Queryable, catalogue: Catalogue): Promise<number> {
  const tenant = catalogue.find('tenancy', 'tenant');
  if (!tenant) throw new DemoDataError("The catalogue has no 'tenancy/tenant' kind; the demo data cannot be seeded.");
  const result = await tx.query<{ n: number }>(`select count(*)::int as n from ${q(tenant.table)}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * Fills every entity kind with deterministic demo data (the same seed gives the same rows) in one transaction:
 * nine tenants (the group's root and one subsidiary in each of DE, AT, CH, FR, IT, ES, CZ, JP), their locations,
 * terminals and master data, `articles` articles for the first child tenant, demo users and roles, and makes
 * 'admin' a member of every tenant. Does nothing and answers `{ seeded: false }` when tenants already exist.
 * Call after migrate, syncEntityTables and bootstrapAdmin.
 */
export async function seedDemoData(db: Database, catalogue: Catalogue, options: SeedDemoOptions = {}): Promise<SeedReport> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const articleCount = options.articles ?? DEFAULT_DEMO_ARTICLES;
  if (!Number.isSafeInteger(articleCount) || articleCount < 0) throw new RangeError(`articles must be a whole number >= 0, got ${articleCount}`);
  const started = Date.now();
  const report = await seedDemoTransaction(db, catalogue, { seed, articleCount, started, options });
  // Statistics of every table the seed filled (documents, identity, settings too), after the commit: a fresh demo
  // database plans as a settled one does (before this, the article list sorted every row for each page).
  if (report.seeded) await db.query('analyze');
  return report;
}

async function seedDemoTransaction(
  db: Database,
  catalogue: Catalogue,
  { seed, articleCount, started, options }: { seed: number; articleCount: number; started: number; options: SeedDemoOptions },
): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL: one seeds, the others then find the tenants.
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7270403)');
    await skipAudit(tx);
    if ((await tenantCount(tx, catalogue)) > 0) {
      const posTerminal = catalogue.find('tenancy', 'pos-terminal');
      const terminalCredentials = posTerminal ? await backfillDemoTerminalCredentials(tx, posTerminal.table) : 0;
      return terminalCredentials > 0 ? { seeded: false, terminalCredentials } : { seeded: false };
    }
    const ctx = createDemoContext(tx, catalogue, seed, new Date(DEMO_REFERENCE_DATE));
    const tenants = await seedTenants(ctx);
    await seedLocations(ctx, tenants);
    const terminalCredentials = await seedDemoTerminalCredentials(tx, ctx.kind('tenancy/pos-terminal').table);
    let articleMs = 0;
    for (const tenant of tenants) {
      const master = await seedMasterData(ctx, tenant);
      await seedOperators(ctx, tenant);
      await seedCustomers(ctx, tenant, master);
      let articleOids: number[] = [];
      if (tenant.index === 1) {
        const begun = Date.now();
        articleOids = await insertArticles(tx, ctx.kind('pos-supply/article'), articleRefs(tenant.oid, master), { seed, start: 1, count: articleCount, validateAll: true });
        ctx.counts['pos-supply/article'] = articleOids.length;
        articleMs = Date.now() - begun;
      }
      await seedPromotions(ctx, tenant, articleOids);
      await seedDocumentLocks(ctx, tenant);
    }
    // Statistics after the bulk load, so the planner uses the kinds' indexes (articles by number or GTIN at
    // intake) from the first document on; a start without a seed does not analyse.
    for (const kind of Object.keys(ctx.counts)) await tx.query(`analyze ${q(ctx.kind(kind).table)}`);
    const documentsBegun = Date.now();
    const documents = await seedDemoDocuments(ctx, tenants, { days: options.documentDays ?? 0, salesPerDay: options.salesPerDay ?? DEFAULT_DEMO_SALES_PER_DAY, until: options.documentsUntil ?? ctx.referenceDate });
    const documentMs = Date.now() - documentsBegun;
    const identity = await seedDemoIdentity(asDatabase(db, tx), ctx, tenants);
    const schedules = await seedDemoSchedules(tx, tenants.map((tenant) => tenant.oid), Date.now());
    await seedDemoExchangeRates(tx, tenants.map((tenant) => ({ oid: tenant.oid, currency: tenant.country.currency })), new Date());
    return {
      seeded: true,
      seed,
      tenants: tenants.length,
      articles: articleCount,
      counts: ctx.counts,
      users: identity.users,
      terminalCredentials,
      schedules,
      adminMemberships: identity.adminMemberships,
      durationMs: Date.now() - started,
      articleMs,
      documents: documents.documents,
      unprocessedDocuments: documents.unprocessed,
      documentMs,
    };
  });
}

function articleRefs(tenantOid: number, master: TenantMasterData): ArticleRefs {
  const standard = master.taxes.find((t) => t.category === 'Standard')!;
  const reduced = master.taxes.find((t) => t.category === 'Reduced') ?? standard;
  return { tenantOid, standardTaxOid: standard.oid, reducedTaxOid: reduced.oid, quantityUnits: master.quantityUnits, packingUnits: master.packingUnits };
}

/** The tenant that holds the demo articles: Mate Deutschland, else the first child tenant. */
export async function articleTenantOid(db: Queryable, catalogue: Catalogue): Promise<number | undefined> {
  const tenant = catalogue.find('tenancy', 'tenant')!;
  const found = await db.query<{ Oid: string | number }>(
    `select "Oid" from ${q(tenant.table)} where "ParentOid" is not null order by ("Id" = 'MATE-DE') desc, "Oid" limit 1`,
  );
  return found.rowCount > 0 ? Number(found.rows[0]!.Oid) : undefined;
}

/** What addArticles did. */
export interface AddArticlesReport {
  tenantOid: number;
  first: number;
  count: number;
  durationMs: number;
}

/**
 * Adds `count` more articles to the article tenant (demo data must exist), numbered after the highest demo
 * article number, in transactions of `chunk` rows; `onProgress` is called after each chunk.
 */
export async function addArticles(
  db: Database,
  catalogue: Catalogue,
  options: { count: number; seed?: number; chunk?: number; onProgress?: (progress: ArticleProgress) => void },
): Promise<AddArticlesReport> {
  const article = catalogue.find('pos-supply', 'article');
  if (!article) throw new DemoDataError("The catalogue has no 'pos-supply/article' kind.");
  const tenantOid = await articleTenantOid(db, catalogue);
  if (tenantOid === undefined) throw new DemoDataError('There is no child tenant to add articles to: seed the demo data first.');
  const refs = await loadArticleRefs(db, catalogue, tenantOid);
  const last = await db.query<{ n: string | number | null }>(
    `select max(substring("InternalNumber" from 2)::bigint) as n from ${q(article.table)} where "TenantOid" = $1 and "InternalNumber" ~ '^A[0-9]{8}$'`,
    [tenantOid],
  );
  const first = Number(last.rows[0]?.n ?? 0) + 1;
  const chunk = options.chunk ?? 50_000;
  const begun = Date.now();
  for (let done = 0; done < options.count; done += chunk) {
    const size = Math.min(chunk, options.count - done);
    await db.transaction(async (tx) => {
      await skipAudit(tx);
      return insertArticles(tx, article, refs, { seed: options.seed ?? DEFAULT_DEMO_SEED, start: first + done, count: size });
    });
    options.onProgress?.({ inserted: done + size, total: options.count, elapsedMs: Date.now() - begun });
  }
  // A bulk load changes the table's statistics; the lookups by number or GTIN plan with the new ones.
  await db.query(`analyze ${q(article.table)}`);
  return { tenantOid, first, count: options.count, durationMs: Date.now() - begun };
}

async function loadArticleRefs(db: Queryable, catalogue: Catalogue, tenantOid: number): Promise<ArticleRefs> {
  const table = (kind: string) => {
    const [area, entity] = kind.split('/') as [string, string];
    return q(catalogue.find(area, entity)!.table);
  };
  const taxes = await db.query<{ Oid: string | number; TaxCategory: string; IsDefault: boolean }>(
    `select "Oid", "TaxCategory", "IsDefault" from ${table('pos-supply/tax')} where "TenantOid" = $1 order by "IsDefault" desc, "Oid"`,
    [tenantOid],
  );
  const standard = taxes.rows.find((t) => t.TaxCategory === 'Standard') ?? taxes.rows[0];
  if (!standard) throw new DemoDataError(`Tenant ${tenantOid} has no taxes: seed the demo data first.`);
  const reduced = taxes.rows.find((t) => t.TaxCategory === 'Reduced') ?? standard;
  const codes = async (kind: string) => {
    const rows = await db.query<{ Oid: string | number; Code: string }>(`select "Oid", "Code" from ${table(kind)} where "TenantOid" = $1`, [tenantOid]);
    return new Map(rows.rows.map((row) => [row.Code, Number(row.Oid)]));
  };
  return {
    tenantOid,
    standardTaxOid: Number(standard.Oid),
    reducedTaxOid: Number(reduced.Oid),
    quantityUnits: await codes('pos-supply/quantity-unit'),
    packingUnits: await codes('pos-supply/packing-unit'),
  };
}
