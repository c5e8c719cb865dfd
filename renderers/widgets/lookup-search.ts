import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * Runs the lookup search while the menu is open; a newer query wins over an older answer that arrives late.
 * `loadMore` asks for the next six of the same query (the source knows only `take`, so it asks for all shown
 * so far plus six); a new query starts again at six.
 */
export function useLookupSearch(source: LookupSource | undefined, lookup: CompiledLookup | undefined, query: string, open: boolean): LookupSearch & { loadMore: () => void } {
  const [state, setState] = useState<LookupSearch>({ items: [], hasMore: false, loading: false, query: '', failed: false });
  const [pages, setPages] = useState({ query, count: 1 });
  const count = pages.query === query ? pages.count : 1;
  const sequence = useRef(0);
  useEffect(() => {
    if (!open || !lookup || !source) return;
    const run = ++sequence.current;
    const take = LOOKUP_TAKE * count;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(
      () => {
        source(lookup, query, take).then(
          (page) => run === sequence.current && setState({ items: page.items.slice(0, take), hasMore: page.hasMore, loading: false, query, failed: false }),
          () => run === sequence.current && setState({ items: [], hasMore: false, loading: false, query, failed: true }),
        );
      },
      query === '' || count > 1 ? 0 : DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [source, lookup, query, open, count]);
  // A menu opened again starts at six.
  useEffect(() => {
    if (!open) setPages((p) => (p.count === 1 ? p : { query: '', count: 1 }));
  }, [open]);
  const loadMore = useCallback(() => setPages({ query, count: count + 1 }), [query, count]);
  return { ...state, loadMore };
}
