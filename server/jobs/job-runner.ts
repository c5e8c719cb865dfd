import type { FastifyBaseLogger } from 'fastify';
import type { BridgeRunnerState } from '../../schemas/bridge-wire';
import type { Catalogue } from '../data/catalogue';
import type { Database, Queryable } from '../db/database';
import { auditedDatabase, type Actor } from '../audit/audit-actor';
import { parseCron } from './cron';
import { JOB_STATE, JobParameterError, type JobRegistry, type JobState } from './job-definition';
import {
  claimNextJob,
  enqueueJob,
  failAbandonedJobs,
  finishJob,
  releaseJob,
  renewLease,
  saveProgress,
  takeDueSchedules,
  type JobRow,
  type JobTenant,
} from './job-store';

/** Who a run's writes are recorded for: the user who started it, or the system when a schedule did. */
async function jobActor(db: Queryable, row: JobRow): Promise<Actor> {
  const source = `job:${row.name}`;
  if (!row.isManualStarted) return { type: 'job', id: null, name: 'system', source };
  const starter = await db.query<{ started_by: string | number | null }>('select started_by from mate_job where oid = $1', [row.oid]);
  const id = starter.rows[0]?.started_by;
  return { type: 'job', id: id === null || id === undefined ? null : Number(id), name: row.startedBy ?? 'system', source };
}

/** The NOTIFY channel of job changes and cancel requests, heard by every instance. */
export const JOB_EVENT_CHANNEL = 'mate_job_events';

/** What crosses instances: which job changed, and whether it is asked to stop. Ids only, never the record. */
export interface JobEvent {
  oid: number;
  tenantOid: number | null;
  cancel?: boolean;
  /** A job was queued or one ended: instances with room look for work (progress alone wakes nobody). */
  wake?: boolean;
}

/** The runner's clocks; tests shorten them or drive `tick` and `heartbeat` by hand with an injected clock. */
export interface JobTimings {
  /** How long a claimed job is an instance's without a heartbeat; after it another instance takes the job over. */
  leaseMs: number;
  /** How often an instance renews the leases of its running jobs (well below leaseMs). */
  heartbeatMs: number;
  /** How often an instance looks for due jobs and schedules besides being woken by a notification. */
  pollMs: number;
}

export const DEFAULT_JOB_TIMINGS: JobTimings = { leaseMs: 30_000, heartbeatMs: 10_000, pollMs: 5_000 };

/**
 * The timings for a lease (MATE_JOB_LEASE_SECONDS): a heartbeat every third of it, so that two heartbeats may be
 * late before the lease runs out, and a look for due jobs every 5 s or every half lease when that is shorter, so that
 * a job of a dead instance is taken over within about one and a half leases. The default lease gives the defaults.
 */
export function jobTimingsForLease(leaseMs: number): JobTimings {
  return { leaseMs, heartbeatMs: Math.round(leaseMs / 3), pollMs: Math.min(DEFAULT_JOB_TIMINGS.pollMs, Math.round(leaseMs / 2)) };
}

/** An instance that stopped while running a job this often makes the job fail instead of being tried again. */
export const MAX_JOB_ATTEMPTS = 3;
/** Jobs this instance runs side by side. */
export const JOB_CONCURRENCY = 2;
const ERROR_LENGTH = 2_000;

/** Why a running handler was aborted. */
export class JobAbort extends Error {
  constructor(readonly kind: 'cancel' | 'shutdown' | 'lost') {
    super(kind === 'cancel' ? 'The job was cancelled.' : kind === 'shutdown' ? 'The instance is shutting down.' : 'Another instance took the job over.');
    this.name = 'JobAbort';
  }
}

export interface JobRunnerOptions {
  db: Database;
  registry: JobRegistry;
  /** This instance, written as the owner of the jobs it claims. */
  instanceId: string;
  now?: () => number;
  timings?: Partial<JobTimings>;
  /**
   * The tenant's Id and country for a job's row, read through `db` (inside a schedule's transaction that is the
   * transaction: PGlite has one connection, and a query beside an open transaction would wait for it forever).
   */
  describeTenant(db: Queryable, oid: number): Promise<JobTenant>;
  log?: FastifyBaseLogger;
  /** The entity kinds, handed to the jobs that work on metadata-driven tables. */
  catalogue?: Catalogue;
  /** The folder the import jobs read from. */
  importDir?: string;
}

interface LocalJob {
  row: JobRow;
  controller: AbortController;
  done: Promise<void>;
}

/** What the bridge shows of this instance's runner (spec 2 §3). */
export type RunnerState = BridgeRunnerState;

/**
 * Runs jobs on this instance. Jobs wait in `mate_job`; every instance claims due ones with `FOR UPDATE SKIP LOCKED`
 * under a lease it renews by heartbeat, so a job runs on exactly one instance and a stopped instance's job is taken
 * over once its lease runs out. Changes and cancel requests cross instances as notifications (JOB_EVENT_CHANNEL).
 */
export class JobRunner {
  readonly instanceId: string;
  private readonly db: Database;
  private readonly now: () => number;
  private readonly timings: JobTimings;
  private readonly local = new Map<number, LocalJob>();
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | undefined;
  private ticking: Promise<void> | undefined;
  private tickAgain = false;
  private halted = false;
  private stopping = false;
  /** Listens only: hears the jobs of other instances, claims none. */
  private passive = false;
  private runnerState: RunnerState = 'CONNECTING';

  constructor(private readonly options: JobRunnerOptions) {
    this.db = options.db;
    this.instanceId = options.instanceId;
    this.now = options.now ?? Date.now;
    this.timings = { ...DEFAULT_JOB_TIMINGS, ...options.timings };
  }

  get state(): RunnerState {
    return this.runnerState;
  }

  get registry(): JobRegistry {
    return this.options.registry;
  }

  /** The oids of the jobs running on this instance. */
  runningHere(): number[] {
    return [...this.local.keys()];
  }

  /** Hears every job event of every instance (this one's included), once. */
  onEvent(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens for job events; with `timers` (the default) also polls and heartbeats by itself. */
  async start(options: { timers?: boolean } = {}): Promise<void> {
    await this.listen();
    if (options.timers !== false) {
      const poll = setInterval(() => void this.tick(), this.timings.pollMs);
      const beat = setInterval(() => void this.heartbeat(), this.timings.heartbeatMs);
      poll.unref();
      beat.unref();
      this.timers = [poll, beat];
    }
    await this.tick();
  }

  /** Hears the job events of every instance but claims no job (an instance that runs none); its state stays OFF. */
  async listenOnly(): Promise<void> {
    this.passive = true;
    this.runnerState = 'OFF';
    await this.listen();
  }

  private async listen(): Promise<void> {
    try {
      this.unlisten = await this.db.listen(JOB_EVENT_CHANNEL, (payload) => this.heard(payload));
    } catch (error) {
      // The database is away at start: the poll still finds due jobs once it is back, only later than a notification would.
      this.options.log?.warn({ err: error }, 'jobs: listening for job events failed');
    }
  }

  /** Tells every instance about a job (after the change is committed). */
  async publish(event: JobEvent): Promise<void> {
    await this.db.notify(JOB_EVENT_CHANNEL, JSON.stringify(event)).catch((error: unknown) => this.options.log?.warn({ err: error }, 'jobs: a job event was not sent'));
  }

  /** Queues a run now (manual starts and schedules go through here); undefined when one is queued or running. */
  async enqueue(job: { name: string; tenantOid: number | null; parameters: unknown; manual: boolean; startedBy?: number; startedByName?: string }): Promise<JobRow | undefined> {
    const definition = this.options.registry.find(job.name);
    if (!definition) throw new JobParameterError(`No job is called '${job.name.slice(0, 100)}'.`);
    const parameters = definition.parseParameters(job.parameters);
    const tenant = job.tenantOid === null ? null : await this.options.describeTenant(this.db, job.tenantOid);
    const row = await enqueueJob(this.db, { definition, tenant, parameters, manual: job.manual, startedBy: job.startedBy, startedByName: job.startedByName, now: this.now() });
    if (row) await this.publish({ oid: row.oid, tenantOid: row.tenantOid, wake: true });
    return row;
  }

  /**
   * Fires due schedules, fails jobs abandoned too often, then claims due jobs while this instance has room.
   * Calls that overlap run once more after the current one instead of side by side.
   */
  tick(): Promise<void> {
    if (this.halted || this.stopping || this.passive) return Promise.resolve();
    if (this.ticking) {
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      do {
        this.tickAgain = false;
        await this.tickOnce().then(
          () => (this.runnerState = 'ON'),
          (error: unknown) => {
            // The database is away: the bridge shows OFF until a tick gets through again.
            this.runnerState = 'OFF';
            this.options.log?.warn({ err: error }, 'jobs: looking for due jobs failed');
          },
        );
      } while (this.tickAgain && !this.halted && !this.stopping);
    })().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async tickOnce(): Promise<void> {
    const now = this.now();
    await this.fireSchedules(now);
    for (const row of await failAbandonedJobs(this.db, now, MAX_JOB_ATTEMPTS)) await this.publish({ oid: row.oid, tenantOid: row.tenantOid, wake: true });
    while (!this.halted && !this.stopping && this.local.size < JOB_CONCURRENCY) {
      const row = await claimNextJob(this.db, this.instanceId, this.now(), this.timings.leaseMs);
      if (!row) break;
      this.execute(row);
    }
  }

  private async fireSchedules(now: number): Promise<void> {
    const fired: JobRow[] = [];
    await takeDueSchedules(this.db, now, async (tx, schedule) => {
      const next = parseCron(schedule.cron).next(now);
      const definition = this.options.registry.find(schedule.name);
      if (!definition) {
        this.options.log?.warn({ schedule: schedule.oid, job: schedule.name }, 'jobs: a schedule names an unknown job');
        return next;
      }
      try {
        const parameters = definition.parseParameters(schedule.parameters);
        const tenant = schedule.tenantOid === null ? null : await this.options.describeTenant(tx, schedule.tenantOid);
        // A run still queued or running from the last time is not doubled: the insert does nothing then.
        const row = await enqueueJob(tx, { definition, tenant, parameters, manual: false, scheduleOid: schedule.oid, now });
        if (row) fired.push(row);
      } catch (error) {
        if (!(error instanceof JobParameterError)) throw error;
        this.options.log?.warn({ schedule: schedule.oid, reason: error.message }, 'jobs: a schedule has bad parameters');
      }
      return next;
    });
    for (const row of fired) await this.publish({ oid: row.oid, tenantOid: row.tenantOid, wake: true });
  }

  /** Renews the leases of this instance's jobs; a job taken over elsewhere or asked to stop is aborted here. */
  async heartbeat(): Promise<void> {
    if (this.halted) return;
    for (const [oid, job] of [...this.local]) {
      try {
        const lease = await renewLease(this.db, oid, this.instanceId, this.now(), this.timings.leaseMs);
        if (!lease.kept) job.controller.abort(new JobAbort('lost'));
        else if (lease.cancelRequested) job.controller.abort(new JobAbort('cancel'));
      } catch (error) {
        this.options.log?.warn({ err: error, job: oid }, 'jobs: renewing a lease failed');
      }
    }
  }

  private execute(row: JobRow): void {
    const controller = new AbortController();
    const done = this.runHandler(row, controller).finally(() => {
      this.local.delete(row.oid);
      // Room for the next job.
      if (!this.halted) void this.tick();
    });
    this.local.set(row.oid, { row, controller, done });
  }

  private async runHandler(row: JobRow, controller: AbortController): Promise<void> {
    const { signal } = controller;
    const definition = this.options.registry.find(row.name);
    let state: JobState = JOB_STATE.success;
    let error: string | null = null;
    if (!definition) {
      state = JOB_STATE.failed;
      error = `No job is called '${row.name}' on this server version.`;
    } else if (row.cancelRequested) {
      state = JOB_STATE.cancelled;
    } else {
      await this.publish({ oid: row.oid, tenantOid: row.tenantOid });
      try {
        const parameters = definition.parseParameters(row.parameters);
        await definition.run({
          // Its writes are recorded in the audit trail as the starter's through this job, or the system's for a schedule.
          db: auditedDatabase(this.db, await jobActor(this.db, row)),
          jobOid: row.oid,
          catalogue: this.options.catalogue,
          importDir: this.options.importDir,
          tenantOid: row.tenantOid,
          parameters,
          signal,
          now: this.now,
          progress: async (count, countMax) => {
            signal.throwIfAborted();
            if (await saveProgress(this.db, row.oid, this.instanceId, count, countMax)) await this.publish({ oid: row.oid, tenantOid: row.tenantOid });
            else controller.abort(new JobAbort('lost'));
            signal.throwIfAborted();
          },
        });
      } catch (thrown) {
        if (!signal.aborted) {
          state = JOB_STATE.failed;
          error = (thrown instanceof Error ? thrown.message : String(thrown)).slice(0, ERROR_LENGTH) || 'The job failed.';
          if (!(thrown instanceof JobParameterError)) this.options.log?.warn({ err: thrown, job: row.oid, name: row.name }, 'jobs: a job failed');
        }
      }
      // However the handler ended, an abort decides: a cancel is recorded as such, even when the work got done.
      if (signal.aborted) {
        const reason = signal.reason instanceof JobAbort ? signal.reason.kind : 'cancel';
        if (this.halted || reason === 'lost') return;
        if (reason === 'shutdown') {
          const released = await releaseJob(this.db, row.oid, this.instanceId).catch(() => undefined);
          if (released) await this.publish({ oid: row.oid, tenantOid: row.tenantOid, wake: true });
          return;
        }
        state = JOB_STATE.cancelled;
        error = null;
      }
    }
    if (this.halted) return;
    try {
      const finished = await finishJob(this.db, row.oid, this.instanceId, state, error, this.now());
      if (finished) await this.publish({ oid: row.oid, tenantOid: row.tenantOid, wake: true });
    } catch (failure) {
      // The lease runs out and another instance runs the job again: better twice than never recorded.
      this.options.log?.warn({ err: failure, job: row.oid }, 'jobs: recording the end of a job failed');
    }
  }

  private heard(payload: string): void {
    let event: JobEvent;
    try {
      event = JSON.parse(payload) as JobEvent;
    } catch {
      return;
    }
    if (typeof event?.oid !== 'number') return;
    if (event.cancel) this.local.get(event.oid)?.controller.abort(new JobAbort('cancel'));
    for (const listener of [...this.listeners]) listener(event);
    // A new job may be due: someone queued one, or one finished and made room.
    if (event.wake && !this.halted && this.runnerState !== 'CONNECTING') void this.tick();
  }

  /**
   * Stops gracefully: no more claims, running handlers aborted and their jobs handed back to the queue, so another
   * instance (or this one restarted) starts them again without waiting for the lease.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.ticking;
    const running = [...this.local.values()];
    for (const job of running) job.controller.abort(new JobAbort('shutdown'));
    await Promise.all(running.map((job) => job.done));
    this.halted = true;
    this.runnerState = 'OFF';
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
  }

  /**
   * Stops as a crashed process does, for tests of the take-over: no more writes, leases left to run out, handlers
   * aborted only so that they end.
   */
  async halt(): Promise<void> {
    this.halted = true;
    this.runnerState = 'OFF';
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const job of this.local.values()) job.controller.abort(new JobAbort('lost'));
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
  }
}
