import type { Migration } from '../db/migrations';
import { exec } from '../db/migrations';

/**
 * The second factor, sessions and the security log (docs/auth.md "Second factor", "Sessions", "Security log").
 * Version 960 (given to this work to avoid collisions with other features' numbers).
 */
export const SECURITY_MIGRATIONS: Migration[] = [
  {
    version: 960,
    name: 'second-factor-sessions-security-log',
    up: async (tx) => {
      await exec(
        tx,
        `create table mate_second_factor (
           user_oid bigint primary key references mate_user (oid) on delete cascade,
           secret text not null,
           confirmed_at timestamptz,
           last_step bigint not null default -1,
           created_at timestamptz not null default now()
         );
         create table mate_recovery_code (
           oid bigint generated always as identity primary key,
           user_oid bigint not null references mate_user (oid) on delete cascade,
           code_hash text not null,
           used_at timestamptz
         );
         create index mate_recovery_code_user on mate_recovery_code (user_oid) where used_at is null;
         create table mate_session (
           oid bigint generated always as identity primary key,
           user_oid bigint not null references mate_user (oid) on delete cascade,
           user_agent text not null default '',
           address text not null default '',
           created_at timestamptz not null default now(),
           last_used_at timestamptz not null default now(),
           expires_at timestamptz not null,
           token_version integer not null default 0,
           ended_at timestamptz
         );
         create index mate_session_user on mate_session (user_oid) where ended_at is null;
         create table mate_security_log (
           oid bigint generated always as identity primary key,
           at timestamptz not null default now(),
           kind text not null,
           user_oid bigint,
           username text,
           address text,
           user_agent text,
           actor_oid bigint,
           detail jsonb not null default '{}'::jsonb
         );
         create index mate_security_log_at on mate_security_log (at desc, oid desc);
         create index mate_security_log_user on mate_security_log (user_oid, at desc);
         create index mate_security_log_kind on mate_security_log (kind, at desc)`,
      );
      // Permission changes are logged by the database, whoever writes (routes, the grid's Roles field, imports). One
      // statement: exec splits at semicolons.
      await tx.query(`create function mate_log_permission_change() returns trigger language plpgsql as $$
           declare
             old_row jsonb := case when TG_OP = 'INSERT' then null else to_jsonb(OLD) end;
             new_row jsonb := case when TG_OP = 'DELETE' then null else to_jsonb(NEW) end;
           begin
             insert into mate_security_log (kind, user_oid, detail)
             values ('permission-changed', (coalesce(new_row, old_row) ->> 'user_oid')::bigint,
                     jsonb_build_object('table', TG_TABLE_NAME, 'operation', lower(TG_OP), 'old', old_row, 'new', new_row));
             return null;
           end $$`);
      for (const table of ['mate_permission', 'mate_user_role']) {
        await tx.query(`create trigger mate_log_permission_change after insert or update or delete on ${table} for each row execute function mate_log_permission_change()`);
      }
    },
  },
  {
    version: 961,
    name: 'passkeys',
    // Passkeys (WebAuthn) and the challenges they answer; docs/auth.md "Passkeys". The public key is the COSE key as
    // base64url text, so both databases (PGlite and PostgreSQL) read it back the same.
    up: async (tx) => {
      await exec(
        tx,
        `create table mate_passkey (
           oid bigint generated always as identity primary key,
           user_oid bigint not null references mate_user (oid) on delete cascade,
           credential_id text not null unique,
           public_key text not null,
           counter bigint not null default 0,
           transports text not null default '',
           name text not null,
           created_at timestamptz not null default now(),
           last_used_at timestamptz
         );
         create index mate_passkey_user on mate_passkey (user_oid);
         create table mate_webauthn_challenge (
           challenge text primary key,
           user_oid bigint not null references mate_user (oid) on delete cascade,
           purpose text not null,
           expires_at timestamptz not null
         );
         create index mate_webauthn_challenge_user on mate_webauthn_challenge (user_oid, purpose)`,
      );
    },
  },
];
