import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ActionDialog } from './action-dialog';
import type { UnsavedGuard } from './use-unsaved-guard';

/** The question of `useUnsavedGuard`: keep editing (the default, Escape) or discard the changes. */
export function UnsavedChangesDialog({ guard }: { guard: UnsavedGuard }) {
  if (!guard.asking) return null;
  return (
    <ActionDialog
      title={<Trans>Discard unsaved changes?</Trans>}
      testId="unsaved-dialog"
      role="alertdialog"
      onCancel={guard.keep}
      cancel={{ label: <Trans>Keep editing</Trans>, testId: 'unsaved-keep' }}
      action={{ label: <Trans>Discard</Trans>, colorPalette: 'red', onClick: guard.discard, testId: 'unsaved-discard' }}
    >
      <Text>
        <Trans>Your changes to this record have not been saved. They are lost if you leave it now.</Trans>
      </Text>
    </ActionDialog>
  );
}
