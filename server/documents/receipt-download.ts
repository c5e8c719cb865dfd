import { defaultTemplate, type ReceiptTemplate } from '../../schemas/receipt-template';
import { writeMultipartMixed } from './multipart-mixed';
import { receiptLabels } from './receipt-labels';
import type { ReceiptDocument } from './receipt-model';
import { receiptPartPlan, receiptParts, STANDARD_VARIANT } from './receipt-parts';
import type { EscposWarn } from './receipt-escpos';
import type { PaperWidth } from './paper-width';
import { receiptXml } from './receipt-xml';
import { receiptZip } from './receipt-zip';

/** The formats of the receipt download, by extension. */
export const RECEIPT_FORMATS = ['html', 'pdf', 'xml', 'zip', 'escpos'] as const;
/** One format. */
export type ReceiptFormatName = (typeof RECEIPT_FORMATS)[number];

/** The part header fields of the multipart answer (docs/documents.md "HTML"). */
export const PART_HEADERS = { copyType: 'X-Mate-Copy-Type', copyTitle: 'X-Mate-Copy-Title', variant: 'X-Mate-Variant', variantTitle: 'X-Mate-Variant-Title', printed: 'X-Mate-Printed' } as const;

/** The title of a copy type in a language ('Customer copy'), so that the browser shows it without knowing the types. */
const copyTitle = (type: string, language: string) => {
  const labels = receiptLabels(language);
  return type === 'merchant' ? labels.merchantCopy : labels.customerCopy;
};

/**
 * A receipt in one download format: the Content-Type of the answer and its bytes. `language` (the caller's
 * Accept-Language) names the copies in the HTML answer's part headers; `template` lays out the copies we render
 * (the effective receipt template of the document's scope, docs/receipt-templates.md); `escpos` the printer's paper
 * and where a logo that does not print is told.
 */
export async function receiptDownload(
  document: ReceiptDocument,
  name: string,
  format: ReceiptFormatName,
  language = 'en',
  template: ReceiptTemplate = defaultTemplate(),
  escpos: { paper?: PaperWidth; warn?: EscposWarn } = {},
): Promise<{ contentType: string; body: Buffer }> {
  if (format === 'xml') return { contentType: 'application/xml; charset=utf-8', body: Buffer.from(receiptXml(document, receiptPartPlan(document)), 'utf8') };
  // The printer's commands for the copies the receipt has, laid out by the template as the PDF is (a terminal's own HTML is no printer's language).
  // The ESC/POS and PDF writers load fontkit and react-pdf (seconds of module loading) at their first download, not at the server's start.
  if (format === 'escpos') {
    const { receiptEscpos } = await import('./receipt-escpos');
    return { contentType: 'application/octet-stream', body: await receiptEscpos(document, receiptPartPlan(document), template, escpos) };
  }
  const parts = await receiptParts(document, template);
  if (format === 'pdf' || format === 'zip') {
    const { receiptPdf } = await import('./receipt-pdf');
    const pdf = await receiptPdf(document, parts, template);
    if (format === 'pdf') return { contentType: 'application/pdf', body: pdf };
    return { contentType: 'application/zip', body: receiptZip(name, parts, pdf, receiptXml(document, parts)) };
  }
  return writeMultipartMixed(
    parts.map((part) => ({
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        [PART_HEADERS.copyType]: part.type,
        [PART_HEADERS.copyTitle]: encodeURIComponent(copyTitle(part.type, language)),
        // Percent-encoded: a variant is the terminal's text, and a header value is ASCII.
        [PART_HEADERS.variant]: encodeURIComponent(part.variant),
        // Our own layout's name is a word of the product, shown in the caller's language; a terminal's is its text.
        [PART_HEADERS.variantTitle]: encodeURIComponent(part.variant === STANDARD_VARIANT ? receiptLabels(language).standardVariant : part.variant),
        [PART_HEADERS.printed]: String(part.printed),
      },
      body: Buffer.from(part.html, 'utf8'),
    })),
  );
}
