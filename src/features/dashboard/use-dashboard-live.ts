import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { useHub } from '../../lib/hub/hub-provider';
import { isCardKeyOf, PATHS_OF_TOPIC } from './card-keys';

/** The hub message that says which data behind the cards changed (docs/hub.md). */
export const DASHBOARD_DATA_CHANGED = 'DashboardDataChanged';

/**
 * While the dashboard is open it follows DashboardDataChanged: a receipt handed in, a rate imported, a job that
 * reprocessed documents refetch the cards of that data, without a reload. The hub session subscribes again after a
 * reconnect; the cards' own reads keep working without the hub.
 */
export function useDashboardLive(): void {
  const hub = useHub();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!hub) return;
    const offs = [
      hub.on<{ topics: string[] }>(DASHBOARD_DATA_CHANGED, (message) => {
        const paths = (message?.topics ?? []).flatMap((topic) => PATHS_OF_TOPIC[topic] ?? []);
        if (paths.length > 0) void mutate((key) => isCardKeyOf(key, paths));
      }),
      hub.subscribeUntil('SubscribeDashboard', 'UnsubscribeDashboard'),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [hub, mutate]);
}
