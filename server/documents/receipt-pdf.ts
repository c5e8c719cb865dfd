import { createElement as h, type ReactElement } from 'react';
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer, type DocumentProps, type Styles } from '@react-pdf/renderer';
import { isRightToLeft, pdfFontsFor, pdfText, registerPdfFonts } from '../lib/pdf-fonts';
import { defaultTemplate, type ReceiptTemplate } from '../../schemas/receipt-template';
import { receiptLabels } from './receipt-labels';
import type { ReceiptDocument, ReceiptPart } from './receipt-model';
import { templateBlocks, type ImageCache, type ReceiptBlock } from './receipt-template-blocks';

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

/** The PDF view of the blocks of one copy (receipt-template-blocks.ts). */
function copyView(document: ReceiptDocument, blocks: readonly ReceiptBlock[], key: string): ReactElement {
  // Right to left (Arabic): rows run from the right, text is laid out and aligned from the right.
  // (react-pdf's own `direction: rtl` dropped a row's other text, so the rows are reversed and lines aligned instead.)
  const rtl = isRightToLeft(document.language);
  const textAlign = (align: string) => ({ textAlign: (align === 'center' ? 'center' : (align === 'end') !== rtl ? 'right' : 'left') as 'left' | 'right' | 'center' });
  const start = rtl ? { textAlign: 'right' as const } : {};
  const text = (style: Style | Style[], content: string, key?: string) => h(Text, { style: [...[style].flat(), { fontFamily: pdfFontsFor(content) }], key }, pdfText(content));
  const row = (cells: readonly string[], bold = false, rowKey?: string) =>
    h(View, { style: [styles.row, { flexDirection: rtl ? 'row-reverse' : 'row' }], key: rowKey }, ...cells.map((cell, index) => text(bold ? styles.bold : {}, cell, `c${index}`)));
  const justify = (align: string) => ({ alignItems: (align === 'center' ? 'center' : (align === 'end') !== rtl ? 'flex-end' : 'flex-start') as 'center' | 'flex-end' | 'flex-start' });
  const SIZES = { small: 6.5, normal: 7.5, large: 10 } as const;
  const RULES = { dashed: styles.rule, solid: [styles.rule, { borderBottomStyle: 'solid' as const }], dotted: [styles.rule, { borderBottomStyle: 'dotted' as const }], blank: { marginVertical: 4 } };
  return h(
    View,
    { key },
    ...blocks.map((block, index) => {
      const k = `b${index}`;
      switch (block.kind) {
        case 'text':
          return text([textAlign(block.align), { fontSize: SIZES[block.size] }, block.bold ? styles.bold : {}, block.size === 'large' ? { marginBottom: 2 } : {}], block.text, k);
        case 'lines':
          return h(View, { key: k }, ...block.lines.map((line, at) => h(View, { key: `l${at}`, wrap: false }, text(start, line.text), row([`  ${line.detail}`, line.amount]))));
        case 'table':
          return h(
            View,
            { key: k },
            block.heading ? text(start, block.heading) : null,
            // A four-column tax table prints as rate | net / tax on the narrow roll, as the receipt always did.
            ...(block.header ? [row(block.header.length === 4 ? [block.header[0]!, `${block.header[1]} / ${block.header[2]}`] : block.header, false, 'h')] : []),
            ...block.rows.map((cells, at) => row(cells.cells.length === 4 ? [cells.cells[0]!, `${cells.cells[1]} / ${cells.cells[2]}`] : cells.cells, cells.bold, `r${at}`)),
          );
        case 'separator':
          return h(View, { style: RULES[block.style], key: k });
        case 'signature':
          return text([styles.sign, start], block.text, k);
        case 'image': {
          if (block.png) return h(View, { key: k, style: justify(block.align) }, h(Image, { style: block.role === 'qr' ? { marginTop: 4, width: `${block.width}%` } : styles.barcode, src: { data: block.png, format: 'png' } }));
          const match = block.dataUrl ? /^data:image\/(png|jpeg|gif);base64,(.*)$/.exec(block.dataUrl) : null;
          // react-pdf draws PNG and JPEG; a GIF logo is left to the HTML.
          if (!match || match[1] === 'gif') return null;
          return h(View, { key: k, style: justify(block.align) }, h(Image, { style: { width: `${block.width}%`, marginVertical: 2 }, src: { data: Buffer.from(match[2]!, 'base64'), format: match[1] as 'png' | 'jpg' } }));
        }
      }
    }),
  );
}

/**
 * The receipt as a roll-paper PDF, laid out by the receipt template (docs/receipt-templates.md): one page 80 mm wide whose height follows the content, the copies one after the
 * other with a cut line between them, in the shipped Noto Sans with its Greek, Cyrillic and Arabic subsets as
 * fallbacks (server/lib/pdf-fonts.ts: nothing fetched, no system font), right to left for Arabic (docs/documents.md "PDF").
 */
export async function receiptPdf(document: ReceiptDocument, parts: readonly ReceiptPart[], template: ReceiptTemplate = defaultTemplate()): Promise<Buffer> {
  const fontFamily = registerPdfFonts();
  const cache: ImageCache = new Map();
  const copies: ReactElement[] = [];
  for (const [index, part] of parts.entries()) {
    if (index > 0) copies.push(h(View, { style: styles.cut, key: `cut${index}` }));
    copies.push(copyView(document, await templateBlocks(template, document, part.type, 'pdf', cache), `copy${index}`));
  }
  const pdf = h(
    Document,
    { title: `${receiptLabels(document.language).receipt} ${document.body.number}`, author: document.tenantName, creator: 'Mate', producer: 'Mate', language: document.language },
    h(Page, { size: [ROLL_WIDTH_POINTS], style: [styles.page, { fontFamily }] }, ...copies),
  ) as ReactElement<DocumentProps>;
  return renderToBuffer(pdf);
}
