import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useNavigationData } from './navigation-context';

/** /internal/test-mode: explains test mode and switches it. */
export function TestModePage() {
  const { testMode, setTestMode, canUseTestMode } = useNavigationData();
  return (
    <Stack gap="4" maxW="2xl">
      <Text>
        <Trans>In test mode, pages still in progress appear in the navigation, marked as in progress or testable.</Trans>
      </Text>
      <Button alignSelf="start" colorPalette="orange" disabled={!canUseTestMode} onClick={() => setTestMode(!testMode)} aria-pressed={testMode}>
        {testMode ? <Trans>Leave test mode</Trans> : <Trans>Enter test mode</Trans>}
      </Button>
    </Stack>
  );
}
