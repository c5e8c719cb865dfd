import { Badge, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { LoadState } from '../../lib/ui/load-state';
import { endSession, readSessions, SESSIONS_PATH, type SessionRow } from './account-api';

/** The user's active sessions (device, address, sign-in, last use); any can be ended, this one included (then: sign out). */
export function SessionsSection() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const sessions = useSWR(SESSIONS_PATH, readSessions);
  const [ending, setEnding] = useState<number>();
  const when = (iso: string) => i18n.date(iso, { dateStyle: 'short', timeStyle: 'short' });

  async function end(session: SessionRow) {
    setEnding(session.oid);
    try {
      await endSession(session.oid);
      if (session.current) {
        // This session's token no longer works: signing out is all that is left.
        void navigate('/logout');
        return;
      }
      toasts.show({ type: 'success', title: t`The session is ended` });
      await sessions.mutate();
    } catch (error) {
      showError(error);
    } finally {
      setEnding(undefined);
    }
  }

  const rows = sessions.data ?? [];
  return (
    <Stack as="section" gap="3" aria-labelledby="sessions-heading" data-testid="account-sessions">
      <Heading as="h2" size="md" id="sessions-heading">
        <Trans>Active sessions</Trans>
      </Heading>
      <Text textStyle="sm" color="fg.muted">
        <Trans>Every sign-in is a session. Ending one signs that browser or device out at its next action.</Trans>
      </Text>
      <LoadState
        loading={sessions.isLoading}
        error={sessions.error as unknown}
        empty={rows.length === 0}
        emptyText={<Trans>No active sessions.</Trans>}
        forbiddenText={null}
        onRetry={() => void sessions.mutate()}
      >
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Device</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Address</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Signed in</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Last used</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>
                    <Trans>Actions</Trans>
                  </Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((session) => (
                <Table.Row key={session.oid} data-testid="session-row" data-current={session.current || undefined}>
                  <Table.Cell maxW="md" dir="ltr" textAlign="start">
                    <Text lineClamp={2} title={session.userAgent} textStyle="sm">
                      {session.userAgent || '–'}
                    </Text>
                    {session.current && (
                      <Badge colorPalette="teal" size="sm">
                        <Trans>This session</Trans>
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell dir="ltr">{session.address || '–'}</Table.Cell>
                  <Table.Cell>{when(session.createdAt)}</Table.Cell>
                  <Table.Cell>{when(session.lastUsedAt)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="outline" colorPalette="red" loading={ending === session.oid} onClick={() => void end(session)} data-testid="session-end">
                      {session.current ? <Trans>Sign out here</Trans> : <Trans>End session</Trans>}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </LoadState>
    </Stack>
  );
}
