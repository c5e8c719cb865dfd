import useSWR from 'swr';
import type { PlaygroundKind } from '../../../schemas/check-playground-document';
import { apiGet } from '../../lib/api/api-client';

/** The playground's read-only route (server/schema-playground). */
export const PLAYGROUND_CATALOGUE_API = '/api/schema-playground/catalogue';

/**
 * The catalogue's kinds with their documents, read once per visit: what lookups and detail views are checked against
 * and what the kind list offers. The server loads it at start, so it does not change while the page is open.
 */
export function usePlaygroundCatalogue(): { kinds: readonly PlaygroundKind[]; loaded: boolean; failed: boolean } {
  const { data, error } = useSWR<{ kinds: PlaygroundKind[] }>(PLAYGROUND_CATALOGUE_API, () => apiGet<{ kinds: PlaygroundKind[] }>(PLAYGROUND_CATALOGUE_API), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return { kinds: data?.kinds ?? NONE, loaded: data !== undefined, failed: error !== undefined };
}

const NONE: readonly PlaygroundKind[] = [];
