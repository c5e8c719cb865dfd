import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useHubStatus } from '../lib/hub/hub-provider';
import type { HubStatus as Status } from '../lib/hub/hub-session';

const DOT: Record<Status, string> = { connected: 'green.solid', connecting: 'orange.solid', reconnecting: 'orange.solid', disconnected: 'red.solid' };

/** Footer indicator of the live connection (spec 1 §4), and the reload offer once a new version is deployed. */
export function HubStatus() {
  const { t } = useLingui();
  const { status, updateAvailable } = useHubStatus();
  const label: Record<Status, string> = { connected: t`Live`, connecting: t`Connecting…`, reconnecting: t`Reconnecting…`, disconnected: t`Offline` };
  const title: Record<Status, string> = {
    connected: t`Changes made elsewhere show up here at once.`,
    connecting: t`Connecting to the server for live updates.`,
    reconnecting: t`The live connection was lost; trying again every 5 seconds.`,
    disconnected: t`No live updates; data refreshes when you search again.`,
  };
  return (
    <HStack gap="2">
      <HStack gap="1.5" role="status" aria-live="polite" title={title[status]} data-testid="hub-status" data-status={status}>
        <Box w="2" h="2" borderRadius="full" bg={DOT[status]} flexShrink={0} aria-hidden />
        <Text textStyle="xs" color="fg.muted">
          {label[status]}
        </Text>
      </HStack>
      {updateAvailable && (
        <Button size="2xs" variant="outline" colorPalette="teal" onClick={() => window.location.reload()} data-testid="hub-update-available">
          {t`Update available: reload`}
        </Button>
      )}
    </HStack>
  );
}
