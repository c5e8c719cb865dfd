import { useCallback } from 'react';
import useSWR from 'swr';
import { defaultDashboardLayout, type DashboardLayout } from '../../../schemas/dashboard-layout';
import { apiCall, apiGet } from '../../lib/api/api-client';

export const LAYOUT_PATH = '/api/user/extension/dashboard';
/** One default for every render: a fresh one each time would look like a changed layout. */
const DEFAULT_LAYOUT = defaultDashboardLayout();

/**
 * The user's stored layout and its saving. Until it is read, and when it cannot be read, the default layout shows:
 * the page never waits on or breaks over the layout. `notice` says when the server fell back to the default.
 */
export function useDashboardLayout() {
  const { data, error, mutate } = useSWR<DashboardLayout & { notice?: string }>(LAYOUT_PATH, apiGet);
  const save = useCallback(
    async (layout: DashboardLayout) => {
      const stored = (await apiCall<DashboardLayout>(LAYOUT_PATH, { method: 'PUT', body: layout })).data;
      await mutate(stored, { revalidate: false });
      return stored;
    },
    [mutate],
  );
  return { layout: data ?? DEFAULT_LAYOUT, loaded: data !== undefined || error !== undefined, notice: data?.notice, error, save };
}
