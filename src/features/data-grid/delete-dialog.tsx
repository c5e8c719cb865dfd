import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { showError } from '../../lib/toasts/show-error';
import { ActionDialog } from '../../lib/ui/action-dialog';
import type { DataApi, DataRecord } from './data-api';

/** Props of the delete confirmation. */
export interface DeleteDialogProps {
  api: DataApi;
  record: DataRecord;
  etag: string | undefined;
  title: string;
  onDeleted: () => void;
  onCancel: () => void;
}

/** Asks before deleting; the delete carries the record's version (If-Match), so a changed record is not lost. */
export function DeleteDialog({ api, record, etag, title, onDeleted, onCancel }: DeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await api.remove(record.Oid, etag ?? String(record.ETag ?? ''));
      onDeleted();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title={<Trans>Delete this record?</Trans>}
      testId="delete-dialog"
      role="alertdialog"
      busy={busy}
      onCancel={onCancel}
      action={{ label: <Trans>Delete</Trans>, colorPalette: 'red', onClick: () => void run(), testId: 'delete-confirm' }}
    >
      <Text>
        <Trans>“{title}” will be deleted. This cannot be undone.</Trans>
      </Text>
    </ActionDialog>
  );
}
