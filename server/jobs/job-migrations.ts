import type { Migration } from '../db/migrations';
import { exec } from '../db/migrations';

/**
 * The job runner's tables (versions 200..299, docs/jobs.md). `mate_job` is one run of a job: queued, running under
 * a lease, or finished; the partial unique index lets a job name be queued or running once per tenant, which also
 * keeps two instances from enqueueing one schedule twice. `mate_turnover_day` is what the turnover job computes
 * from the receipts terminals hand in (`mate_terminal_document`, server/terminals).
 */
export const JOB_MIGRATIONS: Migration[] = [
  {
    version: 200,
    name: 'jobs',
    up: (tx) =>
      exec(
        tx,
        `create table mate_job (
           oid bigint generated always as identity primary key,
           name text not null,
           state smallint not null check (state in (1, 2, 3, 4, 5)),
           tenant_oid bigint,
           tenant_id text,
           country_code text,
           parameters jsonb not null default '{}'::jsonb,
           category text not null,
           description text not null,
           count_unit text,
           count integer not null default 0,
           count_max integer,
           error text,
           is_manual_started boolean not null,
           started_by bigint,
           schedule_oid bigint,
           run_at timestamptz not null,
           created_at timestamptz not null,
           started_at timestamptz,
           finished_at timestamptz,
           owner text,
           lease_until timestamptz,
           attempts integer not null default 0,
           cancel_requested boolean not null default false
         );
         create unique index mate_job_active on mate_job (name, (coalesce(tenant_oid, 0))) where state in (1, 2);
         create index mate_job_queued on mate_job (run_at, oid) where state = 1;
         create index mate_job_leased on mate_job (lease_until) where state = 2;
         create index mate_job_history on mate_job (tenant_oid, oid desc);
         create table mate_job_schedule (
           oid bigint generated always as identity primary key,
           name text not null,
           tenant_oid bigint,
           cron text not null,
           parameters jsonb not null default '{}'::jsonb,
           enabled boolean not null default true,
           next_run_at timestamptz not null,
           created_at timestamptz not null default now()
         );
         create unique index mate_job_schedule_unique on mate_job_schedule (name, (coalesce(tenant_oid, 0)), cron);
         create index mate_job_schedule_due on mate_job_schedule (next_run_at) where enabled;
         create table mate_turnover_day (
           tenant_oid bigint not null,
           day date not null,
           receipt_count integer not null,
           total numeric(18, 4) not null,
           computed_at timestamptz not null,
           primary key (tenant_oid, day)
         )`,
      ),
  },
  {
    version: 201,
    name: 'exchange-rates',
    // The metadata has no exchange rate kind: the rates the import job writes live here, one per tenant and foreign
    // currency (spec 2 "Exchange rate info": foreignCurrency, exchangeRate, modifiedAt), until one is defined.
    up: (tx) =>
      exec(
        tx,
        `create table mate_exchange_rate (
           tenant_oid bigint not null,
           foreign_currency text not null,
           exchange_rate numeric(18, 8) not null check (exchange_rate > 0),
           modified_at timestamptz not null,
           job_oid bigint,
           primary key (tenant_oid, foreign_currency)
         )`,
      ),
  },
  {
    version: 202,
    name: 'job-started-by-name',
    // Who started a run by hand, as they were called then: the history names them without reading the user kind,
    // so a reader of the run's tenant sees that name and nothing else of the user.
    up: (tx) => exec(tx, 'alter table mate_job add column started_by_name text'),
  },
];
