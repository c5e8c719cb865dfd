import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { ActionDialog } from '../../lib/ui/action-dialog';
import type { DocumentLock } from '../../../schemas/diagnostics-wire';

/** Asks before a lock is released; a lock whose lease still runs gets a stronger warning (its holder may be working). */
export function ReleaseLockDialog({ lock, onRelease, onClose }: { lock: DocumentLock; onRelease: (oid: number) => Promise<void>; onClose: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const number = lock.documentNumber ?? lock.documentUid;
  const holder = lock.lockedBy ?? '–';
  const release = async () => {
    setBusy(true);
    try {
      await onRelease(lock.oid);
      toasts.show({ type: 'success', title: t`Lock on ${number} released` });
      onClose();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title={t`Release the lock?`}
      testId="release-lock-dialog"
      role="alertdialog"
      busy={busy}
      onCancel={onClose}
      action={{ label: t`Release`, colorPalette: lock.stale ? 'blue' : 'red', onClick: () => void release(), testId: 'release-lock-confirm' }}
    >
      <Stack gap="2">
        <Text>
          <Trans>
            The document <bdi>{number}</bdi> is locked by <bdi>{holder}</bdi>. Releasing the lock lets others correct it.
          </Trans>
        </Text>
        {lock.stale ? (
          <Text color="fg.muted">{t`The lease has run out: the holder is gone, so releasing is safe.`}</Text>
        ) : (
          <Text color="fg.error" fontWeight="semibold">{t`The lease still runs: the holder may still be working on the document and lose their changes.`}</Text>
        )}
      </Stack>
    </ActionDialog>
  );
}
