import type { DocumentIssue } from '../../schemas/document-issue';
import type { Database, Queryable } from '../db/database';
import { sameDocument, versionNotBumped } from '../metadata/version-bump-warning';
import type { Catalogue, EntityKind } from './catalogue';
import { columnDdlType, columnType, defaultLiteral, widensTo } from './column-types';
import { lookupIndexName, quoteIdent as q, trigramIndexName, uniqueIndexName } from './sql-names';
import { createIndexConcurrently } from '../db/concurrent-index';
import { AUDIT_FUNCTION_SQL, AUDIT_TABLE_SQL, createAuditTrigger } from '../audit/audit-triggers';

/** The database and the catalogue disagree in a way start-up cannot repair; the message says what to do. */
export class EntityMigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EntityMigrationError';
  }
}

/** What syncEntityTables did, for the start-up log. */
export interface SyncReport {
  created: string[];
  addedColumns: string[];
  /** Columns whose type was widened losslessly (a uint64 field's bigint column to numeric(20,0)). */
  widenedColumns: string[];
  /** Documents that changed since the last start while their version stayed (a warning, not an error). */
  versionNotBumped: DocumentIssue[];
}

const BOOKKEEPING = `create table if not exists mate_entity_document (
  kind text primary key,
  table_name text not null,
  version integer not null,
  document jsonb not null,
  applied_at timestamptz not null default now())`;

function createTableSql(kind: EntityKind): string {
  const columns = [
    '"Oid" bigint generated always as identity primary key',
    'row_version bigint not null default 1',
    '"Disabled" boolean not null default false',
    ...(kind.tenantScoped ? ['"TenantOid" bigint not null'] : []),
    ...kind.storedFields.map((f) => {
      const literal = defaultLiteral(f);
      return `${q(f.name)} ${columnDdlType(f)}${literal ? ` default ${literal}` : ''}`;
    }),
    'created_at timestamptz not null default now()',
    'created_by text',
    'modified_at timestamptz not null default now()',
    'modified_by text',
  ];
  return `create table ${q(kind.table)} (\n  ${columns.join(',\n  ')}\n)`;
}

/**
 * One index a kind's table needs: its name and what follows `create index <name> on`. `declared` ones (the document's
 * `indexes`) are not unique, so on a table that already holds rows they can be built concurrently (`deferredIndexes`).
 */
interface IndexPlan {
  name: string;
  unique?: true;
  definition: string;
  declared?: true;
}

function indexSql(index: IndexPlan): string {
  return `create ${index.unique ? 'unique ' : ''}index if not exists ${q(index.name)} on ${index.definition}`;
}

function indexesOf(kind: EntityKind): IndexPlan[] {
  const plans: IndexPlan[] = [];
  // Tenant lists page by Oid inside one tenant: this index keeps deep keyset pages cheap.
  if (kind.tenantScoped) plans.push({ name: `${kind.table}_tenant`, definition: `${q(kind.table)} ("TenantOid", "Oid")` });
  for (const field of kind.doc.fields.filter((f) => f.unique)) {
    const columns = kind.tenantScoped ? `"TenantOid", ${q(field.name)}` : q(field.name);
    plans.push({ name: uniqueIndexName(kind.table, field.name), unique: true, definition: `${q(kind.table)} (${columns})` });
  }
  // The document's lookup indexes (docs/metadata.md "indexes"), inside the tenant as the lists and lookups are.
  for (const index of kind.doc.indexes ?? []) {
    if (index.method === 'trigram') {
      // A GIN index holds no bigint without btree_gin: the tenant's condition is ANDed with it from the tenant index.
      const field = index.fields[0]!;
      plans.push({ name: trigramIndexName(kind.table, field), definition: `${q(kind.table)} using gin (${q(field)} gin_trgm_ops)`, declared: true });
      continue;
    }
    const columns = [...(kind.tenantScoped ? ['"TenantOid"'] : []), ...index.fields.map((field) => q(field))].join(', ');
    plans.push({ name: lookupIndexName(kind.table, index.fields), definition: `${q(kind.table)} (${columns})`, declared: true });
  }
  return plans;
}

/**
 * What the database holds of the entity tables, read in four queries for the whole catalogue. A start used to ask
 * per kind (its columns, each index, its trigger, its applied document: about 300 statements for the built-in
 * catalogue), which on the embedded database took most of a server's start (docs/testing.md).
 */
interface StoredState {
  /** Column types by table, then column (information_schema's data_type); a table not there has no entry. */
  columns: Map<string, Map<string, string>>;
  /** The indexes (by name) that exist. */
  indexes: Set<string>;
  /** Tables that have the audit trigger. */
  audited: Set<string>;
  /** The document each kind was last synced with. */
  applied: Map<string, unknown>;
}

async function readStoredState(tx: Queryable, catalogue: Catalogue): Promise<StoredState> {
  const tables = catalogue.kinds.map((kind) => kind.table);
  const indexNames = catalogue.kinds.flatMap((kind) => indexesOf(kind).map((index) => index.name));
  const columns = new Map<string, Map<string, string>>();
  const found = await tx.query<{ table_name: string; column_name: string; data_type: string }>(
    'select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = any($1::text[])',
    [tables],
  );
  for (const row of found.rows) {
    let table = columns.get(row.table_name);
    if (!table) columns.set(row.table_name, (table = new Map()));
    table.set(row.column_name, row.data_type);
  }
  // Resolved as `to_regclass` resolves one name: through the search path, the name quoted.
  const indexes = await tx.query<{ name: string }>('select name from unnest($1::text[]) as name where to_regclass(quote_ident(name)) is not null', [indexNames]);
  const audited = await tx.query<{ name: string }>(
    "select name from unnest($1::text[]) as name where exists (select 1 from pg_trigger t where t.tgname = 'mate_audit' and t.tgrelid = to_regclass(quote_ident(name)))",
    [tables],
  );
  const applied = await tx.query<{ kind: string; document: unknown }>('select kind, document from mate_entity_document');
  return {
    columns,
    indexes: new Set(indexes.rows.map((row) => row.name)),
    audited: new Set(audited.rows.map((row) => row.name)),
    applied: new Map(applied.rows.map((row) => [row.kind, row.document])),
  };
}

/**
 * Creates the indexes that are not there. Never `create index if not exists` for one that is: that statement takes its
 * table's SHARE lock even when the index exists, so an instance starting beside a running one would queue behind the
 * other's writes while holding the locks it took before: two instances starting together on PostgreSQL deadlocked so
 * (CI).
 */
async function ensureIndexes(tx: Queryable, kind: EntityKind, state: StoredState, existed: boolean, deferred: IndexPlan[]): Promise<void> {
  for (const index of indexesOf(kind)) {
    if (state.indexes.has(index.name)) continue;
    // A new declared index on a table that holds rows may take minutes (a trigram index of a million texts): built in
    // this transaction it would hold off every write to the table for as long. Built after it instead (concurrently).
    if (existed && index.declared) deferred.push(index);
    else await tx.query(indexSql(index));
  }
}

async function syncKind(tx: Queryable, kind: EntityKind, report: SyncReport, state: StoredState, deferred: IndexPlan[]): Promise<void> {
  const types = state.columns.get(kind.table);
  if (types === undefined) {
    await tx.query(createTableSql(kind));
    report.created.push(kind.kind);
  } else {
    let rows: number | undefined;
    for (const field of kind.storedFields) {
      const wanted = columnType(field);
      const actual = types.get(field.name);
      if (actual !== undefined) {
        if (widensTo(field, actual)) {
          // Lossless (every bigint fits), and the indexes on the column are rebuilt with it.
          await tx.query(`alter table ${q(kind.table)} alter column ${q(field.name)} type ${columnDdlType(field)}`);
          report.widenedColumns.push(`${kind.kind}.${field.name}`);
          continue;
        }
        if (actual !== wanted) {
          throw new EntityMigrationError(
            `${kind.file}: field '${field.name}' of '${kind.kind}' is now ${field.type}${field.managedType ? ` (${field.managedType})` : ''}, ` +
              `stored as ${wanted}, but column ${kind.table}.${field.name} is ${actual}. A type change is not migrated automatically: ` +
              `give the field a new name (the old column stays), or convert the column by hand (ALTER TABLE ... TYPE ${wanted} USING ...) and restart.`,
          );
        }
        continue;
      }
      const literal = defaultLiteral(field);
      if (field.required && literal === undefined) {
        rows ??= (await tx.query<{ n: number }>(`select count(*)::int as n from ${q(kind.table)}`)).rows[0]?.n ?? 0;
        if (rows > 0) {
          throw new EntityMigrationError(
            `${kind.file}: new required field '${field.name}' of '${kind.kind}' has no default, and ${kind.table} already holds ${rows} row(s). ` +
              `Give the field a "default" in the document, or add it as not required first, fill it, then make it required.`,
          );
        }
      }
      await tx.query(`alter table ${q(kind.table)} add column ${q(field.name)} ${columnDdlType(field)}${literal ? ` default ${literal}` : ''}`);
      report.addedColumns.push(`${kind.kind}.${field.name}`);
    }
  }
  await ensureIndexes(tx, kind, state, types !== undefined, deferred);
  const document = JSON.parse(JSON.stringify(kind.doc)) as unknown;
  const applied = state.applied.get(kind.kind);
  const stale = versionNotBumped(kind.file, applied, document);
  if (stale) report.versionNotBumped.push(stale);
  // Every write to the table, by whatever path, leaves its audit row in the same transaction (docs/audit.md).
  if (!state.audited.has(kind.table)) await createAuditTrigger(tx, kind);
  // The applied document is written only when it changed: an unchanged start writes nothing.
  if (applied !== undefined && sameDocument(applied, document)) return;
  await tx.query(
    `insert into mate_entity_document (kind, table_name, version, document) values ($1, $2, $3, $4::jsonb)
     on conflict (kind) do update set table_name = excluded.table_name, version = excluded.version, document = excluded.document, applied_at = now()
     where mate_entity_document.version is distinct from excluded.version or mate_entity_document.document is distinct from excluded.document`,
    [kind.kind, kind.table, kind.doc.version, JSON.stringify(kind.doc)],
  );
}

/**
 * Brings the entity tables forward to the catalogue, in one transaction: new kinds get a table, new fields a
 * column (with the field's default, so existing rows read it), a uint64 field's old bigint column is widened to
 * numeric(20,0), unique fields a unique index (per tenant for
 * tenant-scoped kinds). A type change, or a new required field without default on a non-empty table, throws
 * an EntityMigrationError naming document, field and what to do, and nothing is changed. Removed fields keep
 * their column (data is never dropped on start). The applied document of every kind is kept in
 * `mate_entity_document`; one that changed since while its version stayed is reported (`versionNotBumped`). A declared
 * index new to a table that existed is built after the transaction, concurrently on PostgreSQL (`createIndexConcurrently`).
 */
export async function syncEntityTables(db: Database, catalogue: Catalogue): Promise<SyncReport> {
  const report: SyncReport = { created: [], addedColumns: [], widenedColumns: [], versionNotBumped: [] };
  const deferred: IndexPlan[] = [];
  await db.transaction(async (tx) => {
    // Several instances starting at once wait for each other instead of racing on DDL.
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(7270402)');
    await tx.query(BOOKKEEPING);
    // The audit trail belongs with the entity tables: whatever syncs them gets it, migrated or not.
    // Only when missing: its index statements would lock mate_audit, which every audited write of a running instance
    // needs (see createIndexOnce).
    const audit = await tx.query<{ found: string | null }>("select to_regclass('mate_audit')::text as found");
    if (audit.rows[0]?.found == null) for (const sql of AUDIT_TABLE_SQL) await tx.query(sql);
    await tx.query(AUDIT_FUNCTION_SQL);
    const state = await readStoredState(tx, catalogue);
    for (const kind of catalogue.kinds) await syncKind(tx, kind, report, state, deferred);
  });
  // Outside the transaction and its lock, as an `outsideTransaction` migration builds its index: writes go on meanwhile.
  for (const index of deferred) await createIndexConcurrently(db, db.kind, q(index.name), index.definition);
  return report;
}
