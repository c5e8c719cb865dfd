import { Heading, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

// Its own module: the bare layout of the sign-in pages shows it without loading the navigation's icons.
/** The root page header, shown on '/' instead of a page title. */
export function RootPageHeader() {
  return (
    <VStack align="start" gap="0" minW="0">
      <Heading as="h1" size={{ base: 'md', md: 'lg' }} truncate maxW="full">
        <Trans>Mate back office</Trans>
      </Heading>
      <Text textStyle="xs" color="fg.muted" hideBelow="md">
        <Trans>Master data, documents, reports and diagnostics for every organisation, location and terminal.</Trans>
      </Text>
    </VStack>
  );
}
