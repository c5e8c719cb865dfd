import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { createHubTestDatabase, hubClient, nextMessage, startHubInstance, type HubInstance } from '../hub/hub-test-app';
import { addUser, signInToken, testClock, type TestClock } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { encodeScopeValue } from '../identity/scope-headers';
import type { TestDatabase } from '../test-support/test-database';
import type { BridgeState } from './bridge-state';
import { BUILT_IN_JOBS } from './built-in/built-in-jobs';
import { gateJob } from './gate-job';
import { JOB_STATE, type JobDefinition } from './job-definition';
import type { BridgeJob } from './job-store';
import { readJob, saveSchedule } from './job-store';

// The bridge through the stock @microsoft/signalr client against two real instances on one database (PGlite, or
// PostgreSQL with DATABASE_URL): start, progress pushed, cancel, failure, a job run once, a stopped instance's job
// taken over, the permission matrix. The clock is injected; leases run out when the test moves it.
const A = 11;
const B = 22;

describe('the bridge on the hub', () => {
  let database: TestDatabase;
  let clock: TestClock;
  let gate: ReturnType<typeof gateJob>;
  let one: HubInstance;
  let two: HubInstance;
  const tokens: Record<string, string> = {};
  const clients: HubConnection[] = [];

  async function connect(instance: HubInstance, user: string): Promise<HubConnection> {
    const client = hubClient(instance, () => tokens[user]!);
    await client.start();
    clients.push(client);
    return client;
  }

  /**
   * Every UpdateBridgeJobs a client gets from now on; `next(oid, accept)` resolves with the first update of that job
   * that `accept`s, whether it came before the call (a push may overtake the answer of StartBridgeJob) or after.
   */
  function jobFeed(client: HubConnection) {
    const seen: BridgeJob[] = [];
    const waiting = new Set<() => void>();
    client.on('UpdateBridgeJobs', (jobs: BridgeJob[]) => {
      seen.push(...jobs);
      for (const check of [...waiting]) check();
    });
    return {
      seen,
      next(oid: number, accept: (job: BridgeJob) => boolean): Promise<BridgeJob> {
        return new Promise((resolve) => {
          const check = () => {
            const found = seen.find((job) => job.oid === oid && accept(job));
            if (!found) return;
            waiting.delete(check);
            resolve(found);
          };
          waiting.add(check);
          check();
        });
      },
    };
  }

  beforeAll(async () => {
    database = await createHubTestDatabase();
    clock = testClock();
    gate = gateJob();
    const jobs = (name: string) => ({ now: clock.now, definitions: [...BUILT_IN_JOBS, gate.definitionFor(name) as JobDefinition<never>] });
    one = await startHubInstance(database, { jobs: jobs('one') });
    two = await startHubInstance(database, { jobs: jobs('two') });
    const operator = await createRole(database.db, 'Bridge operator');
    const viewer = await createRole(database.db, 'Bridge viewer');
    for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { roleOid: operator }, path: '/service/bridge', tenantOid: null, action, allowed: true });
    await setPermission(database.db, { subject: { roleOid: viewer }, path: '/service/bridge', tenantOid: null, action: 'Read', allowed: true });
    // Boss operates the bridge everywhere; Ada only in tenant A, though she belongs to B too; Pia only looks, in A.
    const boss = await addUser(database, 'boss', 'boss-password', [A, B]);
    const ada = await addUser(database, 'ada', 'ada-password', [A, B]);
    const pia = await addUser(database, 'pia', 'pia-password', [A]);
    await setUserRoles(database.db, boss, [{ roleOid: operator, tenantOid: null }]);
    await setUserRoles(database.db, ada, [{ roleOid: operator, tenantOid: A }]);
    await setUserRoles(database.db, pia, [{ roleOid: viewer, tenantOid: A }]);
    for (const user of ['boss', 'ada', 'pia']) tokens[user] = await signInToken(one.app, user, `${user}-password`);
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) await client.stop();
    await one.close();
    await two.close();
    await database.drop();
  });

  it('starts a job, pushes its progress and its success to a subscriber of another instance, and runs it once', async () => {
    const watcher = await connect(one, 'boss');
    const firstState = nextMessage<BridgeState>(watcher, 'UpdateBridgeState');
    const state = (await watcher.invoke('SubscribeBridgeStateNotification')) as BridgeState;
    expect(state).toMatchObject({ state: 'ON', version: '6.025.0114.0840', buildDate: '2025-01-14T08:40:00.000Z', jobCount: 0, jobFailedCount: 0, jobs: [] });
    expect(state.definitions.map((d) => d.name).sort()).toEqual(['gate', 'import-exchange-rates', 'purge-old-data', 'push-terminal-configuration', 'recompute-daily-turnover', 'reprocess-unprocessed-documents']);
    expect(await firstState).toEqual(state);
    expect(await watcher.invoke('SubscribeBridgeJobNotification')).toEqual([]);

    const feed = jobFeed(watcher);
    const starter = await connect(two, 'ada');
    const job = (await starter.invoke('StartBridgeJob', 'gate', {}, A)) as BridgeJob;
    const oid = job.oid;
    const progressed = feed.next(oid, (update) => update.state === JOB_STATE.running && update.count === 1);
    expect(job).toMatchObject({ name: 'gate', state: JOB_STATE.queued, tenantOid: A, isManualStarted: true, category: 'Test', countUnit: 'steps' });
    expect(await progressed).toMatchObject({ countMax: 3, startedAt: new Date(clock.now()).toISOString() });

    const succeeded = feed.next(oid, (update) => update.state === JOB_STATE.success);
    const counted = nextMessage<BridgeState>(watcher, 'UpdateBridgeState', (update) => update.jobs.some((j) => j.oid === oid && j.state === JOB_STATE.success));
    gate.release();
    expect(await succeeded).toMatchObject({ count: 3, countMax: 3, error: null, finishedAt: new Date(clock.now()).toISOString() });
    expect(await counted).toMatchObject({ jobCount: 1, jobFailedCount: 0 });
    expect(gate.runs).toHaveLength(1);
    gate.shut();
  });

  it('cancel aborts the running handler; a failure is recorded with its error', async () => {
    const client = await connect(two, 'ada');
    const feed = jobFeed(client);
    await client.invoke('SubscribeBridgeJobNotification');
    const oid = ((await client.invoke('StartBridgeJob', 'gate', null, A)) as BridgeJob).oid;
    await feed.next(oid, (job) => job.state === JOB_STATE.running && job.count === 1);
    const cancelled = feed.next(oid, (job) => job.state === JOB_STATE.cancelled);
    expect(await client.invoke('CancelBridgeJob', oid)).toMatchObject({ oid, state: JOB_STATE.running });
    expect(await cancelled).toMatchObject({ count: 1, error: null });
    await expect(client.invoke('CancelBridgeJob', oid)).rejects.toThrow(`Job ${oid} has already finished.`);

    const failing = ((await client.invoke('StartBridgeJob', 'gate', { fail: 'The terminal did not answer.' }, A)) as BridgeJob).oid;
    await feed.next(failing, (job) => job.count === 1);
    gate.release();
    expect(await feed.next(failing, (job) => job.state === JOB_STATE.failed)).toMatchObject({ error: 'The terminal did not answer.' });
    gate.shut();
    const read = await one.app.inject({ url: '/api/bridge', headers: { authorization: `Bearer ${tokens.ada}`, 'x-mate-tenant': encodeScopeValue(A) } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ jobCount: 3, jobFailedCount: 1 });
    const history = await one.app.inject({ url: '/api/bridge/jobs?take=2', headers: { authorization: `Bearer ${tokens.ada}`, 'x-mate-tenant': encodeScopeValue(A) } });
    expect(history.json()).toMatchObject({ items: [{ oid: failing, state: JOB_STATE.failed }, { oid, state: JOB_STATE.cancelled }], hasMore: true });
  });

  it('authorises start and cancel by path permission and tenant, and names bad arguments', async () => {
    const boss = await connect(one, 'boss');
    const ada = await connect(one, 'ada');
    const pia = await connect(one, 'pia');
    // Start: tenant A x tenant B x operator of A only x plain user.
    const inA = (await ada.invoke('StartBridgeJob', 'recompute-daily-turnover', { days: 1 }, A)) as BridgeJob;
    expect(inA).toMatchObject({ tenantOid: A, state: JOB_STATE.queued });
    await expect(ada.invoke('StartBridgeJob', 'recompute-daily-turnover', { days: 1 }, B)).rejects.toThrow('Not permitted: Update on /service/bridge.');
    await expect(pia.invoke('StartBridgeJob', 'recompute-daily-turnover', { days: 1 }, A)).rejects.toThrow('Not permitted: Update on /service/bridge.');
    await expect(pia.invoke('StartBridgeJob', 'recompute-daily-turnover', { days: 1 }, B)).rejects.toThrow('You do not belong to tenant 22.');
    await expect(ada.invoke('StartBridgeJob', 'purge-old-data', { days: 30 })).rejects.toThrow('needs Update on /service/bridge globally');
    // Cancel: a job of B that Ada may not read is as unknown to her as to Pia; Pia may see A's but not cancel it.
    const inB = (await boss.invoke('StartBridgeJob', 'gate', {}, B)) as BridgeJob;
    await expect(ada.invoke('CancelBridgeJob', inB.oid)).rejects.toThrow(`Argument 1 (jobOid): there is no job ${inB.oid}.`);
    await expect(pia.invoke('CancelBridgeJob', inB.oid)).rejects.toThrow(`there is no job ${inB.oid}.`);
    const gateA = (await ada.invoke('StartBridgeJob', 'gate', {}, A)) as BridgeJob;
    await expect(pia.invoke('CancelBridgeJob', gateA.oid)).rejects.toThrow(`Not permitted: Update on /service/bridge in tenant ${A}.`);
    await expect(ada.invoke('CancelBridgeJob', gateA.oid)).resolves.toMatchObject({ oid: gateA.oid });
    await expect(boss.invoke('CancelBridgeJob', inB.oid)).resolves.toMatchObject({ oid: inB.oid });
    await expect.poll(async () => (await readJob(database.db, inB.oid))?.state).toBe(JOB_STATE.cancelled);
    await expect.poll(async () => (await readJob(database.db, gateA.oid))?.state).toBe(JOB_STATE.cancelled);
    // Pia may follow the bridge of A; the subscription itself needs Read.
    await expect(pia.invoke('SubscribeBridgeStateNotification')).resolves.toMatchObject({ state: 'ON' });
    const global = (await boss.invoke('StartBridgeJob', 'purge-old-data', { days: 30 })) as BridgeJob;
    expect(global).toMatchObject({ tenantOid: null, tenant: null });

    // Bad arguments: a Completion error naming the argument, and the connection stays.
    await expect(ada.invoke('StartBridgeJob')).rejects.toThrow('Argument 1 (name) must be the name of a job.');
    await expect(ada.invoke('StartBridgeJob', 'no-such-job', {}, A)).rejects.toThrow("Argument 1 (name): no job is called 'no-such-job'.");
    await expect(ada.invoke('StartBridgeJob', 'recompute-daily-turnover', [1], A)).rejects.toThrow('Argument 2 (parameters) must be an object.');
    await expect(ada.invoke('StartBridgeJob', 'recompute-daily-turnover', { days: 400 }, A)).rejects.toThrow("Argument 2 (parameters): The parameter 'days' must be a whole number from 1 to 366.");
    await expect(ada.invoke('StartBridgeJob', 'recompute-daily-turnover', {}, 'A')).rejects.toThrow('Argument 3 (tenantOid) must be a positive whole number.');
    await expect(ada.invoke('StartBridgeJob', 'gate', {}, A, 4)).rejects.toThrow('StartBridgeJob takes at most 3 argument(s), got 4.');
    await expect(ada.invoke('CancelBridgeJob', 'x')).rejects.toThrow('Argument 1 (jobOid) must be a positive whole number.');
    await expect(ada.invoke('SubscribeBridgeJobNotification', A, 1)).rejects.toThrow('SubscribeBridgeJobNotification takes at most 1 argument(s), got 2.');
    await expect(ada.invoke('SubscribeBridgeJobNotification', 'A')).rejects.toThrow('Argument 1 (tenantOid) must be a positive whole number.');
    await expect(pia.invoke('SubscribeBridgeJobNotification', B)).rejects.toThrow('You do not belong to tenant 22.');
    await expect(ada.invoke('SubscribeBridgeJobNotification', B)).rejects.toThrow('Not permitted: Read on /service/bridge.');
    expect(ada.state).toBe('Connected');
  });

  it('sends bridge messages only to subscribers who may read the job', async () => {
    const viewer = await connect(two, 'pia');
    await viewer.invoke('SubscribeBridgeJobNotification');
    const seen: BridgeJob[] = [];
    viewer.on('UpdateBridgeJobs', (jobs: BridgeJob[]) => seen.push(...jobs));
    const boss = await connect(two, 'boss');
    const feed = jobFeed(boss);
    // Boss works in A; he follows B by naming it.
    await boss.invoke('SubscribeBridgeJobNotification', B);
    const inB = ((await boss.invoke('StartBridgeJob', 'recompute-daily-turnover', { days: 1 }, B)) as BridgeJob).oid;
    await feed.next(inB, (job) => job.state === JOB_STATE.success);
    await two.app.jobs.subscriptions.settled();
    expect(seen.filter((job) => job.tenantOid !== A)).toEqual([]);
    // Without Read on the bridge a connection cannot subscribe at all.
    await addUser(database, 'zoe', 'zoe-password', [A]);
    tokens.zoe = await signInToken(one.app, 'zoe', 'zoe-password');
    const zoe = await connect(one, 'zoe');
    await expect(zoe.invoke('SubscribeBridgeStateNotification')).rejects.toThrow('Not permitted: Read on /service/bridge.');
    const denied = await one.app.inject({ url: '/api/bridge', headers: { authorization: `Bearer ${tokens.zoe}` } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('Read on /service/bridge');
  });
  it("names who started a run to the readers of the run's tenant only, and filters the history by state", async () => {
    // Bob operates the bridge in B only; Pia reads it in A only; Boss reads it everywhere.
    const bob = await addUser(database, 'bob', 'bob-password', [B]);
    const operatorB = await createRole(database.db, 'Bridge operator of B');
    for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { roleOid: operatorB }, path: '/service/bridge', tenantOid: null, action, allowed: true });
    await setUserRoles(database.db, bob, [{ roleOid: operatorB, tenantOid: B }]);
    tokens.bob = await signInToken(one.app, 'bob', 'bob-password');
    const piaClient = await connect(one, 'pia');
    const piaFeed = jobFeed(piaClient);
    await piaClient.invoke('SubscribeBridgeJobNotification', A);
    const bobClient = await connect(one, 'bob');
    const started = (await bobClient.invoke('StartBridgeJob', 'recompute-daily-turnover', { days: 1 }, B)) as BridgeJob;
    expect(started).toMatchObject({ tenantOid: B, isManualStarted: true, startedBy: 'bob' });

    const read = (user: string, tenant: number, query = '') =>
      one.app.inject({ url: `/api/bridge/jobs?${query || 'take=200'}`, headers: { authorization: `Bearer ${tokens[user]}`, 'x-mate-tenant': encodeScopeValue(tenant) } });
    const inB = (await read('boss', B)).json().items as BridgeJob[];
    expect(inB.find((job) => job.oid === started.oid)).toMatchObject({ startedBy: 'bob' });
    const inA = (await read('pia', A)).json().items as BridgeJob[];
    expect(inA.find((job) => job.name === 'recompute-daily-turnover' && job.isManualStarted)).toMatchObject({ startedBy: 'ada' });
    expect(inA.map((job) => job.startedBy)).not.toContain('bob');
    expect((await read('pia', B)).statusCode).toBe(403);
    expect((await read('bob', A)).statusCode).toBe(403);
    const stateInA = (await piaClient.invoke('SubscribeBridgeStateNotification')) as BridgeState;
    expect(stateInA.jobs.map((job) => job.startedBy)).toContain('ada');
    expect(stateInA.jobs.map((job) => job.startedBy)).not.toContain('bob');
    expect(piaFeed.seen.map((job) => job.startedBy)).not.toContain('bob');

    // The state filter covers the whole history, not one page of it.
    const failed = (await read('boss', A, 'state=4&take=1')).json();
    expect(failed.items).toEqual([expect.objectContaining({ state: JOB_STATE.failed, startedBy: 'ada' })]);
    const cancelled = (await read('boss', A, 'state=5')).json().items as BridgeJob[];
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((job) => job.state === JOB_STATE.cancelled)).toBe(true);
    for (const bad of ['2', 'x', '3&state=4']) {
      const refused = await read('boss', A, `state=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message, bad).toContain('state');
    }
  });

  it('stops pushing the bridge to a connection that unsubscribed, and only for the tenant it names', async () => {
    const stays = await connect(one, 'boss');
    const leaves = await connect(one, 'boss');
    const staying = jobFeed(stays);
    const heard: string[] = [];
    leaves.on('UpdateBridgeJobs', () => heard.push('jobs'));
    leaves.on('UpdateBridgeState', () => heard.push('state'));
    for (const client of [stays, leaves]) {
      await client.invoke('SubscribeBridgeStateNotification', A);
      await client.invoke('SubscribeBridgeJobNotification', A);
    }
    const before = one.app.jobs.subscriptions.counts();
    // Naming another tenant ends nothing; no tenant or the same tenant ends it, as often as asked.
    expect(await leaves.invoke('UnsubscribeBridgeJobNotification', B)).toBeNull();
    expect(one.app.jobs.subscriptions.counts()).toEqual(before);
    await leaves.invoke('UnsubscribeBridgeJobNotification', A);
    await leaves.invoke('UnsubscribeBridgeJobNotification');
    await leaves.invoke('UnsubscribeBridgeStateNotification');
    await leaves.invoke('UnsubscribeBridgeStateNotification', A);
    expect(one.app.jobs.subscriptions.counts()).toEqual({ state: before.state - 1, jobs: before.jobs - 1 });
    await expect(leaves.invoke('UnsubscribeBridgeJobNotification', 'A')).rejects.toThrow('tenantOid');
    await expect(leaves.invoke('UnsubscribeBridgeStateNotification', A, B)).rejects.toThrow('UnsubscribeBridgeStateNotification');
    heard.length = 0;

    const starter = await connect(two, 'ada');
    const oid = ((await starter.invoke('StartBridgeJob', 'gate', {}, A)) as BridgeJob).oid;
    await staying.next(oid, (job) => job.state === JOB_STATE.running);
    gate.release();
    await staying.next(oid, (job) => job.state === JOB_STATE.success);
    await one.app.jobs.subscriptions.settled();
    expect(heard).toEqual([]);
    gate.shut();
  });

  it('fires a tenant schedule at its time and pushes the run as not started by hand', async () => {
    const client = await connect(one, 'ada');
    const feed = jobFeed(client);
    await client.invoke('SubscribeBridgeJobNotification', A);
    const at = clock.now() + 60_000;
    await saveSchedule(database.db, { name: 'recompute-daily-turnover', tenantOid: A, cron: '* * * * *', parameters: { days: 2 }, firstRunAt: at });
    await one.app.jobs.runner.tick();
    expect(feed.seen.filter((job) => job.name === 'recompute-daily-turnover' && !job.isManualStarted)).toEqual([]);
    clock.advance(60_000);
    await Promise.all([one.app.jobs.runner.tick(), two.app.jobs.runner.tick()]);
    const runs = await database.db.query<{ oid: number }>('select oid from mate_job where schedule_oid is not null');
    expect(runs.rowCount).toBe(1);
    const run = await feed.next(Number(runs.rows[0]!.oid), (job) => job.state === JOB_STATE.success);
    expect(run).toMatchObject({ isManualStarted: false, startedBy: 'schedule', tenantOid: A, count: 2, countMax: 2, countUnit: 'days' });
    await database.db.query('update mate_job_schedule set enabled = false');
  });

  // Last: one instance stays stopped.
  it("takes a stopped instance's job over once its lease has run out", async () => {
    // A client on each instance: the one on the stopped instance goes down with it, as it would in production.
    const onOne = await connect(one, 'boss');
    const onTwo = await connect(two, 'boss');
    const feeds = new Map([[one, jobFeed(onOne)], [two, jobFeed(onTwo)]]);
    await onOne.invoke('SubscribeBridgeJobNotification', B);
    await onTwo.invoke('SubscribeBridgeJobNotification', B);
    const job = (await onOne.invoke('StartBridgeJob', 'gate', {}, B)) as BridgeJob;
    await expect.poll(async () => (await readJob(database.db, job.oid))?.count).toBe(1);
    const owner = (await readJob(database.db, job.oid))!.owner;
    const [crashed, survivor] = owner === one.app.jobs.runner.instanceId ? [one, two] : [two, one];
    await crashed.app.jobs.runner.halt();
    clock.advance(31_000);
    const done = feeds.get(survivor)!.next(job.oid, (update) => update.state === JOB_STATE.success);
    await survivor.app.jobs.runner.tick();
    await expect.poll(async () => (await readJob(database.db, job.oid))?.owner).toBe(survivor.app.jobs.runner.instanceId);
    gate.release();
    expect(await done).toMatchObject({ count: 3 });
    expect((await readJob(database.db, job.oid))!.attempts).toBe(2);
    gate.shut();
  });
});
