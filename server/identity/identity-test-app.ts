import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { buildInfoFor } from '../build-info';
import { loadConfig, type Config } from '../config';
import { loadCatalogue, type Catalogue } from '../data/catalogue';
import { DataEventBus } from '../data/data-event-bus';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import type { NavigationItem } from '../../schemas/entity-document';
import { BackgroundTasks } from './background-tasks';
import { ensureIdentityIndexes } from './bootstrap-administrator';
import { subscribeIdentityToDataEvents, type IdentityEventSubscription } from './identity-data-events';
import type { IdentityRoutesOptions } from './identity-routes';
import { createUser, setUserTenants } from './user-admin';

/** A test clock: `now` for the app, `advance` to move it. */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

/** A clock starting at a fixed instant that only moves when told. */
export function testClock(start = Date.parse('2025-01-14T08:40:00Z')): TestClock {
  let at = start;
  return { now: () => at, advance: (ms) => void (at += ms) };
}

/**
 * The app with identity and the data service registered, on a fresh database migrated with the foundation's and
 * identity's migrations and with the built-in catalogue's tables synced (identity keeps users and roles there).
 * Identity follows the data events as in production (`identityEvents.settled()` waits for it).
 */
export interface IdentityTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  clock: TestClock;
  catalogue: Catalogue;
  bus: DataEventBus;
  identityEvents: IdentityEventSubscription;
  /** Identity's background work (reset mails): `await t.background.idle()` before reading what it wrote. */
  background: BackgroundTasks;
  close(): Promise<void>;
}

let builtIn: Promise<Catalogue> | undefined;

/** The built-in catalogue (server/metadata), loaded once per test file. */
export function builtInCatalogue(): Promise<Catalogue> {
  return (builtIn ??= loadCatalogue([BUILT_IN_METADATA_DIR]));
}

/** A fresh database with the migrations run and the built-in catalogue's tables synced: what identity needs. */
export async function createIdentityTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({ template: 'synced' });
  await ensureIdentityIndexes(database.db);
  return database;
}

/** Builds it; `env` stands in for process.env (e.g. MATE_REGISTRATION, MATE_LICENSED_USERS). */
export async function createIdentityTestApp(
  options: {
    env?: Record<string, string | undefined>;
    navigation?: NavigationItem[];
    config?: Partial<Config>;
    throttleLimits?: IdentityRoutesOptions['throttleLimits'];
    /** Identity's background work; default: run right after each answer. */
    background?: BackgroundTasks;
    configure?: (app: FastifyInstance, parts: { database: TestDatabase; config: Config; clock: TestClock }) => void;
    /** Where the test clock starts (ms); default a fixed instant. Tests against a real provider start at the real time. */
    clockStart?: number;
  } = {},
): Promise<IdentityTestApp> {
  const database = await createIdentityTestDatabase();
  const catalogue = await builtInCatalogue();
  const bus = new DataEventBus(database.db);
  await bus.start();
  const identityEvents = subscribeIdentityToDataEvents(database.db, bus);
  const config = { ...loadConfig({ MATE_STATIC_DIR: '/nonexistent-ui-build', LOG_LEVEL: 'silent' }), ...options.config };
  const clock = testClock(options.clockStart);
  const background = options.background ?? new BackgroundTasks();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await createApp(
    {
      config,
      db: database.db,
      buildInfo: buildInfoFor(new Date('2025-01-14T08:40:00Z')),
      installationId: 'test-installation',
      navigation: options.navigation ?? [],
      identity: { now: clock.now, env: options.env ?? {}, throttleLimits: options.throttleLimits, background },
      data: { catalogue, events: bus },
    },
    { stream: sink },
  );
  options.configure?.(app, { database, config, clock });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    catalogue,
    bus,
    identityEvents,
    background,
    async close() {
      await app.close();
      identityEvents.stop();
      await bus.close();
      await database.drop();
    },
  };
}

/** The Basic header for a username and password. */
export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** Creates a user in the given tenants (the first one primary) and answers its oid. */
export async function addUser(database: TestDatabase, username: string, password: string, tenantOids: number[] = []): Promise<number> {
  const oid = await createUser(database.db, { username, password, email: `${username}@example.test` });
  if (tenantOids.length > 0) await setUserTenants(database.db, oid, { tenantOids, primaryTenantOid: tenantOids[0] });
  return oid;
}

/** Signs in through the endpoint and answers the access token (throws when sign-in fails). */
export async function signInToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/v1-pub/auth/user/token.json', headers: { authorization: basic(username, password) } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}
