import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiGet } from '../../lib/api/api-client';
import { useHub } from '../../lib/hub/hub-provider';
import { INBOX_PATH, MESSAGES_CHANGED, type Inbox } from '../../../schemas/message-wire';

/** Whether an SWR key is one of the message reads (the inbox or a conversation's pages). */
const isMessageKey = (key: unknown) => (Array.isArray(key) ? String(key[0]) : String(key)).startsWith('/api/messages/');

/**
 * The caller's conversations with their unread counts, kept current: the hub says when a message arrives or was
 * read in another tab (MessagesChanged) and every message read of this tab is fetched again. The subscription lasts
 * the session (SubscribeMessages is idempotent, so the badge and the page may both ask for it).
 */
export function useInbox(enabled: boolean) {
  const hub = useHub();
  const { mutate } = useSWRConfig();
  const inbox = useSWR<Inbox>(enabled ? INBOX_PATH : null, (path: string) => apiGet<Inbox>(path));

  useEffect(() => {
    if (!hub || !enabled) return;
    const offs = [hub.on(MESSAGES_CHANGED, () => void mutate(isMessageKey)), hub.subscribe('SubscribeMessages')];
    return () => {
      for (const off of offs) off();
    };
  }, [hub, enabled, mutate]);

  return inbox;
}
