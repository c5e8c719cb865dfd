import { Box, Code, Heading, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Construction } from 'lucide-react';

/** Shown for a navigation entry whose component is not built yet, instead of failing. */
export function NotAvailablePage({ component }: { component?: string }) {
  return (
    <VStack gap="4" py="16" px="6" textAlign="center" data-testid="not-available-page">
      <Box color="fg.muted" aria-hidden>
        <Construction size={48} />
      </Box>
      <Heading as="h2" size="lg">
        <Trans>This page is not available yet</Trans>
      </Heading>
      {component && (
        <Text color="fg.muted">
          <Trans>
            Component: <Code>{component}</Code>
          </Trans>
        </Text>
      )}
    </VStack>
  );
}
