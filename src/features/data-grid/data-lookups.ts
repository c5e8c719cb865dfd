import type { Condition } from '../../../conditions';
import type { CompiledLookup } from '../../../schemas';
import type { LookupOption, LookupPage, LookupResolver, LookupSource } from '../../../renderers/form-context';
import { valueAt } from '../../../schemas';
import { apiGet } from '../../lib/api/api-client';
import { ApiRequestError } from '../../lib/api/api-error';
import { dataBase, type DataRecord, type ListPage } from './data-api';

type Get = <T>(path: string, query?: Record<string, string | number | undefined>) => Promise<T>;

/** A looked-up record as a dropdown option: value field, text fields joined, icon and country. */
export function toLookupOption(lookup: CompiledLookup, record: DataRecord): LookupOption {
  const texts = lookup.textFields.map((field) => valueAt(record, field)).filter((v) => v !== null && v !== undefined && v !== '');
  const option: LookupOption = { value: valueAt(record, lookup.valueField) as string | number, text: texts.map(String).join(' · ') || String(valueAt(record, lookup.valueField) ?? '') };
  const icon = lookup.iconField ? valueAt(record, lookup.iconField) : undefined;
  if (typeof icon === 'string' && icon) option.icon = icon;
  const country = lookup.countryField ? valueAt(record, lookup.countryField) : undefined;
  if (typeof country === 'string' && country) option.country = country;
  if (record.Disabled === true) option.disabled = true;
  return option;
}

/** Leaves disabled records out of a lookup's choices: the server refuses a new reference to one. */
const ACTIVE: Condition = { not: { field: 'Disabled', op: 'true' } };

/** The filter a lookup's list is asked with: the lookup's own, and (unless disabled ones are wanted) active records only. */
export function lookupFilter(lookup: CompiledLookup, includeDisabled = false): Condition | undefined {
  if (includeDisabled) return lookup.filter;
  return lookup.filter ? { whenAll: [lookup.filter, ACTIVE] } : ACTIVE;
}

/**
 * The lookup source over the data service: a list of the looked-up kind with `q`, the lookup's filter and `take`.
 * A record's editor offers active records only; the grid's query form (`includeDisabled`) searches by disabled ones too.
 */
export function createLookupSource(get: Get = apiGet, { includeDisabled = false }: { includeDisabled?: boolean } = {}): LookupSource {
  return async (lookup, query, take): Promise<LookupPage> => {
    const filter = lookupFilter(lookup, includeDisabled);
    const page = await get<ListPage>(dataBase(lookup.entity), {
      take,
      q: query.trim() || undefined,
      filter: filter ? JSON.stringify(filter) : undefined,
    });
    return { items: page.items.map((record) => toLookupOption(lookup, record)), hasMore: page.hasMore };
  };
}

/** The resolver: reads the record of a stored value (by Oid, or by a filter on another value field). */
export function createLookupResolver(get: Get = apiGet): LookupResolver {
  return async (lookup, value) => {
    try {
      if (lookup.valueField === 'Oid') return toLookupOption(lookup, await get<DataRecord>(`${dataBase(lookup.entity)}/${encodeURIComponent(String(value))}`));
      const page = await get<ListPage>(dataBase(lookup.entity), { take: 1, filter: JSON.stringify({ field: lookup.valueField, op: 'equal', value }) });
      return page.items[0] ? toLookupOption(lookup, page.items[0]) : null;
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  };
}
