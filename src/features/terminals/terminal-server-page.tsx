import { Card, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { formatTerminalTime } from './terminal-time';
import { useTerminalServer } from './use-terminal-server';

function Figure({ label, value, testId }: { label: ReactNode; value: number; testId: string }) {
  const { i18n } = useLingui();
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body gap="1">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="2xl" fontWeight="semibold" data-testid={testId}>
          {new Intl.NumberFormat(i18n.locale).format(value)}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** /service/terminal-server (component 'terminal-server'): the terminal endpoint across every server instance. */
export function TerminalServerPage() {
  const { t, i18n } = useLingui();
  const { state, error, loading } = useTerminalServer();
  if (loading) return <BusyHourglass />;
  if (error || !state) {
    return (
      <Text color="fg.error" role="alert">
        <Trans>The terminal server state could not be read.</Trans>
      </Text>
    );
  }
  const { connected, terminals } = state;
  return (
    <Stack gap="5" data-testid="terminal-server">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Figure label={<Trans>Connected terminals</Trans>} value={state.connected} testId="server-connected" />
        <Figure label={<Trans>Receipts today (UTC)</Trans>} value={state.receiptsToday} testId="server-receipts-today" />
        <Figure label={<Trans>Receipts in the last hour</Trans>} value={state.receiptsLastHour} testId="server-receipts-hour" />
        <Figure label={<Trans>Refused today (UTC)</Trans>} value={state.refusedToday} testId="server-refused-today" />
      </SimpleGrid>
      <Text>
        <Trans>
          {connected} of {terminals} terminals connected.
        </Trans>
      </Text>
      <Stack gap="2">
        <Text as="h2" fontWeight="semibold">
          <Trans>Server instances holding terminal connections</Trans>
        </Text>
        {state.instances.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No server instance holds a terminal connection.</Trans>
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Server instances holding terminal connections`}>
            <Table.Root size="sm" data-testid="server-instances">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Instance</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Connections</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Last heartbeat</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {state.instances.map((instance) => (
                  <Table.Row key={instance.instanceId}>
                    <Table.Cell fontFamily="mono">
                      <bdi>{instance.instanceId}</bdi>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{new Intl.NumberFormat(i18n.locale).format(instance.connections)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatTerminalTime(instance.lastHeartbeatAt, i18n.locale)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
      <Text textStyle="sm" color="fg.muted">
        <Trans>Read at {formatTerminalTime(state.at, i18n.locale)}</Trans>
      </Text>
    </Stack>
  );
}
