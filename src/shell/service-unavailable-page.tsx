import { Center, Link, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ServerCrash } from 'lucide-react';
import { StatusMessage } from './status-message';

/** Shown at start when the ping fails (spec 1 §2, §8); Retry pings again without reloading the page. */
export function ServiceUnavailablePage({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Center minH="100vh" p="6">
      <StatusMessage icon={ServerCrash} iconColor="orange.500" title={<Trans>Service unavailable</Trans>} headingLevel="h1" headingSize="lg" testId="service-unavailable" maxW="md">
        <Text color="fg.muted">
          <Trans>The API service appears not to be started. Please try again in a moment.</Trans>
        </Text>
        <Link
          href={typeof window === 'undefined' ? '#' : window.location.href}
          colorPalette="teal"
          fontWeight="semibold"
          aria-disabled={retrying}
          onClick={(event) => {
            event.preventDefault();
            if (!retrying) onRetry();
          }}
        >
          {retrying ? <Trans>Retrying…</Trans> : <Trans>Retry</Trans>}
        </Link>
      </StatusMessage>
    </Center>
  );
}
