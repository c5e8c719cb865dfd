import { Box, Center, Heading, Link, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ServerCrash } from 'lucide-react';

/** Shown at start when the ping fails (spec 1 §2, §8); Retry pings again without reloading the page. */
export function ServiceUnavailablePage({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Center minH="100vh" p="6">
      <VStack gap="4" maxW="md" textAlign="center" data-testid="service-unavailable">
        <Box color="orange.500" aria-hidden>
          <ServerCrash size={48} />
        </Box>
        <Heading as="h1" size="lg">
          <Trans>Service unavailable</Trans>
        </Heading>
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
      </VStack>
    </Center>
  );
}
