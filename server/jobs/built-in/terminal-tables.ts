import type { Catalogue } from '../../data/catalogue';
import { documentTablesOf, type DocumentTables } from '../../documents/document-checks';

/**
 * The POS terminal, tenant, article and tax tables the terminal jobs work on, from the catalogue; a clear failure
 * without POS terminals.
 */
export function terminalTables(catalogue: Catalogue | undefined): DocumentTables {
  const posTable = catalogue?.find('tenancy', 'pos-terminal')?.table;
  if (!catalogue || !posTable) throw new Error('This server has no POS terminals (no tenancy/pos-terminal kind in its metadata).');
  return documentTablesOf(catalogue, posTable);
}
