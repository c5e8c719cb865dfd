import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';
import { useTenancy } from '../../shell/tenancy-context';
import type { CartArticleAnswer } from './cart-types';

/** The search path of the cart (server/shopping-cart). */
export const CART_ARTICLES_PATH = '/api/shopping-cart/articles';
/** How long typing rests before the search is sent. */
const TYPING_PAUSE_MS = 250;

/** The articles that match what the user typed, searched once typing pauses; per tenant. */
export function useArticleSearch(text: string) {
  const { tenantOid } = useTenancy();
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const swr = useSWR<CartArticleAnswer>([CART_ARTICLES_PATH, query, tenantOid], ([path, q]: [string, string]) => apiGet<CartArticleAnswer>(path, { q, take: 20 }), { keepPreviousData: true, revalidateOnFocus: false });
  return {
    answer: swr.data,
    /** The answer is for what is typed now (not an earlier text still shown while the new search runs). */
    current: query === text.trim() && !swr.isValidating,
    searching: swr.isLoading || query !== text.trim(),
    error: swr.error as unknown,
    retry: () => void swr.mutate(),
    /** Searches now, without waiting for the pause (Enter). */
    searchNow: async (): Promise<CartArticleAnswer | undefined> => {
      const now = text.trim();
      setQuery(now);
      return apiGet<CartArticleAnswer>(CART_ARTICLES_PATH, { q: now, take: 20 });
    },
  };
}
