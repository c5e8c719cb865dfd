import type { AddressInfo } from 'node:net';
import { readBuildInfo } from './build-info';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { CatalogueError, loadCatalogue } from './data/catalogue';
import { DataEventBus } from './data/data-event-bus';
import { jobTimingsForLease } from './jobs/job-runner';
import { EntityMigrationError, syncEntityTables } from './data/sync-entity-tables';
import { migrate } from './db/migrations';
import { bootstrapAdministrator } from './identity/bootstrap-administrator';
import { subscribeIdentityToDataEvents } from './identity/identity-data-events';
import { startMailSender } from './identity/mail-sender';
import { BUILT_IN_METADATA_DIR, loadMergedNavigation } from './metadata/load-navigation';
import { catalogueWarnings } from './metadata/catalogue-warnings';
import { ALL_MIGRATIONS } from './schema-migrations';
import { openDatabase } from './db/open-database';
import { ensureInstallationId } from './seed/ensure-installation-id';
import { DEMO_PASSWORD } from './seed/demo/demo-identity';
import { seedDemoData } from './seed/demo/seed-demo-data';
import { demoDocumentsUntil } from './seed/demo/demo-documents';

// Only listens: everything else is in app.ts so that tests build the same app without a socket.
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // The catalogue is checked before anything touches the database: a bad document stops the start.
  const metadataDirs = [BUILT_IN_METADATA_DIR, ...(config.metadataDir ? [config.metadataDir] : [])];
  const catalogue = await loadCatalogue(metadataDirs);
  // Every kind gets its menu entry, page and permission-matrix row from its document (docs/metadata.md).
  const merged = await loadMergedNavigation(metadataDirs, catalogue.kinds);
  if (merged.issues.length > 0) throw new CatalogueError(merged.issues);
  const navigation = merged.navigation;
  // Legal but suspicious: said on start, not fatal (docs/metadata.md "Warnings").
  for (const warning of catalogueWarnings(catalogue.kinds, merged.files)) console.warn(`Warning: ${warning.file}${warning.path ? ` at ${warning.path}` : ''}: ${warning.message}`);
  const db = await openDatabase(config);
  await migrate(db, ALL_MIGRATIONS);
  const synced = await syncEntityTables(db, catalogue);
  for (const warning of synced.versionNotBumped) console.warn(`Warning: ${warning.file} at ${warning.path}: ${warning.message}`);
  const events = new DataEventBus(db);
  await events.start();
  // Identity hears grid changes of users, roles and keys (e.g. disabling a user ends their sessions).
  const identityEvents = subscribeIdentityToDataEvents(db, events);
  const installationId = await ensureInstallationId(db);
  const admin = await bootstrapAdministrator(db, config.adminPassword);
  const demo = config.demoData ? await seedDemoData(db, catalogue, { documentDays: config.demoDocumentDays, documentsUntil: demoDocumentsUntil() }) : { seeded: false };
  const buildInfo = await readBuildInfo(config.staticDir);
  const app = await createApp({ config, db, buildInfo, installationId, navigation, data: { catalogue, events }, jobs: { run: config.runJobs !== false, timings: jobTimingsForLease((config.jobLeaseSeconds ?? 30) * 1000) } });
  const stopMail = config.smtpUrl ? startMailSender(db, config.smtpUrl, app.log) : undefined;
  // The database closes after the app has closed, so every plugin's own close hooks (hub, terminals, jobs) still
  // reach it: Fastify runs a hook added here before those of the plugins registered earlier.
  const closeStorage = async () => {
    await stopMail?.();
    identityEvents.stop();
    await events.close();
    await db.close();
  };

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: draining requests and closing the database');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await closeStorage();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  // A wildcard host is not an address to open; port 0 (tests) binds a free port, so print the one really bound.
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const bound: AddressInfo | string | null = app.server.address();
  const port = bound !== null && typeof bound === 'object' ? bound.port : config.port;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  const lines = [
    '',
    `  Mate ${buildInfo.version} is running on ${db.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}.`,
    `  Open ${url} in a browser.`,
  ];
  if (admin.generatedPassword) {
    lines.push('', `  First start: created the administrator 'admin' with the password ${admin.generatedPassword}`, '  It is shown only this once; sign in and change it.');
  } else if (admin.created) {
    lines.push('', "  First start: created the administrator 'admin' with the password from MATE_ADMIN_PASSWORD.");
  }
  if (demo.seeded) {
    lines.push('', `  Demo data: 9 tenants with locations, terminals and 20,000 articles; demo users such as manager.de and cashier.at`, `  sign in with the password ${DEMO_PASSWORD} (demo only; set MATE_DEMO_DATA=false to start empty).`, `  Demo POS terminals connect with: npm run terminals -- --count 5 --url ${url}`);
  }
  console.log(lines.join('\n') + '\n');
  app.log.debug({ address }, 'listening');
}

main().catch((error: unknown) => {
  if (error instanceof CatalogueError || error instanceof EntityMigrationError) {
    console.error(`Mate could not start because of the entity catalogue:\n${error.message}`);
    process.exit(3);
  }
  console.error(error instanceof Error ? `Mate could not start: ${error.message}` : error);
  process.exit(1);
});
