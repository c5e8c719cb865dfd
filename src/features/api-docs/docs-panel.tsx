import { Alert, Box, Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode, RefObject } from 'react';
import { BusyHourglass } from '../../shell/busy-hourglass';

/**
 * The frame both viewers draw into: a bordered panel, left to right in an Arabic UI too (the API is English), with the
 * hourglass while the bundle loads and a retry when it fails. Light in either theme for a viewer whose styles are
 * light-only (Swagger UI); `themed` leaves the colours to a viewer that follows the app's theme itself (Scalar).
 */
export function DocsPanel({ target, state, label, onRetry, testId, themed = false }: { target: RefObject<HTMLDivElement | null>; state: 'loading' | 'ready' | 'failed'; label: string; onRetry: () => void; testId: string; themed?: boolean }) {
  const { t } = useLingui();
  let status: ReactNode = null;
  if (state === 'loading') status = <BusyHourglass />;
  if (state === 'failed') {
    status = (
      <Alert.Root status="error" data-testid="api-docs-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{t`The API documentation could not be loaded.`}</Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="outline" onClick={onRetry}>
          {t`Try again`}
        </Button>
      </Alert.Root>
    );
  }
  return (
    <>
      {status}
      <Box
        as="section"
        aria-label={label}
        dir="ltr"
        lang="en"
        textAlign="left"
        {...(themed ? {} : { bg: 'white', color: '#1f2328', colorScheme: 'light' })}
        borderWidth="1px"
        borderColor="border.emphasized"
        borderRadius="md"
        overflow="auto"
        minH="60vh"
        data-testid={testId}
        data-state={state}
        css={themed ? undefined : { colorScheme: 'light' }}
      >
        <div ref={target} />
      </Box>
    </>
  );
}
