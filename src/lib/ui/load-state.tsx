import { Alert, Button, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api/api-error';
import { BusyHourglass } from '../../shell/busy-hourglass';

/**
 * What a diagnostics page shows instead of its content: the hourglass while the first read is under way, the reason
 * and a retry when it failed (a 403 says which right is missing), and a sentence when there is nothing to show.
 */
export function LoadState(props: { loading: boolean; error: unknown; empty: boolean; emptyText: ReactNode; forbiddenText: ReactNode; onRetry: () => void; children: ReactNode }) {
  const { loading, error, empty, emptyText, forbiddenText, onRetry, children } = props;
  const { t } = useLingui();
  if (error) {
    const forbidden = error instanceof ApiRequestError && error.status === 403;
    return (
      <Alert.Root status="error" data-testid="diagnostics-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{forbidden ? forbiddenText : t`The data could not be read.`}</Alert.Description>
        </Alert.Content>
        {!forbidden && (
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t`Try again`}
          </Button>
        )}
      </Alert.Root>
    );
  }
  if (loading) return <BusyHourglass />;
  if (empty) {
    return (
      <Text color="fg.muted" data-testid="diagnostics-empty">
        {emptyText}
      </Text>
    );
  }
  return <>{children}</>;
}
