import { Code, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Construction } from 'lucide-react';
import { StatusMessage } from './status-message';

/** Shown for a navigation entry whose component is not built yet, instead of failing. */
export function NotAvailablePage({ component }: { component?: string }) {
  return (
    <StatusMessage icon={Construction} iconColor="fg.muted" title={<Trans>This page is not available yet</Trans>} headingSize="lg" testId="not-available-page" py="16" px="6">
      {component && (
        <Text color="fg.muted">
          <Trans>
            Component: <Code>{component}</Code>
          </Trans>
        </Text>
      )}
    </StatusMessage>
  );
}
