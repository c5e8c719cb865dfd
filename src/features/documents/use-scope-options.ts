import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';

/** A location or terminal the query form offers. */
export interface ScopeOption {
  oid: number;
  text: string;
}

interface Answer {
  locations: (ScopeOption & { tenantOid: number })[];
  terminals: (ScopeOption & { tenantOid: number; locationOid: number })[];
}

const fetchOptions = ([url]: [string, number | undefined]) => apiGet<Answer>(url);

/**
 * The locations and POS terminals for the query form's pickers, as the server answers them
 * (`GET /api/documents/scope-options`: those of every organisation whose documents the caller may read, inside the
 * scope headers), narrowed to the organisation and location chosen in the form. `scopeTenant`, the shell's current
 * organisation, is in the key so that a changed scope reads them again.
 */
export function useScopeOptions(scopeTenant: number | undefined, chosen: { tenant?: number; location?: number }) {
  const swr = useSWR<Answer>(['/api/documents/scope-options', scopeTenant], fetchOptions, { revalidateOnFocus: false, shouldRetryOnError: false });
  const inTenant = <T extends { tenantOid: number }>(option: T) => chosen.tenant === undefined || option.tenantOid === chosen.tenant;
  const locations = (swr.data?.locations ?? []).filter(inTenant);
  const terminals = (swr.data?.terminals ?? []).filter((option) => inTenant(option) && (chosen.location === undefined || option.locationOid === chosen.location));
  return { locations, terminals };
}
