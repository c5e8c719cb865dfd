// The pages' navigation paths: their rights (from /api/ui/permissions) say which actions a page offers.
export const DATABASE_USAGE_PATH = '/diagnostics/database-usage';
export const DOCUMENT_LOCKS_PATH = '/diagnostics/document-locks';
export const UNPROCESSED_DOCUMENTS_PATH = '/diagnostics/unprocessed-documents';
/** ResetProcessQueue starts a bridge job: its right is the bridge page's. */
export const BRIDGE_PATH = '/service/bridge';
