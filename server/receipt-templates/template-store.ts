import type { Queryable } from '../db/database';
import type { ResolvedScope } from '../pos-settings/settings-scope';

/** One stored template as its row reads. */
export interface StoredTemplate {
  documentType: string;
  scope: string;
  xml: string;
  version: number;
  modifiedAt: string;
  modifiedBy: string;
}

interface Row {
  document_type: string;
  scope: string;
  xml: string;
  version: number;
  modified_at: Date | string;
  modified_by_name: string;
}

const COLUMNS = 'document_type, scope, xml, version, modified_at, modified_by_name';
const fromRow = (row: Row): StoredTemplate => ({ documentType: row.document_type, scope: row.scope, xml: row.xml, version: Number(row.version), modifiedAt: new Date(row.modified_at).toISOString(), modifiedBy: row.modified_by_name });

/** The templates stored at the scopes of a chain (GLOBAL first), by scope. */
export async function templatesOfChain(db: Queryable, documentType: string, chain: readonly string[]): Promise<Map<string, StoredTemplate>> {
  const rows = await db.query<Row>(`select ${COLUMNS} from mate_receipt_template where document_type = $1 and scope = any($2::text[])`, [documentType, [...chain]]);
  return new Map(rows.rows.map((row) => [row.scope, fromRow(row)]));
}

/** The template of the nearest scope of a chain that has one (the chain from GLOBAL down), or undefined. */
export async function effectiveStoredTemplate(db: Queryable, documentType: string, chain: readonly string[]): Promise<StoredTemplate | undefined> {
  const stored = await templatesOfChain(db, documentType, chain);
  for (const scope of [...chain].reverse()) {
    const template = stored.get(scope);
    if (template) return template;
  }
  return undefined;
}

export interface Author {
  userOid: number;
  userName: string;
}

/**
 * Stores the template of a scope when the stored one is still at `version` (0: none stored yet); undefined when
 * someone saved or reset in between.
 */
export async function saveTemplate(db: Queryable, documentType: string, scope: ResolvedScope, xml: string, version: number, author: Author): Promise<StoredTemplate | undefined> {
  if (version === 0) {
    const row = (
      await db.query<Row>(
        `insert into mate_receipt_template (document_type, scope, tenant_oid, country, xml, modified_by, modified_by_name)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (document_type, scope) do nothing returning ${COLUMNS}`,
        [documentType, scope.scope, scope.tenantOid, scope.country, xml, author.userOid, author.userName],
      )
    ).rows[0];
    return row ? fromRow(row) : undefined;
  }
  const row = (
    await db.query<Row>(
      `update mate_receipt_template set xml = $4, version = version + 1, modified_at = now(), modified_by = $5, modified_by_name = $6
        where document_type = $1 and scope = $2 and version = $3 returning ${COLUMNS}`,
      [documentType, scope.scope, version, xml, author.userOid, author.userName],
    )
  ).rows[0];
  return row ? fromRow(row) : undefined;
}

/** Removes the template of a scope when still at `version`; false when it is not (any more) at that version. */
export async function deleteTemplate(db: Queryable, documentType: string, scope: string, version: number): Promise<boolean> {
  const result = await db.query('delete from mate_receipt_template where document_type = $1 and scope = $2 and version = $3 returning oid', [documentType, scope, version]);
  return result.rows.length > 0;
}
