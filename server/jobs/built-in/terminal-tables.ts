import type { Catalogue } from '../../data/catalogue';

/** The POS terminal and tenant tables the terminal jobs work on, from the catalogue; a clear failure without them. */
export function terminalTables(catalogue: Catalogue | undefined): { posTable: string; tenantTable: string | undefined } {
  const posTable = catalogue?.find('tenancy', 'pos-terminal')?.table;
  if (!posTable) throw new Error('This server has no POS terminals (no tenancy/pos-terminal kind in its metadata).');
  return { posTable, tenantTable: catalogue?.find('tenancy', 'tenant')?.table };
}
