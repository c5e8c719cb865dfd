import { Badge, Box, IconButton, Popover, Portal, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Activity } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { networkActivity as defaultLog, type ActivityLog } from '../lib/activity/network-activity';
import { formatBytes } from '../lib/format/format-bytes';
import { formatDuration } from '../lib/format/format-duration';

function statusPalette(status: number | undefined): string {
  if (status === undefined) return 'gray';
  if (status === 0 || status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'green';
}

/** The last 16 calls: method, status, URL with parameters, bytes up and down, duration (live while running). */
export function NetworkActivityMenu({ log = defaultLog }: { log?: ActivityLog }) {
  const { t, i18n } = useLingui();
  const entries = useSyncExternalStore(log.subscribe, log.getSnapshot, log.getSnapshot);
  // Re-read on each tick: the log emits every 500 ms while a call runs.
  useSyncExternalStore(log.subscribe, () => (log.isRunning() ? Math.floor(Date.now() / 500) : 0));
  const running = entries.some((entry) => entry.durationMs === undefined);
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton aria-label={t`Network activity`} title={t`Network activity`} variant="ghost" size="sm" data-running={running}>
          <Activity className={running ? 'mate-pulse' : undefined} />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="min(46rem, 95vw)" aria-label={t`Network activity`} data-testid="network-activity">
            <Popover.Body p="2">
              {entries.length === 0 ? (
                <Text p="2" color="fg.muted">
                  <Trans>No calls yet.</Trans>
                </Text>
              ) : (
                <Box maxH="24rem" overflowY="auto">
                  <Table.Root size="sm">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t`Method`}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t`Status`}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t`URL`}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t`Sent`}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t`Received`}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t`Duration`}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {entries.map((entry) => (
                        <Table.Row key={entry.id}>
                          <Table.Cell fontFamily="mono">{entry.method}</Table.Cell>
                          <Table.Cell>
                            <Badge colorPalette={statusPalette(entry.status)}>{entry.status ?? '…'}</Badge>
                          </Table.Cell>
                          <Table.Cell fontFamily="mono" fontSize="xs" wordBreak="break-all">
                            {entry.url}
                          </Table.Cell>
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {formatBytes(entry.bytesUp, i18n.locale)}
                          </Table.Cell>
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {entry.bytesDown === undefined ? '…' : formatBytes(entry.bytesDown, i18n.locale)}
                          </Table.Cell>
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {formatDuration(log.durationOf(entry), i18n.locale)}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Box>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
