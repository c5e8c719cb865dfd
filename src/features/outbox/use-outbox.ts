import { useCallback } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import type { OutboxPage } from './outbox-types';

/** Most mails the page reads (the server's maximum page); older ones are counted in `total`. */
export const OUTBOX_TAKE = 1000;
/** The sender works every few seconds: the page reads the outbox again this often while it is open. */
const REFRESH_MS = 15_000;

/** The outbox, read again on an interval, and the two things an administrator does with a mail. */
export function useOutbox() {
  const list = useSWR<OutboxPage>('/api/admin/outbox', (path: string) => apiGet<OutboxPage>(path, { take: OUTBOX_TAKE }), { refreshInterval: REFRESH_MS });
  const { mutate } = list;
  const resend = useCallback(
    async (oid: number) => {
      await apiCall(`/api/admin/outbox/${oid}/resend`, { method: 'POST' });
      await mutate();
    },
    [mutate],
  );
  const remove = useCallback(
    async (oid: number) => {
      await apiCall(`/api/admin/outbox/${oid}`, { method: 'DELETE' });
      await mutate();
    },
    [mutate],
  );
  return { page: list.data, loading: list.isLoading, refreshing: list.isValidating, error: list.error as unknown, reload: () => void mutate(), resend, remove };
}
