import { Button, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { dialogSize, type ModalSize } from './modal-size';

/** The dialog's one main button, right of Cancel. */
export interface DialogAction {
  label: ReactNode;
  colorPalette: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}

interface ActionDialogProps {
  title: ReactNode;
  testId: string;
  action: DialogAction;
  onCancel: () => void;
  /** The cancelling button's label and test id; default 'Cancel'. */
  cancel?: { label: ReactNode; testId?: string };
  /** While the action runs: Cancel is disabled, the dialog does not close, the action button spins. */
  busy?: boolean;
  /** 'alertdialog' for confirmations of something that cannot be undone. */
  role?: DialogRootProps['role'];
  /** Spec 1 §9 size; md when absent. */
  size?: ModalSize;
  /** Where focus goes when it closes; the element that had it before by default (gone when the action removed it). */
  finalFocusEl?: () => HTMLElement | null;
  children: ReactNode;
}

/** A centred, always open dialog (the caller mounts it while needed) with a title, a body, Cancel and one action. */
export function ActionDialog({ title, testId, action, onCancel, cancel, busy = false, role, size, finalFocusEl, children }: ActionDialogProps) {
  return (
    // role only when given: an explicit undefined would replace the dialog's default.
    <Dialog.Root open onOpenChange={(event) => !event.open && !busy && onCancel()} placement="center" size={dialogSize(size)} {...(role && { role })} {...(finalFocusEl && { finalFocusEl })}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy} data-testid={cancel?.testId}>
                {cancel?.label ?? <Trans>Cancel</Trans>}
              </Button>
              <Button colorPalette={action.colorPalette} onClick={action.onClick} disabled={action.disabled} loading={busy} data-testid={action.testId}>
                {action.label}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
