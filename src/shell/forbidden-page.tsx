import { Box, Code, Heading, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Ban } from 'lucide-react';
import { useSearchParams } from 'react-router';

/** The forbidden page: the requested path from ?requested= and why it is not shown (spec 1 §2). */
export function ForbiddenPage() {
  const [params] = useSearchParams();
  const requested = params.get('requested') ?? '';
  return (
    <VStack gap="4" py="16" px="6" textAlign="center" data-testid="forbidden-page">
      <Box color="red.500" aria-hidden>
        <Ban size={48} />
      </Box>
      <Heading as="h2" size="xl">
        <Trans>Access denied</Trans>
      </Heading>
      {requested && (
        <Text>
          <Trans>
            You are not permitted to open <Code data-testid="requested-path">{requested}</Code> in the current organisation.
          </Trans>
        </Text>
      )}
      <Text color="fg.muted" maxW="lg">
        <Trans>Ask an administrator for the permission, or choose another organisation if you work for several.</Trans>
      </Text>
    </VStack>
  );
}
