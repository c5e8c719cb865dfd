import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubInstance } from '../hub/hub-test-app';
import { builtInCatalogue } from '../identity/identity-test-app';
import { gateJob } from '../jobs/gate-job';
import { JOB_STATE, type JobDefinition } from '../jobs/job-definition';
import { readJob } from '../jobs/job-store';
import { BUILT_IN_JOBS } from '../jobs/built-in/built-in-jobs';
import { DEMO_TERMINAL_SECRET } from '../seed/demo/demo-terminals';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../test-support/private-postgres';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { syncEntityTables } from '../data/sync-entity-tables';
import { ensureIdentityIndexes } from '../identity/bootstrap-administrator';
import { SimulatedTerminal } from './terminal-simulator';
import { startTerminalInstance } from './terminal-test-app';

// A restart of PostgreSQL while a job runs and simulated terminals hand in receipts, on a server of the test's own
// (it is stopped and started). The job completes; every receipt the server acknowledged is stored; the terminals
// carry on by themselves (the simulator keeps what was not acknowledged and reconnects), one that tries to connect
// during the outage included.
const binDir = postgresBinDir();
if (!binDir) console.warn('terminal-outage.test.ts skipped: no initdb and pg_ctl under /usr/lib/postgresql/<version>/bin (Debian package postgresql)');

describe.skipIf(!binDir)('terminals and a job through a PostgreSQL restart', () => {
  let server: PrivatePostgres;
  let database: TestDatabase;
  let instance: HubInstance;
  let keys: string[];
  const gate = gateJob();
  const simulators: SimulatedTerminal[] = [];
  const lines: string[] = [];

  const simulate = (key: string) => {
    const terminal = new SimulatedTerminal({ url: instance.url, key, secret: DEMO_TERMINAL_SECRET, rate: 600, version: '6.25.0', reconnectMs: 100, report: (line) => lines.push(`${key} ${line}`) });
    simulators.push(terminal);
    terminal.start();
    return terminal;
  };
  const stored = async () => Number((await database.db.query<{ n: string }>('select count(*)::text as n from mate_terminal_document')).rows[0]!.n);
  const acknowledged = () => simulators.reduce((sum, terminal) => sum + terminal.totals.stored, 0);

  beforeAll(async () => {
    server = await startPrivatePostgres(binDir!);
    database = await createTestDatabase({ serverUrl: server.url });
    await syncEntityTables(database.db, await builtInCatalogue());
    await ensureIdentityIndexes(database.db);
    await seedDemoData(database.db, await builtInCatalogue(), { articles: 0 });
    await database.db.query('update mate_job_schedule set enabled = false');
    keys = (await database.db.query<{ terminal_key: string }>('select terminal_key from mate_terminal_credential order by terminal_key limit 4')).rows.map((row) => row.terminal_key);
    instance = await startTerminalInstance(database, {}, {
      definitions: [...BUILT_IN_JOBS, gate.definitionFor('one') as JobDefinition<never>],
      // Heartbeats and polls fall into the outage; the lease outlasts it.
      timings: { heartbeatMs: 100, pollMs: 100, leaseMs: 60_000 },
    });
  }, 180_000);
  afterAll(async () => {
    for (const terminal of simulators) await terminal.stop();
    // A failed test may leave the server stopped; dropping the database needs it.
    await server?.start().catch(() => undefined);
    await instance?.close();
    await database?.drop();
    await server?.destroy();
  });

  it('completes the job, stores every acknowledged receipt and the terminals go on by themselves', async () => {
    const tenantOid = Number((await database.db.query<{ tenant_oid: string }>('select tenant_oid from mate_terminal_credential where terminal_key = $1', [keys[0]])).rows[0]!.tenant_oid);
    const job = (await instance.app.jobs.runner.enqueue({ name: 'gate', tenantOid, parameters: {}, manual: true }))!;
    await expect.poll(async () => (await readJob(database.db, job.oid))?.state, { timeout: 20_000 }).toBe(JOB_STATE.running);
    const early = keys.slice(0, 3).map(simulate);
    await expect.poll(() => early.every((terminal) => terminal.totals.stored >= 2), { timeout: 20_000 }).toBe(true);

    await server.stop();
    // During the outage: one more terminal tries to connect (refused, it tries again by itself).
    const late = simulate(keys[3]!);
    // Long enough for several of the runner's heartbeats and the late terminal's attempts to meet the outage.
    await expect.poll(() => lines.filter((line) => line.startsWith(`${keys[3]} `) && /refused \(5\d\d\)|disconnected by the server/.test(line)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await server.start();

    const before = early.map((terminal) => terminal.totals.stored);
    // Every terminal, the late one too, gets receipts acknowledged again without help.
    await expect.poll(() => early.every((terminal, index) => terminal.totals.stored > before[index]! + 2) && late.totals.stored > 2, { timeout: 60_000 }).toBe(true);
    gate.release();
    await expect.poll(async () => (await readJob(database.db, job.oid))?.state, { timeout: 30_000 }).toBe(JOB_STATE.success);
    expect(gate.runs).toEqual(['one']);

    for (const terminal of simulators) await terminal.stop();
    // Nothing acknowledged is lost: each acknowledgement "stored" is a row of its own (ids are unique per tenant).
    expect(await stored()).toBeGreaterThanOrEqual(acknowledged());
    expect(acknowledged()).toBeGreaterThan(10);
    const connections = await database.db.query<{ n: string }>('select count(*)::text as n from mate_terminal_connection');
    expect(Number(connections.rows[0]!.n)).toBe(4);
  }, 180_000);
});
