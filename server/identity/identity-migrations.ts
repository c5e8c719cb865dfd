import type { Migration } from '../db/migrations';
import { exec } from '../db/migrations';

/**
 * Identity's private tables (versions 100..199). The user, role and API key records themselves are catalogue kinds
 * (e_identity_user, e_identity_role, e_identity_api_access; docs/auth.md "Where identity keeps what"): mate_user keeps
 * only credentials and sign-in state, keyed by the catalogue "Oid". Role and tenant oids carry no foreign keys: those
 * tables are generated from metadata after the migrations run.
 */
export const IDENTITY_MIGRATIONS: Migration[] = [
  {
    version: 100,
    name: 'identity',
    up: (tx) =>
      exec(
        tx,
        `create table mate_user (
           oid bigint primary key,
           password_hash text,
           token_version integer not null default 0,
           failed_attempts integer not null default 0,
           lock_count integer not null default 0,
           locked_until timestamptz,
           pending_confirmation boolean not null default false,
           root_tenant_oid bigint,
           disabled_seen boolean not null default false,
           created_at timestamptz not null default now(),
           updated_at timestamptz not null default now()
         );
         create table mate_user_tenant (
           user_oid bigint not null references mate_user (oid) on delete cascade,
           tenant_oid bigint not null,
           primary key (user_oid, tenant_oid)
         );
         create table mate_user_role (
           user_oid bigint not null references mate_user (oid) on delete cascade,
           role_oid bigint not null,
           tenant_oid bigint
         );
         create unique index mate_user_role_unique on mate_user_role (user_oid, role_oid, (coalesce(tenant_oid, 0)));
         create table mate_permission (
           oid bigint generated always as identity primary key,
           user_oid bigint references mate_user (oid) on delete cascade,
           role_oid bigint,
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
           purpose text not null check (purpose in ('confirm-registration', 'reset-password', 'invite')),
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
           sent_at timestamptz,
           attempts integer not null default 0,
           next_attempt_at timestamptz,
           claimed_until timestamptz,
           last_error text
         );
         create table mate_api_key (
           oid bigint primary key,
           key_hash text not null unique,
           created_at timestamptz not null default now()
         )`,
      ),
  },
];
