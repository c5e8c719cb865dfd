import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import type { DocumentLock } from '../../../schemas/diagnostics-wire';

/** Asks before a lock is released; a lock whose lease still runs gets a stronger warning (its holder may be working). */
export function ReleaseLockDialog({ lock, onRelease, onClose }: { lock: DocumentLock; onRelease: (oid: number) => Promise<void>; onClose: () => void }) {
  const { t } = useLingui();
  const number = lock.documentNumber ?? lock.documentUid;
  const holder = lock.lockedBy ?? '–';
  return (
    <ConfirmDialog
      title={t`Release the lock?`}
      confirmLabel={t`Release`}
      onConfirm={() => onRelease(lock.oid)}
      doneText={t`Lock on ${number} released`}
      onClose={onClose}
      colorPalette={lock.stale ? 'blue' : 'red'}
      testId="release-lock-dialog"
      confirmTestId="release-lock-confirm"
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
    </ConfirmDialog>
  );
}
