import { Card, HStack, Link, Spinner, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBasePath } from '../../shell/base-path';

/**
 * One card: its title (a link to its page only when the user may open it), then its loading state, its error, or
 * its content. Every content card goes through it, so they all load, fail and link alike.
 */
export function CardFrame({ title, link, testId, loading, error, description, children }: { title: ReactNode; link?: string | null; testId: string; loading?: boolean; error?: Error; description?: ReactNode; children?: ReactNode }) {
  const base = useBasePath();
  return (
    <Card.Root data-testid={testId} h="full" size="sm">
      <Card.Header>
        <Card.Title as="h2">
          {link ? (
            <Link asChild colorPalette="teal">
              <RouterLink to={`${base}${link}`} data-testid={`${testId}-link`}>
                {title}
              </RouterLink>
            </Link>
          ) : (
            title
          )}
        </Card.Title>
        {description ? <Card.Description>{description}</Card.Description> : null}
      </Card.Header>
      <Card.Body>
        {error ? (
          <Text color="red.fg" data-testid={`${testId}-error`}>
            {error.message}
          </Text>
        ) : loading ? (
          <HStack color="fg.muted" data-testid={`${testId}-loading`}>
            <Spinner size="sm" />
            <Text>
              <Trans>Loading…</Trans>
            </Text>
          </HStack>
        ) : (
          children
        )}
      </Card.Body>
    </Card.Root>
  );
}
