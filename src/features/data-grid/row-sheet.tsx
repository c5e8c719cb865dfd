import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * The extended row on a phone: a full-screen sheet over the grid instead of a line inside it, whose width is the
 * sum of the grid's columns and would reach past the screen. Escape and the close button close the row.
 */
export function RowSheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} size="full" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="row-sheet">
            <Dialog.Header py="2" pe="12">
              <Dialog.Title textStyle="md" truncate>
                <bdi>{title}</bdi>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body p="0">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
