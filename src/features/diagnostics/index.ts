// The diagnostics pages (docs/diagnostics.md): components 'database-usage', 'document-locks', 'unprocessed-documents'.
export { DatabaseUsagePage } from './database-usage-page';
export { DocumentLocksPage } from './document-locks-page';
export { UnprocessedDocumentsPage } from './unprocessed-documents-page';
