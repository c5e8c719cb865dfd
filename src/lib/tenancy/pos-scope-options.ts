import useSWR from 'swr';
import { apiGet } from '../api/api-client';

/** The levels of the POS configuration's scope tree, from the top down. */
export type ScopeLevel = 'GLOBAL' | 'COUNTRY' | 'TENANT' | 'LOCATION' | 'TERMINAL';

interface ScopeItem {
  index: number;
  parentIndex: number | null;
  id: string;
  type: ScopeLevel;
  oid: number;
  text: string;
  visibility: 'Visible' | 'Disabled' | 'Deleted';
}

/** One level the scope picker offers, with its depth for the indentation. */
export interface ScopeOption {
  scope: string;
  type: ScopeLevel;
  text: string;
  depth: number;
  id: string;
}

/** The scope as /api/pos-settings/* and /api/pos-layouts/* write it: GLOBAL, COUNTRY:DE, TENANT:12 ... */
const scopeOf = (item: ScopeItem) => (item.type === 'GLOBAL' ? 'GLOBAL' : `${item.type}:${item.type === 'COUNTRY' ? item.id : item.oid}`);

/** The levels of the caller's scope tree with POS terminals only (GET /api/settings/scope), parents before children. */
export function useScopeOptions(): { options: ScopeOption[] | undefined; error: unknown } {
  const { data, error } = useSWR(['/api/settings/scope', 'POS'], ([path]: [string, string]) => apiGet<{ items: ScopeItem[] }>(path, { terminalKind: 'POS' }));
  if (!data) return { options: undefined, error: error as unknown };
  const depth = new Map<number, number>();
  const options = data.items
    .filter((item) => item.visibility !== 'Deleted')
    .map((item) => {
      const level = item.parentIndex === null ? 0 : (depth.get(item.parentIndex) ?? 0) + 1;
      depth.set(item.index, level);
      return { scope: scopeOf(item), type: item.type, text: item.text, depth: level, id: item.id };
    });
  return { options, error: undefined };
}
