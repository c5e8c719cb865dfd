import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../auth/use-session';
import { LoadState } from '../../lib/ui/load-state';
import { conversationTitle } from './conversation-title';
import type { Conversation } from '../../../schemas/message-wire';
import { NewConversationDialog } from './new-conversation-dialog';
import { ConversationThread } from './conversation-thread';
import { useInbox } from './use-messages-live';
import { formatDate } from '../../lib/format/format-number';

/**
 * /messages (component 'messages'; docs/messages.md): the caller's conversations with their unread counts, and the
 * chosen one's history with a composer. Wide screens show both side by side; narrow ones the list or the
 * conversation. The chosen conversation is in the address (`?c=12`), so a reload keeps it.
 */
export function MessagesPage() {
  const { t, i18n } = useLingui();
  const me = useSession().user?.username;
  const inbox = useInbox(true);
  const [params, setParams] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const chosenOid = Number(params.get('c')) || undefined;
  const chosen = inbox.data?.conversations.find((conversation) => conversation.oid === chosenOid);
  const choose = (oid: number | undefined) => setParams(oid === undefined ? {} : { c: String(oid) });

  const list = (
    <Stack gap="2" minW="0" data-testid="conversation-list">
      <Button size="sm" colorPalette="blue" alignSelf="flex-start" onClick={() => setStarting(true)} data-testid="conversation-new">
        <Plus /> <Trans>New conversation</Trans>
      </Button>
      <LoadState
        loading={inbox.isLoading}
        error={inbox.error as unknown}
        empty={inbox.data?.conversations.length === 0}
        emptyText={<Trans>No conversations yet. Start one with a colleague of your organisation.</Trans>}
        forbiddenText={<Trans>You may not use messages in this organisation.</Trans>}
        onRetry={() => void inbox.mutate()}
      >
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {inbox.data?.conversations.map((conversation) => (
            <ConversationItem key={conversation.oid} conversation={conversation} me={me} active={conversation.oid === chosenOid} onOpen={() => choose(conversation.oid)} locale={i18n.locale} unreadLabel={t`${i18n.number(conversation.unread)} unread`} />
          ))}
        </Stack>
      </LoadState>
    </Stack>
  );

  return (
    <Flex gap="4" align="stretch" minH={{ base: 'calc(100dvh - 9rem)', md: 'calc(100dvh - 10rem)' }} data-testid="messages-page">
      <Box w={{ base: 'full', md: '20rem' }} flexShrink="0" display={{ base: chosen ? 'none' : 'block', md: 'block' }} borderEndWidth={{ md: '1px' }} pe={{ md: '3' }}>
        {list}
      </Box>
      <Stack flex="1" minW="0" display={{ base: chosen ? 'flex' : 'none', md: 'flex' }}>
        {chosen ? (
          <>
            <HStack gap="2">
              <Button size="sm" variant="ghost" hideFrom="md" onClick={() => choose(undefined)} aria-label={t`All conversations`}>
                <Box as="span" display="inline-flex" _rtl={{ transform: 'scaleX(-1)' }}>
                  <ArrowLeft />
                </Box>
              </Button>
              <Text as="h2" textStyle="lg" fontWeight="semibold" truncate data-testid="conversation-title">
                {conversationTitle(chosen, me)}
              </Text>
            </HStack>
            <ConversationThread key={chosen.oid} conversation={chosen} me={me} />
          </>
        ) : (
          <Text color="fg.muted" m="auto" data-testid="conversation-none">
            {chosenOid !== undefined && inbox.data ? <Trans>This conversation is not one of yours.</Trans> : <Trans>Choose a conversation or start a new one.</Trans>}
          </Text>
        )}
      </Stack>
      {starting && (
        <NewConversationDialog
          onCancel={() => setStarting(false)}
          onOpened={(oid) => {
            setStarting(false);
            void inbox.mutate();
            choose(oid);
          }}
        />
      )}
    </Flex>
  );
}

function ConversationItem({ conversation, me, active, onOpen, locale, unreadLabel }: { conversation: Conversation; me: string | undefined; active: boolean; onOpen: () => void; locale: string; unreadLabel: string }) {
  const last = conversation.lastMessage;
  return (
    <Box as="li">
      <Box
        as="button"
        w="full"
        textAlign="start"
        px="3"
        py="2"
        borderRadius="md"
        bg={active ? 'teal.subtle' : undefined}
        _hover={{ bg: active ? 'teal.subtle' : 'bg.muted' }}
        aria-current={active ? 'true' : undefined}
        onClick={onOpen}
        data-testid="conversation-item"
        data-unread={conversation.unread}
      >
        <HStack justify="space-between" gap="2">
          <Text fontWeight={conversation.unread > 0 ? 'bold' : 'medium'} truncate>
            {conversationTitle(conversation, me)}
          </Text>
          {conversation.unread > 0 && (
            <Badge colorPalette="red" variant="solid" borderRadius="full" aria-label={unreadLabel} data-testid="conversation-unread">
              {new Intl.NumberFormat(locale).format(conversation.unread)}
            </Badge>
          )}
        </HStack>
        {last && (
          <HStack justify="space-between" gap="2" color="fg.muted" textStyle="xs">
            <Text truncate dir="auto">{last.text}</Text>
            <Text flexShrink="0">{formatDate(last.sentAt, locale, { dateStyle: 'short', timeStyle: 'short' })}</Text>
          </HStack>
        )}
      </Box>
    </Box>
  );
}
