import { useState, type ReactNode } from 'react';
import { showError } from '../toasts/show-error';
import { toasts } from '../toasts/toast-store';
import { ActionDialog } from './action-dialog';

export interface ConfirmDialogProps {
  /** The question, e.g. "Delete the mail?". */
  title: string;
  /** The confirming button's label, e.g. "Delete". */
  confirmLabel: string;
  /** The work confirmed. Success: `doneText` as a toast and the dialog closes; failure: the error as a toast, it stays. */
  onConfirm: () => Promise<void>;
  doneText: string;
  onClose: () => void;
  /** 'red' (the default) for what cannot be undone; another palette for a safe step. */
  colorPalette?: string;
  /** The dialog's test id; the confirming button's is `${testId}-confirm` unless `confirmTestId` names it. */
  testId: string;
  confirmTestId?: string;
  /** Where focus goes when it closes (ActionDialog); the element that opened it by default. */
  finalFocusEl?: () => HTMLElement | null;
  /** What will happen, in the user's words. */
  children: ReactNode;
}

/**
 * Asks before one step that changes or removes something (an alert dialog: Cancel, Escape or the backdrop leave
 * everything as it is). While the step runs, the button spins and the dialog cannot be closed.
 */
export function ConfirmDialog({ title, confirmLabel, onConfirm, doneText, onClose, colorPalette = 'red', testId, confirmTestId, finalFocusEl, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      toasts.show({ type: 'success', title: doneText });
      onClose();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
  return (
    <ActionDialog title={title} testId={testId} role="alertdialog" busy={busy} onCancel={onClose} finalFocusEl={finalFocusEl} action={{ label: confirmLabel, colorPalette, onClick: () => void confirm(), testId: confirmTestId ?? `${testId}-confirm` }}>
      {children}
    </ActionDialog>
  );
}
