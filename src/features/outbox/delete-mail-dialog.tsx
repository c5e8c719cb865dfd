import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import type { OutboxMail } from './outbox-types';

/** Asks before a mail is deleted: a queued one is then never sent, and nothing brings it back. */
export function DeleteMailDialog({ mail, onDelete, onClose }: { mail: OutboxMail; onDelete: (oid: number) => Promise<void>; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ConfirmDialog title={t`Delete the mail?`} confirmLabel={t`Delete`} onConfirm={() => onDelete(mail.oid)} doneText={t`Mail deleted`} onClose={onClose} testId="delete-mail-dialog" confirmTestId="delete-mail-confirm">
      <Text>
        <Trans>
          The mail “<bdi>{mail.subject}</bdi>” to <bdi>{mail.to}</bdi> is removed from the outbox. A mail not sent yet will never be sent.
        </Trans>
      </Text>
    </ConfirmDialog>
  );
}
