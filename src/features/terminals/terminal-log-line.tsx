import { Badge, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatTerminalTime } from './terminal-time';
import type { TerminalLogLine } from './terminal-types';

const PALETTE: Record<TerminalLogLine['event'], string> = { connected: 'green', disconnected: 'gray', receipt: 'blue', refused: 'red', configuration: 'purple' };

const textOf = (detail: Record<string, unknown> | null, key: string): string | undefined => {
  const value = detail?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** The event's name in the UI language. */
function EventName({ event }: { event: TerminalLogLine['event'] }) {
  switch (event) {
    case 'connected':
      return <Trans>Connected</Trans>;
    case 'disconnected':
      return <Trans>Disconnected</Trans>;
    case 'receipt':
      return <Trans>Receipt</Trans>;
    case 'refused':
      return <Trans>Refused</Trans>;
    case 'configuration':
      return <Trans>Configuration</Trans>;
  }
}

/** What the line says beyond its event: the address and version, the reason, the receipt's number and total. */
function LineDetail({ line }: { line: TerminalLogLine }) {
  const { i18n } = useLingui();
  const { detail } = line;
  if (line.event === 'connected') {
    const address = textOf(detail, 'address') ?? '';
    const version = textOf(detail, 'version') ?? '';
    return (
      <Trans>
        from <bdi>{address}</bdi>, version <bdi>{version}</bdi>
      </Trans>
    );
  }
  if (line.event === 'receipt') {
    const number = textOf(detail, 'number') ?? '';
    const total = Number(detail?.total);
    const currency = textOf(detail, 'currency');
    let amount = textOf(detail, 'total') ?? '';
    if (Number.isFinite(total) && currency && /^[A-Z]{3}$/.test(currency)) amount = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency }).format(total);
    return (
      <Trans>
        No. {number}, total <bdi>{amount}</bdi>
      </Trans>
    );
  }
  if (line.event === 'configuration') {
    // A push of the bridge's ForcePosClassicSync job: delivered by an instance, or missed with the reason.
    if (detail?.delivered === true) return <Trans>Configuration delivered</Trans>;
    const reason = textOf(detail, 'reason') ?? '';
    return (
      <Trans>
        Configuration not delivered: <bdi>{reason}</bdi>
      </Trans>
    );
  }
  // The reason of a disconnect and the message of a refusal come from the server as it wrote them.
  const said = textOf(detail, line.event === 'disconnected' ? 'reason' : 'message') ?? '';
  return <bdi>{said}</bdi>;
}

/** One log line as a table row. */
export function TerminalLogRow({ line }: { line: TerminalLogLine }) {
  const { i18n } = useLingui();
  return (
    <Table.Row data-event={line.event}>
      <Table.Cell whiteSpace="nowrap">
        <time dateTime={line.at}>{formatTerminalTime(line.at, i18n.locale)}</time>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={PALETTE[line.event]} variant="subtle">
          <EventName event={line.event} />
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <Text as="span">
          <LineDetail line={line} />
        </Text>
      </Table.Cell>
    </Table.Row>
  );
}
