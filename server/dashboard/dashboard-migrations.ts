import type { Migration } from '../db/migrations';
import { exec } from '../db/migrations';
import type { Queryable } from '../db/database';

/** Runs statements one by one: a function body has ';' at line ends, which `exec` would split at. */
async function run(tx: Queryable, statements: string[]): Promise<void> {
  for (const statement of statements) await tx.query(statement);
}

/** The NOTIFY channel on which the tables behind the dashboard's cards say that they changed (`dashboard-events.ts`). */
export const DASHBOARD_EVENT_CHANNEL = 'mate_dashboard_events';

/** A statement-level trigger function that NOTIFYs `{ topic, tenantOids }` with the tenants of the changed rows. */
const notifyFunction = (name: string, topic: string) => `create function ${name}() returns trigger language plpgsql as $$
  declare tenants json;
  begin
    select json_agg(distinct tenant_oid) into tenants from changed_rows;
    if tenants is not null then
      perform pg_notify('${DASHBOARD_EVENT_CHANNEL}', json_build_object('topic', '${topic}', 'tenantOids', tenants)::text);
    end if;
    return null;
  end $$`;

const notifyTrigger = (name: string, event: 'insert' | 'update', table: string, fn: string) =>
  `create trigger ${name} after ${event} on ${table} referencing new table as changed_rows for each statement execute function ${fn}()`;

/**
 * The dashboard's tables (versions 740..759). `mate_dashboard_layout` keeps one layout per user as `json`, not
 * `jsonb`: the cards are keyed by tile id and their order is the order of the keys, which jsonb would sort.
 * `mate_exchange_rate_history` keeps every rate a tenant ever had: a trigger copies each write of
 * `mate_exchange_rate` (which holds the current rate per currency), whoever wrote it. The notify triggers tell
 * every instance that the data behind a card changed, whoever wrote it (terminal intake, a job, the demo data):
 * statement-level, so a batch of a thousand documents is one message per statement, with the tenants it touched.
 */
export const DASHBOARD_MIGRATIONS: Migration[] = [
  {
    version: 740,
    name: 'dashboard-layout',
    up: (tx) =>
      exec(
        tx,
        `create table mate_dashboard_layout (
           user_oid bigint primary key,
           layout json not null,
           stored_at timestamptz not null
         )`,
      ),
  },
  {
    version: 741,
    name: 'exchange-rate-history',
    up: (tx) =>
      run(tx, [
        `create table mate_exchange_rate_history (
           oid bigint generated always as identity primary key,
           tenant_oid bigint not null,
           foreign_currency text not null,
           exchange_rate numeric(18, 8) not null,
           modified_at timestamptz not null,
           job_oid bigint
         )`,
        'create index mate_exchange_rate_history_tenant on mate_exchange_rate_history (tenant_oid, foreign_currency, modified_at desc)',
        `insert into mate_exchange_rate_history (tenant_oid, foreign_currency, exchange_rate, modified_at, job_oid)
           select tenant_oid, foreign_currency, exchange_rate, modified_at, job_oid from mate_exchange_rate`,
        `create function mate_exchange_rate_keep_history() returns trigger language plpgsql as $$
         begin
           insert into mate_exchange_rate_history (tenant_oid, foreign_currency, exchange_rate, modified_at, job_oid)
             values (new.tenant_oid, new.foreign_currency, new.exchange_rate, new.modified_at, new.job_oid);
           return new;
         end $$`,
        `create trigger mate_exchange_rate_history after insert or update on mate_exchange_rate
           for each row execute function mate_exchange_rate_keep_history()`,
      ]),
  },
  {
    version: 742,
    name: 'dashboard-notify',
    up: (tx) =>
      run(tx, [
        notifyFunction('mate_dashboard_notify_documents', 'documents'),
        notifyTrigger('mate_dashboard_documents_inserted', 'insert', 'mate_terminal_document', 'mate_dashboard_notify_documents'),
        notifyTrigger('mate_dashboard_documents_updated', 'update', 'mate_terminal_document', 'mate_dashboard_notify_documents'),
        notifyFunction('mate_dashboard_notify_rates', 'exchange-rates'),
        notifyTrigger('mate_dashboard_rates_inserted', 'insert', 'mate_exchange_rate', 'mate_dashboard_notify_rates'),
        notifyTrigger('mate_dashboard_rates_updated', 'update', 'mate_exchange_rate', 'mate_dashboard_notify_rates'),
      ]),
  },
];
