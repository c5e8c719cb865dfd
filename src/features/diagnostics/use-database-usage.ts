import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';
import type { DatabaseUsageSummary, TableUsageAnswer } from '../../../schemas/diagnostics-wire';

/** Every table and the summary (the same figures as the dashboard card); each read may store a size sample. */
export function useDatabaseUsage() {
  const tables = useSWR<TableUsageAnswer>('/api/db-info/tables', (path: string) => apiGet<TableUsageAnswer>(path), { revalidateOnFocus: false });
  const summary = useSWR<DatabaseUsageSummary>('/api/db-info/summary', (path: string) => apiGet<DatabaseUsageSummary>(path, { take: 5 }), { revalidateOnFocus: false });
  return {
    tables: tables.data,
    summary: summary.data,
    loading: tables.isLoading || summary.isLoading,
    refreshing: tables.isValidating,
    error: (tables.error ?? summary.error) as unknown,
    reload: () => void Promise.all([tables.mutate(), summary.mutate()]),
  };
}
