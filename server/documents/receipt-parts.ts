import { defaultTemplate, type ReceiptTemplate } from '../../schemas/receipt-template';
import { receiptHtmlShell, renderReceiptHtml } from './receipt-html';
import { receiptLabels } from './receipt-labels';
import { COPY_TYPES, type ReceiptDocument, type ReceiptPart } from './receipt-model';
import { sanitizeReceiptHtml } from './sanitize-receipt-html';
import type { ImageCache } from './receipt-template-blocks';

/** The variant of the copies we render ourselves; the download names it in the caller's language. */
export const STANDARD_VARIANT = 'standard';

/**
 * The copies of a receipt: the parts the terminal sent with HTML, sanitised, in its order; else the customer and the
 * merchant copy rendered by us from the document (variant `standard`, printed as the terminal's part says, else
 * false), laid out by the receipt template. A sent part without HTML is rendered by us too, keeping its type, variant and printed.
 */
export async function receiptParts(document: ReceiptDocument, template: ReceiptTemplate = defaultTemplate()): Promise<ReceiptPart[]> {
  const cache: ImageCache = new Map();
  const parts: ReceiptPart[] = [];
  for (const { type, variant, printed, html } of receiptPartPlan(document)) {
    if (html !== undefined) {
      const title = `${receiptLabels(document.language).receipt} ${document.body.number}`;
      parts.push({ type, variant, printed, html: receiptHtmlShell(document, title, sanitizeReceiptHtml(html)) });
    } else {
      parts.push({ type, variant, printed, html: await renderReceiptHtml(document, type, template, cache) });
    }
  }
  return parts;
}

/** The copies a receipt has (type, variant, printed) and the HTML the terminal sent for them, before any rendering. */
export function receiptPartPlan(document: ReceiptDocument): (Omit<ReceiptPart, 'html'> & { html?: string })[] {
  const sent = (Array.isArray(document.body.parts) ? document.body.parts : []).filter((part) => typeof part === 'object' && part !== null);
  if (sent.length === 0) return COPY_TYPES.map((type) => ({ type, variant: STANDARD_VARIANT, printed: false }));
  return sent.map((part) => ({
    type: part.type === 'merchant' ? 'merchant' : 'customer',
    variant: typeof part.variant === 'string' && part.variant ? part.variant : STANDARD_VARIANT,
    printed: part.printed === true,
    html: typeof part.html === 'string' ? part.html : undefined,
  }));
}
