import { showError } from './show-error';
import { copiedToast } from './toast-messages';
import { toasts } from './toast-store';

/** Copies text and confirms with the success toast of spec 1 §8; a refused clipboard becomes an error toast. */
export async function copyToClipboard(text: string, clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard): Promise<boolean> {
  try {
    if (!clipboard) throw new Error('The clipboard is not available here.');
    await clipboard.writeText(text);
    toasts.show(copiedToast());
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}
