import { errorToToast, type FailedAction } from './error-to-toast';
import { toasts } from './toast-store';

/** Shows a failed action as a toast through the one mapping of spec 1 §8; returns the toast id. */
export function showError(error: unknown, action: FailedAction = {}): number {
  return toasts.show(errorToToast(error, action));
}
