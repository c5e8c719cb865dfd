import { createElement as h, type ReactElement } from 'react';
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { drawBarcode } from './barcode-image';
import { receiptFormat, taxTotals } from './receipt-format';
import { receiptLabels } from './receipt-labels';
import type { CopyType, ReceiptDocument, ReceiptPart } from './receipt-model';

/** Roll paper: 80 mm wide, in PDF points (72 per inch). The height follows the content (a page of width only). */
export const ROLL_WIDTH_POINTS = (80 / 25.4) * 72;

const styles = StyleSheet.create({
  page: { width: ROLL_WIDTH_POINTS, paddingVertical: 10, paddingHorizontal: 8, fontFamily: 'Courier', fontSize: 7.5, color: '#000' },
  title: { fontFamily: 'Courier-Bold', fontSize: 10, textAlign: 'center', marginBottom: 2 },
  center: { textAlign: 'center' },
  copy: { fontFamily: 'Courier-Bold', textAlign: 'center', marginVertical: 3 },
  row: { flexDirection: 'row', justifyContent: 'space-between' },
  bold: { fontFamily: 'Courier-Bold' },
  rule: { borderBottomWidth: 0.5, borderBottomColor: '#000', borderBottomStyle: 'dashed', marginVertical: 4 },
  cut: { borderBottomWidth: 1, borderBottomColor: '#000', borderBottomStyle: 'dotted', marginVertical: 10 },
  sign: { marginTop: 18, borderTopWidth: 0.5, borderTopColor: '#000', paddingTop: 1 },
  barcode: { marginTop: 6, width: '100%', height: 34, objectFit: 'fill' },
});

function copyView(document: ReceiptDocument, copy: CopyType, barcode: Buffer, key: string): ReactElement {
  const { body } = document;
  const labels = receiptLabels(document.language);
  const format = receiptFormat(document);
  const row = (left: string, right: string, bold = false, rowKey?: string) =>
    h(View, { style: styles.row, key: rowKey }, h(Text, { style: bold ? styles.bold : {} }, left), h(Text, { style: bold ? styles.bold : {} }, right));
  return h(
    View,
    { key },
    h(Text, { style: styles.title }, document.tenantName),
    document.locationName ? h(Text, { style: styles.center }, document.locationName) : null,
    h(Text, { style: styles.center }, `${labels.terminal}: ${document.terminalName ?? '-'}`),
    h(Text, { style: styles.copy }, copy === 'customer' ? labels.customerCopy : labels.merchantCopy),
    h(Text, null, `${labels.receipt} ${body.number}`),
    h(Text, null, body.id),
    h(Text, null, format.date(body.createdAt)),
    body.operator ? h(Text, null, `${labels.operator}: ${body.operator}`) : null,
    h(View, { style: styles.rule }),
    ...body.lines.map((line, index) =>
      h(View, { key: `l${index}`, wrap: false }, h(Text, null, line.text), row(`  ${format.quantity(line.quantity)} x ${format.money(line.unitPrice)}`, format.money(line.amount))),
    ),
    h(View, { style: styles.rule }),
    row(labels.total, format.money(body.total), true),
    row(labels.taxRate, `${labels.net} / ${labels.tax}`),
    ...taxTotals(body.lines).map((total) => row(format.percent(total.rate), `${format.money(total.net)} / ${format.money(total.tax)}`, false, `t${total.rate}`)),
    h(View, { style: styles.rule }),
    h(Text, null, labels.payments),
    ...body.payments.map((payment, index) => row(labels.methods[payment.method] ?? payment.method, format.money(payment.amount), false, `p${index}`)),
    copy === 'merchant' ? h(Text, { style: styles.sign }, labels.signature) : null,
    h(Image, { style: styles.barcode, src: { data: barcode, format: 'png' } }),
  );
}

/**
 * The receipt as a roll-paper PDF: one page 80 mm wide whose height follows the content, the copies one after the
 * other with a cut line between them. The fonts are the PDF standard ones (nothing loaded), so text outside their
 * Latin-1 range prints as missing glyphs (docs/documents.md "PDF").
 */
export async function receiptPdf(document: ReceiptDocument, parts: readonly ReceiptPart[]): Promise<Buffer> {
  const barcode = (await drawBarcode({ type: 'code128', format: 'png', text: document.body.id }, { scale: 2, height: 8, includeText: false })) as Buffer;
  const copies = parts.flatMap((part, index): ReactElement[] => [
    ...(index === 0 ? [] : [h(View, { style: styles.cut, key: `cut${index}` })]),
    copyView(document, part.type, barcode, `copy${index}`),
  ]);
  const pdf = h(
    Document,
    { title: `${receiptLabels(document.language).receipt} ${document.body.number}`, author: document.tenantName, creator: 'Mate', producer: 'Mate', language: document.language },
    h(Page, { size: [ROLL_WIDTH_POINTS], style: styles.page }, ...copies),
  ) as ReactElement<DocumentProps>;
  return renderToBuffer(pdf);
}
