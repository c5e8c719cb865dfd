import { Code, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ErrorDetail } from '../lib/toasts/error-detail';
import { useErrorDetail } from '../lib/toasts/use-error-detail';

interface ToastErrorDetailProps {
  errorId: string;
  /** Whether the user may see a fault's internals (spec 1 §8); everyone else sees the id only. */
  canSeeDetails: boolean;
  /** How the detail is fetched; tests pass their own. */
  load?: (id: string) => Promise<ErrorDetail>;
}

/** Under a failed call's toast: the id of the server's stored fault, and for those allowed what the server recorded. */
export function ToastErrorDetail({ errorId, canSeeDetails, load }: ToastErrorDetailProps) {
  const { i18n } = useLingui();
  const detail = useErrorDetail(errorId, canSeeDetails, load);
  return (
    <Stack gap="1" textStyle="xs" data-testid="toast-error-detail">
      <Text>
        <Trans>
          Error id: <Code size="sm">{errorId}</Code>
        </Trans>
      </Text>
      {detail && (
        // The server's own words and the call, as recorded: Latin text, read left to right in any language.
        <Stack gap="0.5" dir="ltr" data-testid="toast-error-internals">
          <Code size="sm" whiteSpace="pre-wrap" wordBreak="break-word">
            {detail.message}
          </Code>
          <Code size="sm" wordBreak="break-all">
            {detail.method} {detail.url}
          </Code>
          <Text color="fg.muted">{i18n.date(detail.createdAt, { dateStyle: 'short', timeStyle: 'medium' })}</Text>
        </Stack>
      )}
    </Stack>
  );
}
