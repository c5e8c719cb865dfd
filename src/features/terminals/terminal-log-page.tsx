import { Button, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { sinceOf } from './terminal-list';
import { TerminalLogRow } from './terminal-log-line';
import { formatTerminalTime } from './terminal-time';
import { useTerminalLog } from './use-terminal-log';
import { useTerminalMonitoring } from './use-terminal-monitoring';
import { ConnectionBadge } from './connection-badge';

const oidOf = (value: string | null): number | undefined => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined);

/** /service/terminals/log (component 'terminal-log'): one terminal's log, newest first, following new lines. */
export function TerminalLogPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const terminalOid = oidOf(params.get('terminal'));
  const { terminals } = useTerminalMonitoring();
  const log = useTerminalLog(terminalOid);
  const terminal = log.terminal;

  return (
    <Stack gap="4" data-testid="terminal-log">
      <NativeSelect.Root size="sm" maxW="md">
        <NativeSelect.Field
          aria-label={t`Terminal`}
          value={terminalOid === undefined ? '' : String(terminalOid)}
          onChange={(event) => setParams(event.target.value ? { terminal: event.target.value } : {})}
        >
          <option value="">{t`Choose a terminal`}</option>
          {(terminals ?? []).map((item) => (
            <option key={item.terminalOid} value={item.terminalOid}>
              {item.terminalNumber} {item.name}
              {item.locationName ? ` · ${item.locationName}` : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {terminalOid === undefined && (
        <Text color="fg.muted">
          <Trans>Choose a terminal to read its log.</Trans>
        </Text>
      )}
      {log.error !== undefined && (
        <Text color="fg.error" role="alert">
          <Trans>The log of this terminal could not be read.</Trans>
        </Text>
      )}
      {log.loading && <BusyHourglass />}
      {terminal && (
        <HStack gap="3" flexWrap="wrap" data-testid="terminal-log-state">
          <Text fontWeight="semibold">
            <bdi>
              {terminal.terminalNumber} {terminal.name}
            </bdi>
          </Text>
          <ConnectionBadge connected={terminal.connected} />
          <Text color="fg.muted" textStyle="sm">
            <Trans>since {formatTerminalTime(sinceOf(terminal), i18n.locale)}</Trans>
          </Text>
        </HStack>
      )}
      {terminalOid !== undefined && !log.loading && log.error === undefined && (
        <>
          <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Log lines, newest first`}>
            <Table.Root size="sm" data-testid="terminal-log-lines">
              <Table.Caption srOnly>
                <Trans>Log lines, newest first</Trans>
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Time</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Event</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Details</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {log.lines.map((line) => (
                  <TerminalLogRow key={line.id} line={line} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {log.lines.length === 0 && (
            <Text color="fg.muted">
              <Trans>This terminal has no log lines yet.</Trans>
            </Text>
          )}
          {log.hasMore && (
            <Button alignSelf="start" size="sm" variant="outline" loading={log.loadingMore} onClick={log.loadMore}>
              <Trans>Older lines</Trans>
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
