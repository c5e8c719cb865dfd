import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { ActionDialog } from '../../lib/ui/action-dialog';
import type { OutboxMail } from './outbox-types';

/** Asks before a mail is deleted: a queued one is then never sent, and nothing brings it back. */
export function DeleteMailDialog({ mail, onDelete, onClose }: { mail: OutboxMail; onDelete: (oid: number) => Promise<void>; onClose: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await onDelete(mail.oid);
      toasts.show({ type: 'success', title: t`Mail deleted` });
      onClose();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title={t`Delete the mail?`}
      testId="delete-mail-dialog"
      role="alertdialog"
      busy={busy}
      onCancel={onClose}
      action={{ label: t`Delete`, colorPalette: 'red', onClick: () => void remove(), testId: 'delete-mail-confirm' }}
    >
      <Text>
        <Trans>
          The mail “<bdi>{mail.subject}</bdi>” to <bdi>{mail.to}</bdi> is removed from the outbox. A mail not sent yet will never be sent.
        </Trans>
      </Text>
    </ActionDialog>
  );
}
