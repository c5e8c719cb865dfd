import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';

/** A location the report form offers. */
export interface LocationOption {
  oid: number;
  text: string;
}

interface ScopeItem {
  type: string;
  oid: number;
  parentOid: number;
  text: string;
  deleted?: boolean;
}

/** The locations of a tenant, from the scope tree (GET /api/settings/scope): what the location parameter offers. */
export function useLocations(tenantOid: number | undefined): LocationOption[] {
  const { data } = useSWR(tenantOid === undefined ? null : ['report-locations', tenantOid], () => apiGet<{ items?: ScopeItem[] }>('/api/settings/scope'));
  return (data?.items ?? []).filter((item) => item.type === 'LOCATION' && item.parentOid === tenantOid).map((item) => ({ oid: item.oid, text: item.text }));
}
