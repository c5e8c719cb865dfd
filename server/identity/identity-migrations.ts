import type { Queryable } from '../db/database';
import type { Migration } from '../db/migrations';

async function exec(tx: Queryable, sql: string): Promise<void> {
  for (const statement of sql.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) await tx.query(statement);
}

/**
 * Identity tables (versions 100..199). mate_user comes from the foundation's migration 1 and is extended here,
 * never replaced. Tenant oids are plain bigints without foreign keys: the tenant table is generated from metadata
 * by the data service and may not exist yet when these run.
 */
export const IDENTITY_MIGRATIONS: Migration[] = [
  {
    version: 100,
    name: 'identity-users-roles-permissions',
    up: (tx) =>
      exec(
        tx,
        `alter table mate_user
           add column token_version integer not null default 0,
           add column failed_attempts integer not null default 0,
           add column lock_count integer not null default 0,
           add column locked_until timestamptz,
           add column pending_confirmation boolean not null default false,
           add column primary_tenant_oid bigint,
           add column root_tenant_oid bigint;
         create unique index mate_user_email on mate_user (lower(email)) where email is not null;
         create table mate_role (
           oid bigint generated always as identity primary key,
           name text not null,
           created_at timestamptz not null default now()
         );
         create unique index mate_role_name on mate_role (lower(name));
         create table mate_user_tenant (
           user_oid bigint not null references mate_user (oid) on delete cascade,
           tenant_oid bigint not null,
           primary key (user_oid, tenant_oid)
         );
         create table mate_user_role (
           user_oid bigint not null references mate_user (oid) on delete cascade,
           role_oid bigint not null references mate_role (oid) on delete cascade,
           tenant_oid bigint
         );
         create unique index mate_user_role_unique on mate_user_role (user_oid, role_oid, (coalesce(tenant_oid, 0)));
         create table mate_permission (
           oid bigint generated always as identity primary key,
           user_oid bigint references mate_user (oid) on delete cascade,
           role_oid bigint references mate_role (oid) on delete cascade,
           path text not null,
           tenant_oid bigint,
           action text not null check (action in ('Read', 'Create', 'Update', 'Delete', 'Demand', 'Patch')),
           allowed boolean not null,
           check ((user_oid is null) <> (role_oid is null))
         );
         create unique index mate_permission_unique on mate_permission
           ((coalesce(user_oid, 0)), (coalesce(role_oid, 0)), path, (coalesce(tenant_oid, 0)), action);
         create index mate_permission_role on mate_permission (role_oid) where role_oid is not null;
         create index mate_permission_user on mate_permission (user_oid) where user_oid is not null;
         create table mate_user_token (
           token_hash text primary key,
           user_oid bigint not null references mate_user (oid) on delete cascade,
           purpose text not null check (purpose in ('confirm-registration', 'reset-password')),
           expires_at timestamptz not null,
           used_at timestamptz,
           created_at timestamptz not null default now()
         );
         create table mate_outbox (
           oid bigint generated always as identity primary key,
           to_address text not null,
           subject text not null,
           text text not null,
           created_at timestamptz not null default now(),
           sent_at timestamptz
         )`,
      ),
  },
];
