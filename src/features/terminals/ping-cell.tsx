import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PingState } from './terminal-ping';

/** The outcome of the row's last ping, in words. */
function PingOutcome({ ping }: { ping: PingState }) {
  const { i18n } = useLingui();
  switch (ping.state) {
    case 'waiting':
      return <Trans>Waiting for the answer…</Trans>;
    case 'answered': {
      const ms = new Intl.NumberFormat(i18n.locale).format(ping.roundTripMs);
      return <Trans>Answered in {ms} ms</Trans>;
    }
    case 'timeout':
      return <Trans>No answer within 5 seconds</Trans>;
    case 'disconnected':
      return <Trans>Not connected</Trans>;
    case 'refused':
      return ping.message ? <Trans>Refused: {ping.message}</Trans> : <Trans>The hub is not connected.</Trans>;
  }
}

/** A Ping button for a connected terminal, and what the last ping came to. */
export function PingCell({ connected, ping, onPing, label }: { connected: boolean; ping: PingState | undefined; onPing: () => void; label: string }) {
  const answeredWell = ping?.state === 'answered';
  return (
    <Stack gap="1" alignItems="start" minW="24">
      {connected && (
        <Button size="xs" variant="outline" onClick={onPing} loading={ping?.state === 'waiting'} aria-label={label}>
          <Trans>Ping</Trans>
        </Button>
      )}
      {ping && (
        <Text as="span" textStyle="xs" role="status" data-testid="ping-outcome" data-ping={ping.state} color={answeredWell || ping.state === 'waiting' ? 'fg' : 'fg.error'}>
          <PingOutcome ping={ping} />
        </Text>
      )}
    </Stack>
  );
}
