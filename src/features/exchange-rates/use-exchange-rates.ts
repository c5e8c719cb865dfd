import { useCallback, useEffect } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import type { CurrentExchangeRate, ExchangeRateChange, ExchangeRateList } from '../../../schemas/exchange-rate-wire';

/** One current rate (GET /api/exchange-rates). */
export type ExchangeRateRow = CurrentExchangeRate;

const LIST_PATH = '/api/exchange-rates';
/** The hub message the rate triggers send (server/dashboard/dashboard-events.ts), and its topic for the rates. */
const DATA_CHANGED = 'DashboardDataChanged';
const RATES_TOPIC = 'exchange-rates';

/**
 * The rates of a tenant, kept current: an import, another user's edit or another instance's write arrives through the
 * hub (the dashboard's rate messages) and the list reads again; without the hub the list is as of its last read.
 */
export function useExchangeRates(tenantOid: number | undefined) {
  const hub = useHub();
  const list = useSWR<ExchangeRateList>(tenantOid === undefined ? null : [LIST_PATH, tenantOid], ([path, tenant]: [string, number]) => apiGet<ExchangeRateList>(path, { tenantOid: tenant }));
  const { mutate } = list;

  useEffect(() => {
    if (!hub || tenantOid === undefined) return;
    const offs = [
      hub.on<{ topics?: string[]; tenantOids?: number[] }>(DATA_CHANGED, (message) => {
        if (message?.topics?.includes(RATES_TOPIC) && (message.tenantOids ?? []).includes(tenantOid)) void mutate();
      }),
      hub.subscribeUntil('SubscribeDashboard', 'UnsubscribeDashboard'),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [hub, tenantOid, mutate]);

  const setRate = useCallback(
    async (currency: string, exchangeRate: number) => {
      await apiCall(`${LIST_PATH}/${encodeURIComponent(currency)}`, { method: 'PUT', query: { tenantOid }, body: { exchangeRate } });
      await mutate();
    },
    [mutate, tenantOid],
  );
  const removeRate = useCallback(
    async (currency: string) => {
      await apiCall(`${LIST_PATH}/${encodeURIComponent(currency)}`, { method: 'DELETE', query: { tenantOid } });
      await mutate();
    },
    [mutate, tenantOid],
  );
  return { rates: list.data, loading: list.isLoading, error: list.error as unknown, reload: () => void mutate(), setRate, removeRate };
}

/** The history of one currency's rate, newest first. */
export function useExchangeRateHistory(tenantOid: number | undefined, currency: string) {
  const history = useSWR<{ items: ExchangeRateChange[] }>(tenantOid === undefined ? null : [`${LIST_PATH}/${currency}/history`, tenantOid], ([path, tenant]: [string, number]) =>
    apiGet<{ items: ExchangeRateChange[] }>(path, { tenantOid: tenant, take: 100 }),
  );
  return { items: history.data?.items, loading: history.isLoading, error: history.error as unknown, reload: () => void history.mutate() };
}
