// The audit trail as its routes answer it (docs/audit.md): one shape for the server (server/audit) and the pages
// (the editor's history panel, the activity page).

/** One change of a field: `old` is null for a create, `new` null for a delete. */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
  /** A write-only field (a password hash): that it changed is shown, its values never are. */
  writeOnly?: true;
}

/** One audit entry: who changed a record, when, how, and which fields. */
export interface AuditEntry {
  id: number;
  at: string;
  kind: string;
  recordOid: number;
  operation: 'create' | 'update' | 'delete';
  actor: { type: string; id: number | null; name: string };
  source: string | null;
  changes: FieldChange[];
}
