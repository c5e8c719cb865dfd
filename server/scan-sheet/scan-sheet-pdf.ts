import { createElement as h, type ReactElement } from 'react';
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps, type Styles } from '@react-pdf/renderer';

type Style = Styles[string];
import { drawBarcode } from '../documents/barcode-image';
import { pdfFontsFor, pdfText, registerPdfFonts } from '../lib/pdf-fonts';
import type { SheetArticle } from './pick-articles';

/** A4 in points. */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const FOOTER = 18;

const styles = StyleSheet.create({
  page: { paddingTop: MARGIN, paddingHorizontal: MARGIN, paddingBottom: MARGIN + FOOTER, fontSize: 8, color: '#000' },
  grid: { flexDirection: 'row', flexWrap: 'wrap' },
  cell: { padding: 6, borderWidth: 0.5, borderColor: '#bbb', borderStyle: 'dashed', alignItems: 'center', justifyContent: 'space-between' },
  text: { fontSize: 7.5, textAlign: 'center', maxLines: 2 },
  number: { fontSize: 6.5, color: '#555' },
  barcode: { objectFit: 'contain' },
  footer: { position: 'absolute', bottom: MARGIN, left: MARGIN, right: MARGIN, fontSize: 7, color: '#555', flexDirection: 'row', justifyContent: 'space-between' },
});

/** What the footer of each page says. */
export interface SheetHeading {
  tenantName: string;
  seed: number;
  createdAt: string;
}

/**
 * The scan sheet as an A4 PDF: a grid of `columns` x `rows` cells per page, each with the article's text, its number
 * and its barcode (EAN-13 or Code 128, with the code printed under it), drawn by bwip-js; the footer names the tenant,
 * the seed (to print the same sheet again) and the page. Fonts are the shipped ones (server/lib/pdf-fonts.ts).
 */
export async function scanSheetPdf(items: readonly SheetArticle[], grid: { columns: number; rows: number }, heading: SheetHeading): Promise<Buffer> {
  const fontFamily = registerPdfFonts();
  const cellWidth = (A4.width - 2 * MARGIN) / grid.columns;
  const cellHeight = (A4.height - 2 * MARGIN - FOOTER) / grid.rows;
  const barcodes: Buffer[] = [];
  for (const item of items) {
    // In turn, not all at once: 200 encoders at the same time would hold 200 pictures in memory for nothing.
    barcodes.push((await drawBarcode({ type: item.symbology, format: 'png', text: item.code }, { scale: 3, height: 12, includeText: true })) as Buffer);
  }
  const perPage = grid.columns * grid.rows;
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const text = (style: Style, content: string) => h(Text, { style: [style, { fontFamily: pdfFontsFor(content) }] }, pdfText(content));
  const cell = (item: SheetArticle, index: number) =>
    h(
      View,
      { key: `c${index}`, style: [styles.cell, { width: cellWidth, height: cellHeight }], wrap: false },
      text(styles.text, item.text.slice(0, 60)),
      h(Image, { style: [styles.barcode, { width: cellWidth - 16, height: cellHeight - 34 }], src: { data: barcodes[index]!, format: 'png' } }),
      text(styles.number, item.articleNumber ?? ''),
    );
  const page = (number: number) =>
    h(
      Page,
      { key: `p${number}`, size: 'A4', style: [styles.page, { fontFamily }] },
      h(View, { style: styles.grid }, ...items.slice((number - 1) * perPage, number * perPage).map((item, offset) => cell(item, (number - 1) * perPage + offset))),
      h(View, { style: styles.footer, fixed: true }, text({}, `${heading.tenantName} · seed ${heading.seed} · ${heading.createdAt}`), text({}, `${number} / ${pages}`)),
    );
  const pdf = h(Document, { title: `Scan sheet ${heading.seed}`, author: heading.tenantName, creator: 'Mate', producer: 'Mate' }, ...Array.from({ length: pages }, (_, i) => page(i + 1))) as ReactElement<DocumentProps>;
  return renderToBuffer(pdf);
}
