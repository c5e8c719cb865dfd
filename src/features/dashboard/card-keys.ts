/**
 * SWR keys of the cards' reads: `[CARD_KEY, path, ...]`, so that a hub message can refetch the cards whose data
 * changed (`use-dashboard-live.ts`) without touching any other cache entry.
 */
export const CARD_KEY = 'dashboard-card';

export const TURNOVER_PATH = '/api/turnover/daily';
export const THROUGHPUT_PATH = '/api/documents/throughput';
export const EXCHANGE_RATES_PATH = '/api/currencies/exchange-rates';
export const UNPROCESSED_PATH = '/api/documents/unprocessed';
export const CONFIGURATION_CHANGES_PATH = '/api/settings/recent-changes';
export const DATABASE_USAGE_PATH = '/api/db-info/summary';

/** Which reads each topic of DashboardDataChanged makes stale. */
export const PATHS_OF_TOPIC: Readonly<Record<string, readonly string[]>> = {
  documents: [TURNOVER_PATH, THROUGHPUT_PATH, UNPROCESSED_PATH, DATABASE_USAGE_PATH],
  'exchange-rates': [EXCHANGE_RATES_PATH],
};

/** Whether an SWR key is a card read of one of `paths`. */
export function isCardKeyOf(key: unknown, paths: readonly string[]): boolean {
  return Array.isArray(key) && key[0] === CARD_KEY && paths.includes(key[1] as string);
}
