import { exec, type Migration } from '../db/migrations';

/**
 * The POS configuration's tables (versions 720-739): the values set at a scope, one row per scope and setting path,
 * and the append-only log of every change. A change row keeps the scope chain as it was named then (global, country,
 * tenant, ...), so the log reads the same after a rename or a deleted record.
 */
export const POS_SETTINGS_MIGRATIONS: Migration[] = [
  {
    version: 720,
    name: 'pos settings',
    up: (tx) =>
      exec(
        tx,
        `create table mate_pos_setting (
           scope text not null,
           path text not null,
           value jsonb not null,
           tenant_oid bigint,
           country text,
           modified_at timestamptz not null default now(),
           modified_by bigint,
           primary key (scope, path)
         );
         create table mate_pos_setting_change (
           oid bigserial primary key,
           scope text not null,
           scope_chain jsonb not null,
           tenant_oid bigint,
           country text,
           path text not null,
           value jsonb,
           previous_value jsonb,
           deleted boolean not null,
           user_oid bigint,
           user_name text not null,
           modified_at timestamptz not null default now()
         );
         create index mate_pos_setting_change_time on mate_pos_setting_change (modified_at desc, oid desc)`,
      ),
  },
  {
    // Settings targets (docs/settings.md): the POS configuration became one target among others; what was stored
    // before is the pos target's.
    version: 721,
    name: 'settings targets',
    up: (tx) =>
      exec(
        tx,
        `alter table mate_pos_setting add column target text not null default 'pos';
         alter table mate_pos_setting drop constraint mate_pos_setting_pkey;
         alter table mate_pos_setting add primary key (target, scope, path);
         alter table mate_pos_setting_change add column target text not null default 'pos'`,
      ),
  },
];
