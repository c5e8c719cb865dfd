import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { showError } from '../../lib/toasts/show-error';
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
    <Dialog.Root open onOpenChange={(event) => !event.open && !busy && onCancel()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="delete-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Delete this record?</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                <Trans>'{title}' will be deleted. This cannot be undone.</Trans>
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                <Trans>Cancel</Trans>
              </Button>
              <Button colorPalette="red" onClick={() => void run()} loading={busy} data-testid="delete-confirm">
                <Trans>Delete</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
