import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** Shown while the app starts (spec 1 §4 "Application start": loading). */
export function LoadingScreen() {
  return (
    <Center minH="100vh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="teal.500" />
        <Text color="fg.muted">
          <Trans>Loading…</Trans>
        </Text>
      </VStack>
    </Center>
  );
}
