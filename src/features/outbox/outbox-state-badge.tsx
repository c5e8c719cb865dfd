import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { OutboxState } from './outbox-types';

const PALETTE: Record<OutboxState, string> = { queued: 'blue', sent: 'green', failed: 'red' };

/** A mail's state in words and colour (the colour is never the only sign). */
export function OutboxStateBadge({ state }: { state: OutboxState }) {
  const { t } = useLingui();
  const label: Record<OutboxState, string> = { queued: t`Queued`, sent: t`Sent`, failed: t`Failed` };
  return (
    <Badge colorPalette={PALETTE[state]} variant="subtle" data-state={state}>
      {label[state]}
    </Badge>
  );
}
