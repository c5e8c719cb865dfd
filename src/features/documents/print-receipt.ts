/**
 * Prints one receipt copy (Reprint): the sanitised copy goes into a hidden frame of its own, which the page asks to
 * print. That frame may not run scripts either (no allow-scripts); allow-same-origin only lets the page call its
 * print(), allow-modals lets it show the print dialog. The frame goes once the dialog is done.
 */
export function printReceiptCopy(frameHtml: string, title: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin allow-modals');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.title = title;
  frame.style.cssText = 'position:fixed;inset-inline-start:-10000px;inline-size:80mm;block-size:10px;border:0;';
  frame.srcdoc = frameHtml;
  frame.addEventListener(
    'load',
    () => {
      const view = frame.contentWindow;
      view?.addEventListener('afterprint', () => frame.remove(), { once: true });
      view?.focus();
      view?.print();
      // Browsers that print without a dialog (headless) fire no afterprint: remove it after the call returns.
      setTimeout(() => frame.isConnected && frame.remove(), 60_000);
    },
    { once: true },
  );
  document.body.appendChild(frame);
}
