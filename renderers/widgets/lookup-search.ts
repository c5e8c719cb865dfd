import { useCallback, useEffect, useRef, useState } from 'react';
import type { CompiledLookup } from '../../schemas';
import type { LookupOption, LookupSource } from '../form-context';

/** How many results a lookup asks for at a time (spec 2 §9). */
export const LOOKUP_TAKE = 6;
const DEBOUNCE_MS = 200;

interface SearchRequest {
  source: LookupSource;
  lookup: CompiledLookup;
  query: string;
  count: number;
}

function sameRequest(a: SearchRequest, b: SearchRequest): boolean {
  return a.source === b.source && a.lookup === b.lookup && a.query === b.query && a.count === b.count;
}

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
  const [pages, setPages] = useState({ query, count: 1 });
  // A menu opened again starts at six.
  if (!open && pages.count !== 1) setPages({ query: '', count: 1 });
  const count = pages.query === query ? pages.count : 1;
  // The last answer, with the request it answers: the search is loading while that is not the current request.
  const [answer, setAnswer] = useState<{ request?: SearchRequest; items: LookupOption[]; hasMore: boolean; query: string; failed: boolean }>({ items: [], hasMore: false, query: '', failed: false });
  const [request, setRequest] = useState<SearchRequest | undefined>();
  const wanted = open && lookup && source ? { source, lookup, query, count } : undefined;
  // A new request (a menu opened again asks again, and is loading again) is state, so the effect sees one object.
  if (wanted ? !(request && sameRequest(request, wanted)) : request !== undefined) setRequest(wanted);
  const current = wanted && request && sameRequest(request, wanted) ? request : undefined;
  const sequence = useRef(0);
  useEffect(() => {
    if (!current) return;
    const run = ++sequence.current;
    const take = LOOKUP_TAKE * current.count;
    const timer = setTimeout(
      () => {
        current.source(current.lookup, current.query, take).then(
          (page) => run === sequence.current && setAnswer({ request: current, items: page.items.slice(0, take), hasMore: page.hasMore, query: current.query, failed: false }),
          () => run === sequence.current && setAnswer({ request: current, items: [], hasMore: false, query: current.query, failed: true }),
        );
      },
      current.query === '' || current.count > 1 ? 0 : DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [current]);
  const loadMore = useCallback(() => setPages({ query, count: count + 1 }), [query, count]);
  const { items, hasMore, failed } = answer;
  return { items, hasMore, failed, query: answer.query, loading: current !== undefined && answer.request !== current, loadMore };
}
