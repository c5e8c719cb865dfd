import { useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';
import type { MonitoringFigures } from './monitoring-types';

/** How often the page reads the figures while it is open and not paused. */
export const MONITORING_REFRESH_MS = 5_000;

/** The instance's figures, read again every few seconds unless paused. */
export function useMonitoring() {
  const [paused, setPaused] = useState(false);
  const figures = useSWR<MonitoringFigures>('/api/monitoring/figures', (path: string) => apiGet<MonitoringFigures>(path), {
    refreshInterval: paused ? 0 : MONITORING_REFRESH_MS,
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  return {
    figures: figures.data,
    loading: figures.isLoading,
    refreshing: figures.isValidating,
    error: figures.error as unknown,
    reload: () => void figures.mutate(),
    paused,
    setPaused,
  };
}
