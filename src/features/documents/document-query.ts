/**
 * The viewer's query form as values, the page address and the list call (docs/documents.md "Drill-down"). The address
 * carries `from`, `to`, `location`, `terminal`, `operator`, `tenant`, the text filters the server names (the names
 * reports link with) and `amountMin`, `amountMax`, `orderBy`; a value the form cannot hold is left out rather than
 * sent to the server.
 */
export interface DocumentQueryValues {
  from?: string;
  to?: string;
  location?: number;
  terminal?: number;
  operator?: string;
  amountMin?: number;
  amountMax?: number;
  tenant?: number;
  /** A text filter the server names (`GET /api/documents/scope-options`), by its member name. */
  [textFilter: string]: string | number | undefined;
}

/** A text box the server names besides the fixed members: the member and how long its text may be. */
export interface TextFilterName {
  name: string;
  maxLength: number;
}

export const DOCUMENT_SORTS = ['-date', 'date', '-amount', 'amount', '-number', 'number'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const OID = /^[1-9]\d{0,15}$/;

const dayOf = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined);
const oidOf = (value: string | null) => (value && OID.test(value) ? Number(value) : undefined);
const amountOf = (value: string | null) => (value !== null && value.trim() !== '' && Number.isFinite(Number(value)) && Math.abs(Number(value)) <= 1e9 ? Number(value) : undefined);
const textOf = (value: string | null, max: number) => {
  const text = value?.trim();
  // Control characters are refused by the server; they cannot come from the form either.
  // eslint-disable-next-line no-control-regex
  return text && text.length <= max && !/[\u0000-\u001f]/.test(text) ? text : undefined;
};

/** The query of an address (drill-down links, a reload, a shared link); `textFilters`: the members the server names. */
export function queryOfParams(params: URLSearchParams, textFilters: readonly TextFilterName[] = []): { values: DocumentQueryValues; sort: DocumentSort } {
  const sort = params.get('orderBy');
  const values: DocumentQueryValues = {
    ...Object.fromEntries(textFilters.map((filter) => [filter.name, textOf(params.get(filter.name), filter.maxLength)])),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    location: oidOf(params.get('location')),
    terminal: oidOf(params.get('terminal')),
    operator: textOf(params.get('operator'), 40),
    amountMin: amountOf(params.get('amountMin')),
    amountMax: amountOf(params.get('amountMax')),
    tenant: oidOf(params.get('tenant')),
  };
  return { values: withoutEmpty(values), sort: (DOCUMENT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as DocumentSort) : '-date' };
}

/** Values without the members that hold nothing. */
export function withoutEmpty(values: DocumentQueryValues): DocumentQueryValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')) as DocumentQueryValues;
}

/** The address of a query; `uid` keeps the selected document. */
export function paramsOfQuery(values: DocumentQueryValues, sort: DocumentSort, uid?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(withoutEmpty(values))) params.set(name, String(value));
  if (sort !== '-date') params.set('orderBy', sort);
  if (uid) params.set('uid', uid);
  return params;
}

/** The list call's query for one page. */
export function listQueryOf(values: DocumentQueryValues, sort: DocumentSort, skip: number, take: number): Record<string, string | number> {
  return { ...(withoutEmpty(values) as Record<string, string | number>), orderBy: sort, skip, take };
}

/** Why the form's values cannot be searched, or undefined: a range whose ends are swapped. */
export function queryProblem(values: DocumentQueryValues): 'dates' | 'amounts' | undefined {
  if (values.from && values.to && values.from > values.to) return 'dates';
  if (values.amountMin !== undefined && values.amountMax !== undefined && values.amountMin > values.amountMax) return 'amounts';
  return undefined;
}
