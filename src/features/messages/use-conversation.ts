import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { INBOX_PATH, type Conversation, type Message, type MessagePage } from '../../../schemas/message-wire';

const PAGE_SIZE = 30;

/**
 * One conversation's history: the newest page (read again whenever the hub says something changed), older pages on
 * demand, sending, and marking read while the conversation is on screen and the tab visible.
 */
export function useConversation(conversation: Conversation | undefined) {
  const oid = conversation?.oid;
  const { mutate } = useSWRConfig();
  const path = oid === undefined ? null : `/api/messages/conversations/${oid}/messages`;
  const newest = useSWR<MessagePage>(path ? [path, 'newest'] : null, ([url]: [string]) => apiGet<MessagePage>(url, { take: PAGE_SIZE }));
  const [older, setOlder] = useState<{ oid: number | undefined; messages: Message[]; hasMore: boolean }>({ oid, messages: [], hasMore: true });
  const [loadingOlder, setLoadingOlder] = useState(false);

  // A conversation opened anew starts from its newest page.
  const olderOfThis = older.oid === oid ? older : { oid, messages: [], hasMore: true };

  const messages = useMemo(() => {
    const seen = new Set<number>();
    return [...olderOfThis.messages, ...(newest.data?.messages ?? [])].filter((message) => !seen.has(message.oid) && (seen.add(message.oid), true));
  }, [olderOfThis.messages, newest.data]);
  const hasMore = olderOfThis.messages.length > 0 ? olderOfThis.hasMore : (newest.data?.hasMore ?? false);

  const loadOlder = useCallback(async () => {
    if (!path || messages.length === 0) return;
    setLoadingOlder(true);
    try {
      const page = await apiGet<MessagePage>(path, { take: PAGE_SIZE, before: messages[0]!.oid });
      setOlder({ oid, messages: [...page.messages, ...olderOfThis.messages], hasMore: page.hasMore });
    } finally {
      setLoadingOlder(false);
    }
  }, [path, messages, oid, olderOfThis.messages]);

  const send = useCallback(
    async (text: string) => {
      if (!path) return;
      await apiCall(path, { method: 'POST', body: { text } });
      await Promise.all([newest.mutate(), mutate(INBOX_PATH)]);
    },
    [path, newest, mutate],
  );

  // Read on view: whenever unread messages are on screen in a visible tab, they are marked read (the badge clears in every tab).
  const unread = conversation?.unread ?? 0;
  const newestOid = newest.data?.messages.at(-1)?.oid;
  useEffect(() => {
    if (oid === undefined || unread === 0 || newestOid === undefined) return;
    const markRead = () => {
      if (document.visibilityState !== 'visible') return;
      void apiCall(`/api/messages/conversations/${oid}/read`, { method: 'POST', body: { upTo: newestOid } })
        .then(() => mutate(INBOX_PATH))
        .catch(() => undefined);
    };
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [oid, unread, newestOid, mutate]);

  return { messages, hasMore, loadOlder, loadingOlder, loading: newest.isLoading, error: newest.error as unknown, send };
}
