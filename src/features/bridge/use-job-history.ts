import useSWRInfinite from 'swr/infinite';
import { apiGet } from '../../lib/api/api-client';
import { useTenancy } from '../../shell/tenancy-context';
import type { BridgeJob } from './bridge-types';

const PAGE_SIZE = 50;

interface JobPage {
  items: BridgeJob[];
  skip: number;
  take: number;
  hasMore: boolean;
}

/**
 * The history of runs of the current tenant, newest first, page by page (GET /api/bridge/jobs); only the runs that
 * ended in `state` when given, filtered by the server so that every page holds matches.
 */
export function useJobHistory(state?: number) {
  const { tenantOid } = useTenancy();
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite<JobPage>(
    (index, previous: JobPage | null) => (previous && !previous.hasMore ? null : ['/api/bridge/jobs', tenantOid, state, index * PAGE_SIZE]),
    ([path, , filter, skip]: [string, number | undefined, number | undefined, number]) =>
      apiGet<JobPage>(path, filter === undefined ? { skip, take: PAGE_SIZE } : { skip, take: PAGE_SIZE, state: filter }),
  );
  const pages = data ?? [];
  return {
    jobs: pages.flatMap((page) => page.items),
    hasMore: pages.length > 0 && pages[pages.length - 1]!.hasMore,
    loading: !data && !error,
    loadingMore: isValidating && size > pages.length,
    error: error as Error | undefined,
    loadMore: () => void setSize(size + 1),
    refresh: () => void mutate(),
  };
}
