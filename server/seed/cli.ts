import { ConfigError, loadConfig } from '../config';
import { CatalogueError, loadCatalogue } from '../data/catalogue';
import { EntityMigrationError, syncEntityTables } from '../data/sync-entity-tables';
import { migrate } from '../db/migrations';
import { openDatabase } from '../db/open-database';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';
import { ALL_MIGRATIONS } from '../schema-migrations';
import { bootstrapAdministrator } from '../identity/bootstrap-administrator';
import type { ArticleProgress } from './demo/article-records';
import { parseSeedArgs, SEED_USAGE, SeedCliArgsError } from './demo/cli-args';
import { DEMO_PASSWORD } from './demo/demo-identity';
import { addArticles, DEFAULT_DEMO_ARTICLES, seedDemoData } from './demo/seed-demo-data';
import { demoDocumentsUntil } from './demo/demo-documents';

// `npm run seed -- [--articles N] [--seed S]`: demo data on the configured database (see docs/demo-data.md).
const number = (n: number) => n.toLocaleString('en-US');

function progress(p: ArticleProgress): void {
  const rate = p.elapsedMs > 0 ? Math.round((p.inserted * 1000) / p.elapsedMs) : 0;
  console.log(`  ${number(p.inserted)} / ${number(p.total)} articles, ${(p.elapsedMs / 1000).toFixed(1)} s, ${number(rate)} rows/s`);
}

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  if (args.help) {
    console.log(SEED_USAGE);
    return;
  }
  const config = loadConfig();
  const catalogue = await loadCatalogue([BUILT_IN_METADATA_DIR, ...(config.metadataDir ? [config.metadataDir] : [])]);
  const db = await openDatabase(config);
  try {
    await migrate(db, ALL_MIGRATIONS);
    await syncEntityTables(db, catalogue);
    const admin = await bootstrapAdministrator(db, config.adminPassword);
    if (admin.generatedPassword) console.log(`Created the administrator 'admin' with the password ${admin.generatedPassword} (shown only this once).`);

    const where = db.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL';
    const wanted = args.articles;
    // A large count is loaded after the demo data, in 50,000-row transactions with progress lines.
    const withDemo = wanted === undefined ? DEFAULT_DEMO_ARTICLES : Math.min(wanted, DEFAULT_DEMO_ARTICLES);
    const report = await seedDemoData(db, catalogue, { articles: withDemo, seed: args.seed, documentDays: config.demoDocumentDays, documentsUntil: demoDocumentsUntil() });
    let more = 0;
    if (report.seeded) {
      console.log(`Seeded the demo data into ${where} in ${((report.durationMs ?? 0) / 1000).toFixed(1)} s: ${report.tenants} tenants, ${number(report.articles ?? 0)} articles (${((report.articleMs ?? 0) / 1000).toFixed(1)} s).`);
      console.log(`Demo users (password '${DEMO_PASSWORD}', demo only): ${(report.users ?? []).join(', ')}.`);
      more = wanted === undefined ? 0 : wanted - withDemo;
    } else if (wanted === undefined) {
      console.log(`Demo data is already in ${where}; nothing to do. Add articles with --articles N.`);
    } else {
      more = wanted;
    }
    if (more > 0) {
      console.log(`Adding ${number(more)} articles to ${where}:`);
      const added = await addArticles(db, catalogue, { count: more, seed: args.seed, onProgress: progress });
      const rate = Math.round((added.count * 1000) / Math.max(1, added.durationMs));
      console.log(`Added ${number(added.count)} articles (A${String(added.first).padStart(8, '0')} on) to tenant ${added.tenantOid} in ${(added.durationMs / 1000).toFixed(1)} s, ${number(rate)} rows/s.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof SeedCliArgsError) {
    console.error(`${error.message}\n\n${SEED_USAGE}`);
    process.exit(2);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof CatalogueError || error instanceof EntityMigrationError) {
    console.error(`The entity catalogue stops the seed:\n${error.message}`);
    process.exit(3);
  }
  console.error(error instanceof Error ? `Seeding failed: ${error.message}` : error);
  process.exit(1);
});
