import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';

/** A location or terminal the query form offers. */
export interface ScopeOption {
  oid: number;
  text: string;
}

type Row = { Oid: number; Name?: string | null; Id?: string | null; TerminalNumber?: number | null };

async function fetchOptions([, path]: [string, string, number | undefined]): Promise<ScopeOption[]> {
  const page = await apiGet<{ items: Row[] }>(path, { take: 500, orderBy: 'Name' });
  return page.items.map((row) => ({ oid: Number(row.Oid), text: [row.TerminalNumber ?? row.Id, row.Name].filter((part) => part !== null && part !== undefined && part !== '').join(' ') }));
}

/**
 * The locations and POS terminals of the current tenant for the query form's pickers, read through the data service
 * (so the caller's rights on those grids apply). A caller who may not read them gets no options: the form then shows
 * the oid a drill-down link carried.
 */
export function useScopeOptions(tenantOid: number | undefined) {
  const options = { revalidateOnFocus: false, shouldRetryOnError: false };
  const locations = useSWR<ScopeOption[]>(['document-scope', '/api/data/tenancy/location', tenantOid], fetchOptions, options);
  const terminals = useSWR<ScopeOption[]>(['document-scope', '/api/data/tenancy/pos-terminal', tenantOid], fetchOptions, options);
  return { locations: locations.data ?? [], terminals: terminals.data ?? [] };
}
