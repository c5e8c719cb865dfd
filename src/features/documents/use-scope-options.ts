import useSWR from 'swr';
import type { LocalizedText } from '../../../schemas/entity-document';
import { apiGet } from '../../lib/api/api-client';
import type { TextFilterName } from './document-query';

/** A location or terminal the query form offers. */
export interface ScopeOption {
  oid: number;
  text: string;
}

/** A text box the server adds to the form (a line filter), labelled in every language. */
export interface TextFilter extends TextFilterName {
  label: LocalizedText;
}

interface Answer {
  locations: (ScopeOption & { tenantOid: number })[];
  terminals: (ScopeOption & { tenantOid: number; locationOid: number })[];
  textFilters?: TextFilter[];
}

const NO_TEXT_FILTERS: readonly TextFilter[] = [];

const fetchOptions = ([url]: [string, number | undefined]) => apiGet<Answer>(url);

/**
 * The locations and POS terminals for the query form's pickers, as the server answers them
 * (`GET /api/documents/scope-options`: those of every organisation whose documents the caller may read, inside the
 * scope headers), narrowed to the organisation and location chosen in the form, and the text boxes the server adds.
 * `settled` is false until the answer (or its failure) is there: the address's text filters are read only then.
 * `scopeTenant`, the shell's current organisation, is in the key so that a changed scope reads them again.
 */
export function useScopeOptions(scopeTenant: number | undefined, chosen: { tenant?: number; location?: number }) {
  const swr = useSWR<Answer>(['/api/documents/scope-options', scopeTenant], fetchOptions, { revalidateOnFocus: false, shouldRetryOnError: false });
  const inTenant = <T extends { tenantOid: number }>(option: T) => chosen.tenant === undefined || option.tenantOid === chosen.tenant;
  const locations = (swr.data?.locations ?? []).filter(inTenant);
  const terminals = (swr.data?.terminals ?? []).filter((option) => inTenant(option) && (chosen.location === undefined || option.locationOid === chosen.location));
  const settled = swr.data !== undefined || swr.error !== undefined;
  return { locations, terminals, textFilters: swr.data?.textFilters ?? NO_TEXT_FILTERS, settled };
}
