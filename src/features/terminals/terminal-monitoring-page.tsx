import { HStack, Input, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { useBasePath } from '../../shell/base-path';
import { useTenancy } from '../../shell/tenancy-context';
import { CountryFlag } from '../../lib/ui/country-flag';
import { countTerminals, filterTerminals, nextSortOrder, sinceOf, sortTerminals, type SortOrder, type StateFilter } from './terminal-list';
import { SortHeader as SortableHeader } from '../../lib/ui/sort-header';
import { formatTerminalTime } from './terminal-time';
import { TERMINAL_LOG_PATH } from './terminal-log-path';
import { useTerminalMonitoring } from './use-terminal-monitoring';
import { PingCell } from './ping-cell';
import { useTerminalPing } from './use-terminal-ping';
import { ConnectionBadge } from './connection-badge';

/** /service/terminals (component 'terminal-monitoring'): every POS terminal the user may monitor, live. */
export function TerminalMonitoringPage() {
  const { t, i18n } = useLingui();
  const { terminals, error, loading } = useTerminalMonitoring();
  const { tenants } = useTenancy();
  const { pings, ping } = useTerminalPing();
  const base = useBasePath();
  const [text, setText] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [order, setOrder] = useState<SortOrder>({ column: 'tenant', descending: false });

  const tenantOf = useMemo(() => new Map(tenants.map((tenant) => [tenant.oid, tenant])), [tenants]);
  const tenantName = useCallback((oid: number) => tenantOf.get(oid)?.text ?? `#${oid}`, [tenantOf]);
  const counts = countTerminals(terminals ?? []);
  const shown = useMemo(
    () => sortTerminals(filterTerminals(terminals ?? [], text, state, tenantName), order, tenantName, i18n.locale),
    [terminals, text, state, order, tenantName, i18n.locale],
  );

  if (loading) return <BusyHourglass />;
  if (error) {
    return (
      <Text color="fg.error" role="alert">
        <Trans>The terminal list could not be read.</Trans>
      </Text>
    );
  }
  const { connected, disconnected } = counts;
  return (
    <Stack gap="4" data-testid="terminal-monitoring">
      <Text role="status" data-testid="terminal-counts">
        <Trans>
          {connected} connected, {disconnected} disconnected
        </Trans>
      </Text>
      <HStack gap="3" flexWrap="wrap">
        <Input maxW="xs" size="sm" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t`Filter by number, name, location, tenant…`} aria-label={t`Filter terminals`} />
        <NativeSelect.Root size="sm" maxW="52">
          <NativeSelect.Field value={state} onChange={(event) => setState(event.target.value as StateFilter)} aria-label={t`Connection state`}>
            <option value="all">{t`All states`}</option>
            <option value="connected">{t`Connected only`}</option>
            <option value="disconnected">{t`Disconnected only`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`POS terminals and their connection state`}>
        <Table.Root size="sm" data-testid="terminal-table">
          <Table.Caption srOnly>
            <Trans>POS terminals and their connection state</Trans>
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <SortableHeader column="name" order={order} onSort={(column) => setOrder(nextSortOrder(order, column))}>
                <Trans>Terminal</Trans>
              </SortableHeader>
              <SortableHeader column="state" order={order} onSort={(column) => setOrder(nextSortOrder(order, column))}>
                <Trans>State</Trans>
              </SortableHeader>
              <SortableHeader column="tenant" order={order} onSort={(column) => setOrder(nextSortOrder(order, column))}>
                <Trans>Tenant</Trans>
              </SortableHeader>
              <SortableHeader column="location" order={order} onSort={(column) => setOrder(nextSortOrder(order, column))}>
                <Trans>Location</Trans>
              </SortableHeader>
              <SortableHeader column="since" order={order} onSort={(column) => setOrder(nextSortOrder(order, column))}>
                <Trans>Since</Trans>
              </SortableHeader>
              <SortableHeader column="lastHeartbeat" order={order} onSort={(column) => setOrder(nextSortOrder(order, column))}>
                <Trans>Last heartbeat</Trans>
              </SortableHeader>
              <SortableHeader column="version" order={order} onSort={(column) => setOrder(nextSortOrder(order, column))}>
                <Trans>Software version</Trans>
              </SortableHeader>
              <SortableHeader column="documents" order={order} onSort={(column) => setOrder(nextSortOrder(order, column))}>
                <Trans>Documents received</Trans>
              </SortableHeader>
              <Table.ColumnHeader>
                <Trans>Ping</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Log</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((terminal) => (
              <Table.Row key={terminal.terminalOid} data-terminal-oid={terminal.terminalOid} data-connected={terminal.connected}>
                <Table.Cell>
                  <bdi>
                    {terminal.terminalNumber} {terminal.name}
                  </bdi>
                </Table.Cell>
                <Table.Cell data-testid="terminal-state">
                  <ConnectionBadge connected={terminal.connected} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <CountryFlag country={tenantOf.get(terminal.tenantOid)?.country} />
                    <Text as="span">{tenantName(terminal.tenantOid)}</Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell>{terminal.locationName ?? ''}</Table.Cell>
                <Table.Cell minW="24">{formatTerminalTime(sinceOf(terminal), i18n.locale)}</Table.Cell>
                <Table.Cell minW="24">{formatTerminalTime(terminal.lastHeartbeatAt, i18n.locale)}</Table.Cell>
                <Table.Cell>
                  <bdi>{terminal.version ?? ''}</bdi>
                </Table.Cell>
                <Table.Cell textAlign="end">{new Intl.NumberFormat(i18n.locale).format(terminal.documentsReceived)}</Table.Cell>
                <Table.Cell>
                  <PingCell connected={terminal.connected} ping={pings.get(terminal.terminalOid)} onPing={() => ping(terminal.terminalOid)} label={t`Ping terminal ${terminal.terminalNumber} ${terminal.name}`} />
                </Table.Cell>
                <Table.Cell>
                  <Link asChild colorPalette="teal" color="colorPalette.fg">
                    <RouterLink to={`${base}${TERMINAL_LOG_PATH}?terminal=${terminal.terminalOid}`} aria-label={t`Log of terminal ${terminal.terminalNumber} ${terminal.name}`}>
                      <Trans>Log</Trans>
                    </RouterLink>
                  </Link>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {shown.length === 0 && (
        <Text color="fg.muted">
          <Trans>No terminal matches the filter.</Trans>
        </Text>
      )}
    </Stack>
  );
}
