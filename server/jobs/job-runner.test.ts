import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openPostgresDatabase } from '../db/postgres-database';
import { testClock, type TestClock } from '../identity/identity-test-app';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { BUILT_IN_JOBS } from './built-in/built-in-jobs';
import { JOB_STATE, JobRegistry, type JobDefinition } from './job-definition';
import { gateJob } from './gate-job';
import { DEFAULT_JOB_TIMINGS, JobRunner, jobTimingsForLease } from './job-runner';
import { enqueueJob, readJob, requestCancel, saveSchedule } from './job-store';

// The runner on the real database (PGlite, or PostgreSQL with DATABASE_URL), two instances side by side as two
// processes would run: each with a pool of its own on PostgreSQL, sharing the one PGlite otherwise. The clock is
// injected: leases and schedules run out when the test moves it, never by waiting.

it('derives heartbeat and poll from the lease (MATE_JOB_LEASE_SECONDS), the defaults from 30 s', () => {
  expect(jobTimingsForLease(30_000)).toEqual(DEFAULT_JOB_TIMINGS);
  expect(jobTimingsForLease(3_000)).toEqual({ leaseMs: 3_000, heartbeatMs: 1_000, pollMs: 1_500 });
  expect(jobTimingsForLease(600_000)).toEqual({ leaseMs: 600_000, heartbeatMs: 200_000, pollMs: 5_000 });
});

describe('the job runner on one database, two instances', () => {
  let database: TestDatabase;
  let clock: TestClock;
  const pools: Database[] = [];
  const runners: JobRunner[] = [];
  let gate: ReturnType<typeof gateJob>;

  async function instance(name: string): Promise<JobRunner> {
    const db = database.url ? await openPostgresDatabase(database.url, 3) : database.db;
    if (db !== database.db) pools.push(db);
    const runner = new JobRunner({
      db,
      registry: new JobRegistry([...BUILT_IN_JOBS, gate.definitionFor(name) as JobDefinition<never>]),
      instanceId: name,
      now: clock.now,
      describeTenant: async (_db, oid) => ({ oid, id: `T${oid}`, countryCode: 'DE' }),
    });
    // No timers: the test ticks and heartbeats by hand, on its own clock.
    await runner.start({ timers: false });
    runners.push(runner);
    return runner;
  }

  /** Stops the instances of the previous test (as crashed ones) and starts afresh on a new clock. */
  async function fresh(start?: number) {
    for (const runner of runners) await runner.halt();
    clock = testClock(start);
    gate = gateJob();
  }

  const settled = async (oid: number) => {
    await expect.poll(async () => (await readJob(database.db, oid))?.state, { timeout: 10_000 }).toBeGreaterThanOrEqual(JOB_STATE.success);
    return (await readJob(database.db, oid))!;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    for (const runner of runners) await runner.halt();
    for (const pool of pools) await pool.close();
    await database.drop();
  });

  it('runs a job once although both instances look for it, storing its progress', async () => {
    await fresh();
    const a = await instance('a1');
    const b = await instance('b1');
    const job = (await a.enqueue({ name: 'gate', tenantOid: 7, parameters: {}, manual: true }))!;
    expect(job).toMatchObject({ state: JOB_STATE.queued, tenant: 'T7', countryCode: 'DE', isManualStarted: true, category: 'Test' });
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await expect.poll(async () => (await readJob(database.db, job.oid))?.count).toBe(1);
    const running = (await readJob(database.db, job.oid))!;
    expect(running).toMatchObject({ state: JOB_STATE.running, countMax: 3 });
    expect([...a.runningHere(), ...b.runningHere()]).toEqual([job.oid]);
    // A second start of the same job for the same tenant is refused while it runs.
    expect(await b.enqueue({ name: 'gate', tenantOid: 7, parameters: {}, manual: true })).toBeUndefined();
    gate.release();
    const done = await settled(job.oid);
    expect(done).toMatchObject({ state: JOB_STATE.success, count: 3, countMax: 3, error: null });
    expect(done.startedAt).toBe(new Date(clock.now()).toISOString());
    expect(gate.runs).toHaveLength(1);
    await Promise.all([a.tick(), b.tick()]);
    expect(gate.runs).toHaveLength(1);
  });

  it('records a failure with its error, and a cancel aborts the running handler', async () => {
    const [a, b] = [runners[0]!, runners[1]!];
    const failing = (await a.enqueue({ name: 'gate', tenantOid: 8, parameters: { fail: 'The terminal did not answer.' }, manual: true }))!;
    await a.tick();
    await expect.poll(async () => (await readJob(database.db, failing.oid))?.count).toBe(1);
    gate.release();
    expect(await settled(failing.oid)).toMatchObject({ state: JOB_STATE.failed, error: 'The terminal did not answer.' });
    gate.shut();

    const cancelled = (await b.enqueue({ name: 'gate', tenantOid: 9, parameters: {}, manual: true }))!;
    await b.tick();
    await expect.poll(async () => (await readJob(database.db, cancelled.oid))?.state).toBe(JOB_STATE.running);
    // Cancelled through the other instance: the flag plus the notification reach the instance that runs it.
    await requestCancel(database.db, cancelled.oid, clock.now());
    await a.publish({ oid: cancelled.oid, tenantOid: 9, cancel: true });
    expect(await settled(cancelled.oid)).toMatchObject({ state: JOB_STATE.cancelled, count: 1 });

    // A queued job is cancelled at once (no instance is left to claim it in between).
    await a.halt();
    await b.halt();
    const queued = (await enqueueJob(database.db, { definition: gate.definitionFor('none') as JobDefinition, tenant: null, parameters: {}, manual: true, now: clock.now() }))!;
    expect(await requestCancel(database.db, queued.oid, clock.now())).toMatchObject({ state: JOB_STATE.cancelled, finishedAt: new Date(clock.now()).toISOString() });
  });

  it("takes a stopped instance's job over once its lease has run out", async () => {
    await fresh();
    const a = await instance('a2');
    const job = (await a.enqueue({ name: 'gate', tenantOid: 12, parameters: {}, manual: true }))!;
    await a.tick();
    await expect.poll(async () => (await readJob(database.db, job.oid))?.owner).toBe('a2');
    // The second instance starts once the first has the job (else it might claim it first on the notification).
    const b = await instance('b2');
    await a.halt();
    // Within the lease the job stays a2's.
    clock.advance(20_000);
    await b.tick();
    expect((await readJob(database.db, job.oid))!.owner).toBe('a2');
    clock.advance(15_000);
    await b.tick();
    await expect.poll(async () => (await readJob(database.db, job.oid))?.owner).toBe('b2');
    expect((await readJob(database.db, job.oid))!.attempts).toBe(2);
    gate.release();
    expect(await settled(job.oid)).toMatchObject({ state: JOB_STATE.success, count: 3 });
    expect(gate.runs).toEqual(['a2', 'b2']);
  });

  it('a heartbeat keeps the job; an instance that lost its job stops its handler', async () => {
    await fresh();
    const a = await instance('a3');
    const job = (await a.enqueue({ name: 'gate', tenantOid: 13, parameters: {}, manual: true }))!;
    await a.tick();
    await expect.poll(async () => (await readJob(database.db, job.oid))?.owner).toBe('a3');
    // The second instance starts once the first has the job (else it might claim it first on the notification).
    const b = await instance('b3');
    clock.advance(20_000);
    await a.heartbeat();
    clock.advance(20_000);
    await b.tick();
    expect((await readJob(database.db, job.oid))!.owner).toBe('a3');
    gate.release();
    expect(await settled(job.oid)).toMatchObject({ state: JOB_STATE.success, attempts: 1 });
  });

  it('fires a schedule once at its time, however many instances tick', async () => {
    await fresh(Date.parse('2025-01-14T01:59:30Z'));
    const a = await instance('a4');
    const b = await instance('b4');
    await database.db.query(
      `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, created_at, currency, total, body) values
       (21, 1, 'r1', 'receipt', '2025-01-13T10:00:00Z', 'EUR', 12.50, '{}'), (21, 1, 'r2', 'receipt', '2025-01-13T18:00:00Z', 'EUR', 7.25, '{}'),
       (22, 2, 'r3', 'receipt', '2025-01-13T11:00:00Z', 'EUR', 99, '{}')`,
    );
    await saveSchedule(database.db, { name: 'recompute-daily-turnover', tenantOid: 21, cron: '0 2 * * *', parameters: { days: 2 }, firstRunAt: Date.parse('2025-01-14T02:00:00Z') });
    await Promise.all([a.tick(), b.tick()]);
    expect((await database.db.query('select 1 from mate_job where name = $1', ['recompute-daily-turnover'])).rowCount).toBe(0);
    clock.advance(30_000);
    await Promise.all([a.tick(), b.tick()]);
    const runs = await database.db.query<{ oid: number }>('select oid from mate_job where name = $1', ['recompute-daily-turnover']);
    expect(runs.rowCount).toBe(1);
    const run = await settled(Number(runs.rows[0]!.oid));
    expect(run).toMatchObject({ state: JOB_STATE.success, isManualStarted: false, count: 2, countMax: 2, countUnit: 'days', tenant: 'T21' });
    const days = await database.db.query<{ day: string; receipt_count: number; total: string }>("select to_char(day, 'YYYY-MM-DD') as day, receipt_count, total::text as total from mate_turnover_day where tenant_oid = 21 order by day");
    expect(days.rows).toEqual([
      { day: '2025-01-13', receipt_count: 2, total: '19.7500' },
      { day: '2025-01-14', receipt_count: 0, total: '0.0000' },
    ]);
    const next = await database.db.query<{ next_run_at: Date }>('select next_run_at from mate_job_schedule');
    expect(new Date(next.rows[0]!.next_run_at).toISOString()).toBe('2025-01-15T02:00:00.000Z');
  });

  it('purges old rows with the days parameter, and refuses bad parameters naming them', async () => {
    const a = runners.at(-1)!;
    clock.advance(0);
    await database.db.query("insert into mate_error (id, status, message, created_at) values ('old1', 500, 'x', '2024-01-01T00:00:00Z'), ('old2', 500, 'x', '2024-06-01T00:00:00Z'), ('new1', 500, 'x', '2025-01-13T00:00:00Z')");
    await expect(a.enqueue({ name: 'purge-old-data', tenantOid: null, parameters: { days: 0 }, manual: true })).rejects.toThrow("The parameter 'days' must be a whole number from 1 to 3650.");
    await expect(a.enqueue({ name: 'purge-old-data', tenantOid: null, parameters: { weeks: 2 }, manual: true })).rejects.toThrow("Unknown parameter 'weeks'; this job takes days.");
    await expect(a.enqueue({ name: 'no-such-job', tenantOid: null, parameters: {}, manual: true })).rejects.toThrow("No job is called 'no-such-job'.");
    const job = (await a.enqueue({ name: 'purge-old-data', tenantOid: null, parameters: { days: 30 }, manual: true }))!;
    expect(job).toMatchObject({ tenant: null, tenantOid: null });
    await a.tick();
    expect(await settled(job.oid)).toMatchObject({ state: JOB_STATE.success, count: 2, countMax: 2, countUnit: 'rows' });
    expect((await database.db.query<{ id: string }>('select id from mate_error order by id')).rows).toEqual([{ id: 'new1' }]);
  });
});
