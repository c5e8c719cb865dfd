import { Code, Link, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { FileQuestion } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBasePath } from './base-path';
import { StatusMessage } from './status-message';

/** The not-found page with the full path, query and fragment included (spec 1 §8). */
export function NotFoundPage() {
  const location = useLocation();
  const base = useBasePath();
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  return (
    <StatusMessage icon={FileQuestion} iconColor="orange.500" title={<Trans>Page not found</Trans>} testId="not-found-page" py="16" px="6">
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
    </StatusMessage>
  );
}
