import useSWR from 'swr';
import { fetchErrorDetail, hasInternals, type ErrorDetail } from './error-detail';

/**
 * The internals of a failed call's stored fault, for a user allowed to see them: fetched once per id (a toast shown
 * again does not ask again), undefined while on the way, when not allowed, or when the fault cannot be read.
 */
export function useErrorDetail(errorId: string | undefined, allowed: boolean, load: (id: string) => Promise<ErrorDetail> = fetchErrorDetail): ErrorDetail | undefined {
  const { data } = useSWR(errorId && allowed ? ['api/error', errorId] : null, ([, id]: [string, string]) => load(id), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  return hasInternals(data) ? data : undefined;
}
