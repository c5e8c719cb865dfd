import type { Queryable } from '../db/database';
import type { EntityKind } from '../data/catalogue';
import { quoteIdent as q } from '../data/sql-names';

/** The bookkeeping columns of an entity row: never reported as a change of their own. */
const SYSTEM_COLUMNS = ['Oid', 'TenantOid', 'row_version', 'created_at', 'created_by', 'modified_at', 'modified_by'];
const SYSTEM_ARRAY = `array[${SYSTEM_COLUMNS.map((c) => `'${c}'`).join(', ')}]`;

/**
 * The audit trail (docs/audit.md): one row per write to an entity row, written by the trigger below in the same
 * transaction as the write. `changes` holds the whole record for a create or delete, `{ field: { old, new } }` with only
 * the changed fields for an update. The actor comes from the transaction's `mate.actor` (audit-actor.ts); a lone
 * statement without one is recorded under the row's `modified_by`, which every writer sets in that same statement.
 */
export const AUDIT_TABLE_SQL = [
  `create table if not exists mate_audit (
     oid bigint generated always as identity primary key,
     at timestamptz not null default now(),
     kind text not null,
     record_oid bigint not null,
     tenant_oid bigint,
     operation text not null,
     actor_type text not null,
     actor_id bigint,
     actor_name text not null,
     source text,
     changes jsonb not null
   )`,
  'create index if not exists mate_audit_record on mate_audit (kind, record_oid, oid)',
  'create index if not exists mate_audit_at on mate_audit (at)',
  'create index if not exists mate_audit_actor on mate_audit (actor_name, oid)',
];

export const AUDIT_FUNCTION_SQL = `create or replace function mate_audit_row() returns trigger language plpgsql as $$
declare
  actor jsonb := nullif(current_setting('mate.actor', true), '')::jsonb;
  o jsonb;
  n jsonb;
  changes jsonb := '{}'::jsonb;
  k text;
  op text;
begin
  -- Bulk loads of demo data switch the trail off for their own transaction (seed-demo-data.ts).
  if current_setting('mate.audit', true) = 'off' then
    return null;
  end if;
  if TG_OP = 'INSERT' then
    n := to_jsonb(NEW);
    changes := n - ${SYSTEM_ARRAY};
    op := 'create';
  elsif TG_OP = 'UPDATE' then
    o := to_jsonb(OLD);
    n := to_jsonb(NEW);
    for k in select jsonb_object_keys(n) loop
      if not (k = any(${SYSTEM_ARRAY})) and (n -> k) is distinct from (o -> k) then
        changes := changes || jsonb_build_object(k, jsonb_build_object('old', o -> k, 'new', n -> k));
      end if;
    end loop;
    -- A touch of the row version alone (a user's roles changed elsewhere) changed no field of the record.
    if changes = '{}'::jsonb then
      return null;
    end if;
    op := 'update';
  else
    o := to_jsonb(OLD);
    changes := o - ${SYSTEM_ARRAY};
    op := 'delete';
  end if;
  insert into mate_audit (kind, record_oid, tenant_oid, operation, actor_type, actor_id, actor_name, source, changes)
  values (
    TG_ARGV[0],
    (coalesce(n, o) ->> 'Oid')::bigint,
    (coalesce(n, o) ->> 'TenantOid')::bigint,
    op,
    coalesce(actor ->> 'type', case when n ->> 'modified_by' is null then 'system' else 'user' end),
    (actor ->> 'id')::bigint,
    coalesce(actor ->> 'name', n ->> 'modified_by', 'system'),
    actor ->> 'source',
    changes
  );
  return null;
end
$$`;

/** Creates the trigger of one kind's table; syncEntityTables calls it for a table that has none. */
export async function createAuditTrigger(tx: Queryable, kind: EntityKind): Promise<void> {
  await tx.query(`create trigger mate_audit after insert or update or delete on ${q(kind.table)} for each row execute function mate_audit_row('${kind.kind.replace(/'/g, "''")}')`);
}
