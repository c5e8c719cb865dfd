import { useEffect, useRef, useState } from 'react';
import type { CompiledLookup } from '../../schemas';
import type { LookupOption, LookupSource } from '../form-context';

/** How many results a lookup asks for at a time (spec 2 §9). */
export const LOOKUP_TAKE = 6;
const DEBOUNCE_MS = 200;

/** The state of a lookup search. */
export interface LookupSearch {
  items: LookupOption[];
  hasMore: boolean;
  loading: boolean;
  /** The query the items answer. */
  query: string;
  failed: boolean;
}

/** Runs the lookup search while the menu is open; a newer query wins over an older answer that arrives late. */
export function useLookupSearch(source: LookupSource | undefined, lookup: CompiledLookup | undefined, query: string, open: boolean): LookupSearch {
  const [state, setState] = useState<LookupSearch>({ items: [], hasMore: false, loading: false, query: '', failed: false });
  const sequence = useRef(0);
  useEffect(() => {
    if (!open || !lookup || !source) return;
    const run = ++sequence.current;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      source(lookup, query, LOOKUP_TAKE).then(
        (page) => run === sequence.current && setState({ items: page.items.slice(0, LOOKUP_TAKE), hasMore: page.hasMore, loading: false, query, failed: false }),
        () => run === sequence.current && setState({ items: [], hasMore: false, loading: false, query, failed: true }),
      );
    }, query === '' ? 0 : DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [source, lookup, query, open]);
  return state;
}
