import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncEntityTables } from './data/sync-entity-tables';
import { startHubInstance, type HubInstance } from './hub/hub-test-app';
import { ensureAdministratorRole } from './identity/administrator-role';
import { ensureIdentityIndexes } from './identity/bootstrap-administrator';
import { addUser, builtInCatalogue, signInToken } from './identity/identity-test-app';
import { setUserTenants } from './identity/user-admin';
import { userTenantOids } from './identity/user-store';
import { articleTenantOid, seedDemoData } from './seed/demo/seed-demo-data';
import { routesOfOpenApi } from './test-support/hostile-requests';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from './test-support/private-postgres';
import { createTestDatabase, type TestDatabase } from './test-support/test-database';
import { within } from './test-support/within';

// Issue 17 (and every content area since): a PostgreSQL restart under the dashboard, exchange-rate, diagnostics,
// messages, images, POS settings and the other read routes. While the database is away every one answers at once with
// the outage's 503 (or what it answers without a database), never a 500 or a hang; once it is back every one answers
// as before, with no restart of the product. The routes are the OpenAPI document's reads without path parameters, so
// a new area's list joins by being documented. A server of the test's own: it is stopped and started.
const binDir = postgresBinDir();
if (!binDir) console.warn('content-routes-outage.test.ts skipped: no initdb and pg_ctl under /usr/lib/postgresql/<version>/bin (Debian package postgresql)');

/** How long one request may take at most while the database is away: the pool waits 5 s for a connection. */
const REQUEST_BOUND_MS = 20_000;

/** Reads that are not answers of their own: a WebSocket upgrade, a sign-in by Basic header, the health probe. */
const NOT_READS = new Set(['/api/terminals/socket', '/api/v1-pub/auth/user/token.json', '/api/health', '/api/openapi.json']);

describe.skipIf(!binDir)('the content routes through a PostgreSQL restart', () => {
  let server: PrivatePostgres;
  let database: TestDatabase;
  let instance: HubInstance;
  let headers: Record<string, string>;
  let paths: string[];
  const before = new Map<string, number>();

  const read = (path: string) => within(instance.app.inject({ url: path, headers }), REQUEST_BOUND_MS, `GET ${path}`);

  beforeAll(async () => {
    server = await startPrivatePostgres(binDir!);
    database = await createTestDatabase({ serverUrl: server.url });
    const catalogue = await builtInCatalogue();
    await syncEntityTables(database.db, catalogue);
    await ensureIdentityIndexes(database.db);
    // As in the fuzz suite: the administrator first, so the demo data makes them a member of every tenant.
    const adminOid = await addUser(database, 'admin', 'admin-password-1');
    await ensureAdministratorRole(database.db);
    await seedDemoData(database.db, catalogue, { articles: 3 });
    await database.db.query('update mate_job_schedule set enabled = false');
    const tenantOid = (await articleTenantOid(database.db, catalogue))!;
    await setUserTenants(database.db, adminOid, { tenantOids: await userTenantOids(database.db, adminOid), primaryTenantOid: tenantOid });
    instance = await startHubInstance(database);
    headers = { authorization: `Bearer ${await signInToken(instance.app, 'admin', 'admin-password-1')}`, 'x-mate-tenant': String(tenantOid) };
    const documented = routesOfOpenApi((await instance.app.inject({ url: '/api/openapi.json' })).json());
    paths = documented.filter((route) => route.method === 'GET' && !route.path.includes('{') && !NOT_READS.has(route.path)).map((route) => route.path);
    for (const path of paths) before.set(path, (await read(path)).statusCode);
  }, 180_000);
  afterAll(async () => {
    // A failed test may leave the server stopped; dropping the database needs it.
    await server?.start().catch(() => undefined);
    await instance?.close();
    await database?.drop();
    await server?.destroy();
  });

  it('reads every documented list, and the areas of this wave are among them', () => {
    for (const path of ['/api/user/extension/dashboard', '/api/exchange-rates', '/api/db-info/summary', '/api/diagnostics/unprocessed-documents', '/api/messages/conversations', '/api/images', '/api/pos-settings/configuration']) {
      expect(paths).toContain(path);
    }
    const failing = [...before].filter(([, status]) => status >= 500);
    expect(failing, 'reads that fail before any outage').toEqual([]);
  });

  it('answers the outage 503 (never a 500 or a hang) while the database is away and as before once it is back', async () => {
    await server.stop();
    // Side by side, as users' pages would call them: each waits at most the pool's 5 s for a connection.
    const answers = await Promise.all(paths.map(async (path) => ({ path, answer: await read(path) })));
    const during: string[] = [];
    for (const { path, answer } of answers) {
      const what = `GET ${path} -> ${answer.statusCode} ${answer.body.slice(0, 200)}`;
      if (answer.statusCode === before.get(path)) continue; // answered without the database (build info, a cache)
      expect(answer.statusCode, what).toBe(503);
      expect(answer.headers['retry-after'], what).toBe('5');
      expect((answer.json() as { message?: string }).message, what).toMatch(/database is not reachable/);
      during.push(path);
    }
    // Most of these reads need the database; a run where none did would not have tested the outage.
    expect(during.length).toBeGreaterThan(paths.length / 2);
    await server.start();
    await Promise.all(
      paths.map((path) => expect.poll(async () => (await read(path)).statusCode, { message: `GET ${path} after the restart`, timeout: 30_000 }).toBe(before.get(path))),
    );
  }, 120_000);
});
