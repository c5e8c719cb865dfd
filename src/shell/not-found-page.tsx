import { Box, Code, Heading, Link, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { FileQuestion } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBasePath } from './base-path';

/** The not-found page with the full path, query and fragment included (spec 1 §8). */
export function NotFoundPage() {
  const location = useLocation();
  const base = useBasePath();
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  return (
    <VStack gap="4" py="16" px="6" textAlign="center" data-testid="not-found-page">
      <Box color="orange.500" aria-hidden>
        <FileQuestion size={48} />
      </Box>
      <Heading as="h2" size="xl">
        <Trans>Page not found</Trans>
      </Heading>
      <Text>
        <Trans>
          There is no page at <Code data-testid="not-found-path">{fullPath}</Code>.
        </Trans>
      </Text>
      <Link asChild colorPalette="teal">
        <RouterLink to={base || '/'}>
          <Trans>Go to the start page</Trans>
        </RouterLink>
      </Link>
    </VStack>
  );
}
