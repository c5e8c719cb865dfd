import { exec, type Migration } from '../db/migrations';

/**
 * The POS button layouts (versions 870-889, docs/pos-layouts.md): one row per layout, named uniquely per kind and
 * scope. The scope's tenant and country are kept beside it so a list filters by the caller's rights in SQL. `version`
 * counts the saves: a save names the version it started from, so a second editor cannot silently overwrite the first.
 */
export const POS_LAYOUT_MIGRATIONS: Migration[] = [
  {
    version: 870,
    name: 'pos button layouts',
    up: (tx) =>
      exec(
        tx,
        `create table mate_pos_layout (
           oid bigserial primary key,
           kind text not null,
           name text not null,
           scope text not null,
           tenant_oid bigint,
           country text,
           content jsonb not null,
           version integer not null default 1,
           created_at timestamptz not null default now(),
           modified_at timestamptz not null default now(),
           modified_by bigint,
           modified_by_name text not null,
           unique (kind, scope, name)
         );
         create index mate_pos_layout_tenant on mate_pos_layout (kind, tenant_oid)`,
      ),
  },
];
