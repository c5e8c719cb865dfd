import { createElement as h, type ReactElement } from 'react';
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps, type Styles } from '@react-pdf/renderer';
import { isRightToLeft, pdfFontsFor, pdfText, registerPdfFonts } from '../lib/pdf-fonts';
import { drawBarcode } from './barcode-image';
import { receiptFormat, taxTotals } from './receipt-format';
import { receiptLabels } from './receipt-labels';
import type { CopyType, ReceiptDocument, ReceiptPart } from './receipt-model';

type Style = Styles[string];

/** Roll paper: 80 mm wide, in PDF points (72 per inch). The height follows the content (a page of width only). */
export const ROLL_WIDTH_POINTS = (80 / 25.4) * 72;

const styles = StyleSheet.create({
  page: { width: ROLL_WIDTH_POINTS, paddingVertical: 10, paddingHorizontal: 8, fontSize: 7.5, color: '#000' },
  title: { fontWeight: 'bold', fontSize: 10, textAlign: 'center', marginBottom: 2 },
  center: { textAlign: 'center' },
  copy: { fontWeight: 'bold', textAlign: 'center', marginVertical: 3 },
  row: { flexDirection: 'row', justifyContent: 'space-between' },
  bold: { fontWeight: 'bold' },
  rule: { borderBottomWidth: 0.5, borderBottomColor: '#000', borderBottomStyle: 'dashed', marginVertical: 4 },
  cut: { borderBottomWidth: 1, borderBottomColor: '#000', borderBottomStyle: 'dotted', marginVertical: 10 },
  sign: { marginTop: 18, borderTopWidth: 0.5, borderTopColor: '#000', paddingTop: 1 },
  barcode: { marginTop: 6, width: '100%', height: 34, objectFit: 'fill' },
});

function copyView(document: ReceiptDocument, copy: CopyType, barcode: Buffer, key: string): ReactElement {
  const { body } = document;
  const labels = receiptLabels(document.language);
  const format = receiptFormat(document);
  // Right to left (Arabic): rows run from the right, text is laid out and aligned from the right.
  // (react-pdf's own `direction: rtl` dropped a row's other text, so the rows are reversed and lines aligned instead.)
  const rtl = isRightToLeft(document.language);
  const start = rtl ? { textAlign: 'right' as const } : {};
  const text = (style: Style | Style[], content: string, key?: string) => h(Text, { style: [...[style].flat(), { fontFamily: pdfFontsFor(content) }], key }, pdfText(content));
  const row = (left: string, right: string, bold = false, rowKey?: string) =>
    h(View, { style: [styles.row, { flexDirection: rtl ? 'row-reverse' : 'row' }], key: rowKey }, text(bold ? styles.bold : {}, left), text(bold ? styles.bold : {}, right));
  const para = (content: string) => text(start, content);
  return h(
    View,
    { key },
    text(styles.title, document.tenantName),
    document.locationName ? text(styles.center, document.locationName) : null,
    text(styles.center, `${labels.terminal}: ${document.terminalName ?? '-'}`),
    text(styles.copy, copy === 'customer' ? labels.customerCopy : labels.merchantCopy),
    para(`${labels.receipt} ${body.number}`),
    para(body.id),
    para(format.date(body.createdAt)),
    body.operator ? para(`${labels.operator}: ${body.operator}`) : null,
    h(View, { style: styles.rule }),
    ...body.lines.map((line, index) =>
      h(View, { key: `l${index}`, wrap: false }, text(start, line.text), row(`  ${format.quantity(line.quantity)} x ${format.money(line.unitPrice)}`, format.money(line.amount))),
    ),
    h(View, { style: styles.rule }),
    row(labels.total, format.money(body.total), true),
    row(labels.taxRate, `${labels.net} / ${labels.tax}`),
    ...taxTotals(body.lines).map((total) => row(format.percent(total.rate), `${format.money(total.net)} / ${format.money(total.tax)}`, false, `t${total.rate}`)),
    h(View, { style: styles.rule }),
    para(labels.payments),
    ...body.payments.map((payment, index) => row(labels.methods[payment.method] ?? payment.method, format.money(payment.amount), false, `p${index}`)),
    copy === 'merchant' ? text([styles.sign, start], labels.signature) : null,
    h(Image, { style: styles.barcode, src: { data: barcode, format: 'png' } }),
  );
}

/**
 * The receipt as a roll-paper PDF: one page 80 mm wide whose height follows the content, the copies one after the
 * other with a cut line between them, in the shipped Noto Sans with its Greek, Cyrillic and Arabic subsets as
 * fallbacks (server/lib/pdf-fonts.ts: nothing fetched, no system font), right to left for Arabic (docs/documents.md "PDF").
 */
export async function receiptPdf(document: ReceiptDocument, parts: readonly ReceiptPart[]): Promise<Buffer> {
  const fontFamily = registerPdfFonts();
  const barcode = (await drawBarcode({ type: 'code128', format: 'png', text: document.body.id }, { scale: 2, height: 8, includeText: false })) as Buffer;
  const copies = parts.flatMap((part, index): ReactElement[] => [
    ...(index === 0 ? [] : [h(View, { style: styles.cut, key: `cut${index}` })]),
    copyView(document, part.type, barcode, `copy${index}`),
  ]);
  const pdf = h(
    Document,
    { title: `${receiptLabels(document.language).receipt} ${document.body.number}`, author: document.tenantName, creator: 'Mate', producer: 'Mate', language: document.language },
    h(Page, { size: [ROLL_WIDTH_POINTS], style: [styles.page, { fontFamily }] }, ...copies),
  ) as ReactElement<DocumentProps>;
  return renderToBuffer(pdf);
}
