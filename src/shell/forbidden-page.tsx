import { Code, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Ban } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { StatusMessage } from './status-message';

/** The forbidden page: the requested path from ?requested= and why it is not shown (spec 1 §2). */
export function ForbiddenPage() {
  const [params] = useSearchParams();
  const requested = params.get('requested') ?? '';
  return (
    <StatusMessage icon={Ban} iconColor="red.500" title={<Trans>Access denied</Trans>} testId="forbidden-page" py="16" px="6">
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
    </StatusMessage>
  );
}
