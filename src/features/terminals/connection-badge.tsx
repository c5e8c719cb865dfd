import { Badge } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** Whether a terminal is connected, as a badge in words (the monitoring list and the terminal's log say it alike). */
export function ConnectionBadge({ connected }: { connected: boolean }) {
  return connected ? (
    <Badge colorPalette="green" variant="subtle">
      <Trans>Connected</Trans>
    </Badge>
  ) : (
    <Badge colorPalette="gray" variant="subtle">
      <Trans>Disconnected</Trans>
    </Badge>
  );
}
