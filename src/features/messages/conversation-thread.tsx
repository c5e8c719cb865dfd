import { Box, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { showError } from '../../lib/toasts/show-error';
import { MESSAGE_MAX_LENGTH, type Conversation, type Message } from '../../../schemas/message-wire';
import { useConversation } from './use-conversation';

/**
 * A conversation's messages, oldest at the top, and the composer: Enter sends, Shift+Enter starts a new line. Texts
 * are shown as plain text (React escapes them; links are not made clickable, so nothing in a message runs).
 */
export function ConversationThread({ conversation, me }: { conversation: Conversation; me: string | undefined }) {
  const { t, i18n } = useLingui();
  const { messages, hasMore, loadOlder, loadingOlder, loading, send } = useConversation(conversation);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const lastOid = messages.at(-1)?.oid;
  const mine = (message: Message) => conversation.members.find((member) => member.oid === message.senderOid)?.userName === me;

  // A new message at the end scrolls to it; older ones loaded at the top keep the reader's place.
  const heightBefore = useRef(0);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastOid]);
  useEffect(() => {
    const box = scroller.current;
    if (box && heightBefore.current > 0) {
      box.scrollTop = box.scrollHeight - heightBefore.current;
      heightBefore.current = 0;
    }
  }, [messages.length]);

  const submit = async () => {
    const text = draft.trim();
    if (text === '' || sending || text.length > MESSAGE_MAX_LENGTH) return;
    setSending(true);
    try {
      await send(text);
      setDraft('');
    } catch (problem) {
      showError(problem);
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const tooLong = draft.trim().length > MESSAGE_MAX_LENGTH;

  return (
    <Stack flex="1" minH="0" gap="2">
      <Box ref={scroller} flex="1" minH="12rem" maxH={{ base: 'calc(100dvh - 18rem)', md: 'calc(100dvh - 19rem)' }} overflowY="auto" borderWidth="1px" borderRadius="md" p="3" role="log" aria-live="polite" aria-label={t`Messages`} data-testid="message-log">
        {hasMore && (
          <Button
            size="xs"
            variant="outline"
            display="flex"
            mx="auto"
            mb="2"
            loading={loadingOlder}
            onClick={() => {
              heightBefore.current = scroller.current?.scrollHeight ?? 0;
              void loadOlder().catch(showError);
            }}
            data-testid="message-older"
          >
            <Trans>Load older messages</Trans>
          </Button>
        )}
        {!loading && messages.length === 0 && (
          <Text color="fg.muted" textAlign="center" textStyle="sm">
            <Trans>No messages yet. Say hello.</Trans>
          </Text>
        )}
        <Stack gap="2">
          {messages.map((message) => {
            const own = mine(message);
            return (
              <Box key={message.oid} alignSelf={own ? 'flex-end' : 'flex-start'} maxW="80%" bg={own ? 'teal.subtle' : 'bg.muted'} borderRadius="lg" px="3" py="2" data-testid="message" data-own={own}>
                {!own && (
                  <Text textStyle="xs" fontWeight="semibold" color="fg.muted">
                    {message.senderName}
                  </Text>
                )}
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere" dir="auto" data-testid="message-text">
                  {message.text}
                </Text>
                <Text textStyle="2xs" color="fg.muted" textAlign="end">
                  <time dateTime={message.sentAt}>{i18n.date(new Date(message.sentAt), { dateStyle: 'short', timeStyle: 'short' })}</time>
                </Text>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <HStack align="flex-end" gap="2">
        <Stack flex="1" gap="1">
          <Textarea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            dir="auto"
            autoresize
            maxH="10rem"
            placeholder={t`Write a message (Enter sends, Shift+Enter for a new line)`}
            aria-label={t`Message`}
            aria-invalid={tooLong || undefined}
            data-testid="message-input"
          />
          {draft.length > MESSAGE_MAX_LENGTH - 200 && (
            <Text textStyle="xs" color={tooLong ? 'fg.error' : 'fg.muted'} data-testid="message-length">
              {t`${i18n.number(draft.trim().length)} of ${i18n.number(MESSAGE_MAX_LENGTH)} characters`}
            </Text>
          )}
        </Stack>
        <Button colorPalette="blue" onClick={() => void submit()} loading={sending} disabled={draft.trim() === '' || tooLong} aria-label={t`Send`} data-testid="message-send">
          <Send />
          <Box as="span" hideBelow="md">
            <Trans>Send</Trans>
          </Box>
        </Button>
      </HStack>
    </Stack>
  );
}
