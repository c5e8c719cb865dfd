import { receiptHtmlShell, renderReceiptHtml, uidBarcodeSvg } from './receipt-html';
import { receiptLabels } from './receipt-labels';
import { COPY_TYPES, type ReceiptDocument, type ReceiptPart } from './receipt-model';
import { sanitizeReceiptHtml } from './sanitize-receipt-html';

/**
 * The copies of a receipt: the parts the terminal sent with HTML, sanitised, in its order; else the customer and the
 * merchant copy rendered by us from the document (variant `standard`, printed as the terminal's part says, else
 * false). A sent part without HTML is rendered by us too, keeping its type, variant and printed.
 */
export async function receiptParts(document: ReceiptDocument): Promise<ReceiptPart[]> {
  const sent = Array.isArray(document.body.parts) ? document.body.parts : [];
  const wanted = sent.length > 0 ? sent : COPY_TYPES.map((type) => ({ type, variant: 'standard', printed: false }));
  let barcode: string | undefined;
  const parts: ReceiptPart[] = [];
  for (const part of wanted) {
    const type = part.type === 'merchant' ? 'merchant' : 'customer';
    const variant = typeof part.variant === 'string' && part.variant ? part.variant : 'standard';
    const printed = part.printed === true;
    if ('html' in part && typeof part.html === 'string') {
      const title = `${receiptLabels(document.language).receipt} ${document.body.number}`;
      parts.push({ type, variant, printed, html: receiptHtmlShell(document, title, sanitizeReceiptHtml(part.html)) });
    } else {
      barcode ??= await uidBarcodeSvg(document.body.id);
      parts.push({ type, variant, printed, html: await renderReceiptHtml(document, type, barcode) });
    }
  }
  return parts;
}
