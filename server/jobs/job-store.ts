import type { Database, Queryable } from '../db/database';
import type { BridgeJob } from '../../schemas/bridge-wire';
import { JOB_STATE, type JobDefinition, type JobState } from './job-definition';

export type { BridgeJob } from '../../schemas/bridge-wire';

/** A job row with what the runner needs beyond the wire shape. */
export interface JobRow extends BridgeJob {
  parameters: unknown;
  attempts: number;
  owner: string | null;
  cancelRequested: boolean;
}

/** The tenant a job runs for, as stored with it. */
export interface JobTenant {
  oid: number;
  id: string | null;
  countryCode: string | null;
}

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const at = (ms: number) => new Date(ms).toISOString();

/** The columns of a job row, under the names `toJobRow` reads. */
const COLUMNS = `oid, name, state, tenant_oid, tenant_id, country_code, parameters, category, description, count_unit, count,
  count_max, error, is_manual_started, started_by_name, created_at, started_at, finished_at, owner, attempts, cancel_requested`;

function toJobRow(row: Record<string, unknown>): JobRow {
  return {
    oid: Number(row.oid),
    name: String(row.name),
    state: Number(row.state) as JobState,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    countMax: row.count_max === null ? null : Number(row.count_max),
    count: Number(row.count),
    error: (row.error as string | null) ?? null,
    category: String(row.category),
    tenant: (row.tenant_id as string | null) ?? null,
    tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid),
    countryCode: (row.country_code as string | null) ?? null,
    description: String(row.description),
    countUnit: (row.count_unit as string | null) ?? null,
    isManualStarted: Boolean(row.is_manual_started),
    startedBy: row.is_manual_started ? ((row.started_by_name as string | null) ?? null) : 'schedule',
    createdAt: iso(row.created_at)!,
    parameters: row.parameters,
    attempts: Number(row.attempts),
    owner: (row.owner as string | null) ?? null,
    cancelRequested: Boolean(row.cancel_requested),
  };
}

/** The wire shape of a row (parameters, owner and lease stay on the server). */
export function toBridgeJob(row: JobRow): BridgeJob {
  const { parameters: _p, attempts: _a, owner: _o, cancelRequested: _c, ...job } = row;
  return job;
}

export interface NewJob {
  definition: JobDefinition;
  tenant: JobTenant | null;
  parameters: unknown;
  manual: boolean;
  startedBy?: number;
  /** The starter's login, kept with the run (migration 202). */
  startedByName?: string;
  scheduleOid?: number;
  now: number;
}

/** Queues a run; undefined when a run of that job for that tenant is already queued or running. */
export async function enqueueJob(db: Queryable, job: NewJob): Promise<JobRow | undefined> {
  const { definition, tenant } = job;
  const result = await db.query(
    `insert into mate_job (name, state, tenant_oid, tenant_id, country_code, parameters, category, description, count_unit,
       is_manual_started, started_by, schedule_oid, run_at, created_at, started_by_name)
     values ($1, ${JOB_STATE.queued}, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12::timestamptz, $12::timestamptz, $13)
     on conflict do nothing
     returning ${COLUMNS}`,
    [definition.name, tenant?.oid ?? null, tenant?.id ?? null, tenant?.countryCode ?? null, JSON.stringify(job.parameters ?? {}), definition.category,
      definition.description, definition.countUnit, job.manual, job.startedBy ?? null, job.scheduleOid ?? null, at(job.now), job.startedByName ?? null],
  );
  return result.rows[0] ? toJobRow(result.rows[0]) : undefined;
}

/**
 * Claims the next job due: a queued one, or a running one whose lease ran out (its instance died). `FOR UPDATE
 * SKIP LOCKED` lets instances claim side by side without waiting for or taking each other's row.
 */
export async function claimNextJob(db: Queryable, owner: string, now: number, leaseMs: number): Promise<JobRow | undefined> {
  const result = await db.query(
    `update mate_job set state = ${JOB_STATE.running}, owner = $1, lease_until = $3::timestamptz, attempts = attempts + 1,
       started_at = coalesce(started_at, $2::timestamptz)
     where oid = (
       select oid from mate_job
       where (state = ${JOB_STATE.queued} and run_at <= $2::timestamptz) or (state = ${JOB_STATE.running} and lease_until < $2::timestamptz)
       order by run_at, oid limit 1
       for update skip locked)
     returning ${COLUMNS}`,
    [owner, at(now), at(now + leaseMs)],
  );
  return result.rows[0] ? toJobRow(result.rows[0]) : undefined;
}

/** Running jobs whose lease ran out `maxAttempts` times: their work keeps killing instances, so they fail. */
export async function failAbandonedJobs(db: Queryable, now: number, maxAttempts: number): Promise<JobRow[]> {
  const result = await db.query(
    `update mate_job set state = ${JOB_STATE.failed}, finished_at = $1::timestamptz, owner = null, lease_until = null,
       error = 'The job was abandoned ' || attempts || ' times by instances that stopped while running it.'
     where state = ${JOB_STATE.running} and lease_until < $1::timestamptz and attempts >= $2
     returning ${COLUMNS}`,
    [at(now), maxAttempts],
  );
  return result.rows.map(toJobRow);
}

/** Extends the lease of a job this instance runs; `kept` false when another instance has taken it over. */
export async function renewLease(db: Queryable, oid: number, owner: string, now: number, leaseMs: number): Promise<{ kept: boolean; cancelRequested: boolean }> {
  const result = await db.query<{ cancel_requested: boolean }>(
    `update mate_job set lease_until = $3::timestamptz where oid = $1 and owner = $2 and state = ${JOB_STATE.running} returning cancel_requested`,
    [oid, owner, at(now + leaseMs)],
  );
  const row = result.rows[0];
  return { kept: row !== undefined, cancelRequested: Boolean(row?.cancel_requested) };
}

/** Stores progress of a job this instance runs; false when it is no longer ours. */
export async function saveProgress(db: Queryable, oid: number, owner: string, count: number, countMax: number | undefined): Promise<boolean> {
  const result = await db.query(
    `update mate_job set count = $3, count_max = coalesce($4, count_max) where oid = $1 and owner = $2 and state = ${JOB_STATE.running}`,
    [oid, owner, count, countMax ?? null],
  );
  return result.rowCount > 0;
}

/** Ends a job this instance runs; undefined when it is no longer ours (taken over). */
export async function finishJob(db: Queryable, oid: number, owner: string, state: JobState, error: string | null, now: number): Promise<JobRow | undefined> {
  const result = await db.query(
    `update mate_job set state = $3, error = $4, finished_at = $5::timestamptz, owner = null, lease_until = null
     where oid = $1 and owner = $2 and state = ${JOB_STATE.running}
     returning ${COLUMNS}`,
    [oid, owner, state, error, at(now)],
  );
  return result.rows[0] ? toJobRow(result.rows[0]) : undefined;
}

/** Hands a job back to the queue (shutdown): another instance starts it again at once. */
export async function releaseJob(db: Queryable, oid: number, owner: string): Promise<JobRow | undefined> {
  const result = await db.query(
    `update mate_job set state = ${JOB_STATE.queued}, owner = null, lease_until = null
     where oid = $1 and owner = $2 and state = ${JOB_STATE.running}
     returning ${COLUMNS}`,
    [oid, owner],
  );
  return result.rows[0] ? toJobRow(result.rows[0]) : undefined;
}

/**
 * Asks a job to stop. A queued one is cancelled at once; a running one gets the flag, and its instance aborts the
 * handler (told by a notification, or at the latest by its next heartbeat). A finished one stays as it is.
 */
export async function requestCancel(db: Queryable, oid: number, now: number): Promise<JobRow | undefined> {
  const result = await db.query(
    `update mate_job set cancel_requested = true,
       state = case when state = ${JOB_STATE.queued} then ${JOB_STATE.cancelled} else state end,
       finished_at = case when state = ${JOB_STATE.queued} then $2::timestamptz else finished_at end
     where oid = $1 and state in (${JOB_STATE.queued}, ${JOB_STATE.running})
     returning ${COLUMNS}`,
    [oid, at(now)],
  );
  return result.rows[0] ? toJobRow(result.rows[0]) : undefined;
}

export async function readJob(db: Queryable, oid: number): Promise<JobRow | undefined> {
  const result = await db.query(`select ${COLUMNS} from mate_job where oid = $1`, [oid]);
  return result.rows[0] ? toJobRow(result.rows[0]) : undefined;
}

/** Whose jobs a reader sees: those of one tenant, and the installation-wide ones when `global`. */
export interface JobAudience {
  tenantOid: number | null;
  global: boolean;
}

/**
 * The jobs of an audience, newest first: everything queued or running, and the finished ones after `since`; only
 * those in `state` when given (the history's filter, applied here so that it covers every page).
 */
export async function listJobs(db: Queryable, audience: JobAudience, since: number, limit: number, skip = 0, state?: JobState): Promise<JobRow[]> {
  const result = await db.query(
    `select ${COLUMNS} from mate_job
     where (tenant_oid = $1::bigint or ($2::boolean and tenant_oid is null))
       and (state in (${JOB_STATE.queued}, ${JOB_STATE.running}) or created_at >= $3::timestamptz)
       and ($6::smallint is null or state = $6::smallint)
     order by oid desc limit $4 offset $5`,
    [audience.tenantOid, audience.global, at(since), limit, skip, state ?? null],
  );
  return result.rows.map(toJobRow);
}

/** Jobs run for an audience since `since` and how many of them failed. */
export async function countJobs(db: Queryable, audience: JobAudience, since: number): Promise<{ jobCount: number; jobFailedCount: number }> {
  const result = await db.query<{ total: number; failed: number }>(
    `select count(*)::int as total, count(*) filter (where state = ${JOB_STATE.failed})::int as failed from mate_job
     where (tenant_oid = $1::bigint or ($2::boolean and tenant_oid is null))
       and (state in (${JOB_STATE.queued}, ${JOB_STATE.running}) or created_at >= $3::timestamptz)`,
    [audience.tenantOid, audience.global, at(since)],
  );
  return { jobCount: result.rows[0]?.total ?? 0, jobFailedCount: result.rows[0]?.failed ?? 0 };
}

/** A schedule as stored. */
export interface JobSchedule {
  oid: number;
  name: string;
  tenantOid: number | null;
  cron: string;
  parameters: unknown;
}

/**
 * Takes the schedules due at `now` (locked, skipping those another instance is taking), lets `fire` enqueue each
 * and moves it to its next time, in one transaction: a schedule fires once however many instances tick.
 */
export async function takeDueSchedules(db: Database, now: number, fire: (tx: Queryable, schedule: JobSchedule) => Promise<number>): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ oid: number; name: string; tenant_oid: number | null; cron: string; parameters: unknown }>(
      `select oid, name, tenant_oid, cron, parameters from mate_job_schedule
       where enabled and next_run_at <= $1::timestamptz order by next_run_at, oid for update skip locked`,
      [at(now)],
    );
    for (const row of due.rows) {
      const schedule = { oid: Number(row.oid), name: row.name, tenantOid: row.tenant_oid === null ? null : Number(row.tenant_oid), cron: row.cron, parameters: row.parameters };
      const next = await fire(tx, schedule);
      await tx.query('update mate_job_schedule set next_run_at = $2::timestamptz where oid = $1', [schedule.oid, at(next)]);
    }
    return due.rowCount;
  });
}

/** Adds or replaces a schedule (same job, tenant and cron); it first fires at `firstRunAt`. */
export async function saveSchedule(db: Queryable, schedule: Omit<JobSchedule, 'oid'> & { firstRunAt: number }): Promise<number> {
  await db.query('delete from mate_job_schedule where name = $1 and coalesce(tenant_oid, 0) = coalesce($2::bigint, 0) and cron = $3', [schedule.name, schedule.tenantOid, schedule.cron]);
  const result = await db.query<{ oid: number }>(
    'insert into mate_job_schedule (name, tenant_oid, cron, parameters, next_run_at) values ($1, $2, $3, $4::jsonb, $5::timestamptz) returning oid',
    [schedule.name, schedule.tenantOid, schedule.cron, JSON.stringify(schedule.parameters ?? {}), at(schedule.firstRunAt)],
  );
  return Number(result.rows[0]!.oid);
}
