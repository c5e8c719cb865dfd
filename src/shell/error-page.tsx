import { Button, Code, HStack, Link, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { StatusMessage } from './status-message';

/** The error id the server gave a failed call (an ApiRequestError's), for the user to quote to support. */
function errorIdOf(error: unknown): string | undefined {
  const id = error !== null && typeof error === 'object' ? (error as { errorId?: unknown }).errorId : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

interface ErrorPageProps {
  error: unknown;
  /** Shows the page again (a page boundary resets; the root reloads the app). */
  onRetry: () => void;
  /** Where "Go to the start page" leads. */
  home: string;
  /** h1 where the error is the whole screen, h2 inside the shell. */
  headingLevel?: 'h1' | 'h2';
}

/** What a user sees instead of a page that failed to render: what happened, the error id if any, and ways back. */
export function ErrorPage({ error, onRetry, home, headingLevel = 'h2' }: ErrorPageProps) {
  const message = messageOf(error);
  const errorId = errorIdOf(error);
  return (
    <StatusMessage icon={TriangleAlert} iconColor="red.500" title={<Trans>Something went wrong</Trans>} headingLevel={headingLevel} testId="error-page" py="16" px="6" role="alert">
      <Text maxW="lg">
        <Trans>This page could not be shown because of an error in the application. Try again, or go to the start page.</Trans>
      </Text>
      {message && (
        <Code data-testid="error-message" maxW="full" whiteSpace="pre-wrap" wordBreak="break-word">
          {message}
        </Code>
      )}
      {errorId && (
        <Text data-testid="error-id">
          <Trans>
            Error id: <Code>{errorId}</Code>
          </Trans>
        </Text>
      )}
      <HStack gap="3" wrap="wrap" justify="center">
        <Button colorPalette="teal" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
        <Link asChild colorPalette="teal">
          <RouterLink to={home} reloadDocument>
            <Trans>Go to the start page</Trans>
          </RouterLink>
        </Link>
      </HStack>
    </StatusMessage>
  );
}
