import type { Migration } from '../db/migrations';
import type { Queryable } from '../db/database';

/** Runs statements one by one: a function body has ';' at line ends, which `exec` would split at. */
async function run(tx: Queryable, statements: string[]): Promise<void> {
  for (const statement of statements) await tx.query(statement);
}

/**
 * Editing the exchange rates by hand (versions 820..829). A rate keeps who set it (`modified_by`: a user's name;
 * null for the import job, whose run is `job_oid`), and the history keeps that too, plus a row for a removed
 * currency (`removed`), so the history tells the whole story of a rate whoever changed it. Removing a rate also
 * tells the dashboard (the notify function of migration 742 reads the transition table by the same name).
 */
export const EXCHANGE_RATE_MIGRATIONS: Migration[] = [
  {
    version: 820,
    name: 'exchange-rate-editing',
    up: (tx) =>
      run(tx, [
        'alter table mate_exchange_rate add column modified_by text',
        'alter table mate_exchange_rate_history add column modified_by text',
        'alter table mate_exchange_rate_history add column removed boolean not null default false',
        `create or replace function mate_exchange_rate_keep_history() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' then
             insert into mate_exchange_rate_history (tenant_oid, foreign_currency, exchange_rate, modified_at, job_oid, modified_by, removed)
               values (old.tenant_oid, old.foreign_currency, old.exchange_rate, now(), null, current_setting('mate.exchange_rate_user', true), true);
             return old;
           end if;
           insert into mate_exchange_rate_history (tenant_oid, foreign_currency, exchange_rate, modified_at, job_oid, modified_by)
             values (new.tenant_oid, new.foreign_currency, new.exchange_rate, new.modified_at, new.job_oid, new.modified_by);
           return new;
         end $$`,
        `create trigger mate_exchange_rate_history_removed after delete on mate_exchange_rate
           for each row execute function mate_exchange_rate_keep_history()`,
        `create trigger mate_dashboard_rates_deleted after delete on mate_exchange_rate
           referencing old table as changed_rows for each statement execute function mate_dashboard_notify_rates()`,
      ]),
  },
];
