import { attributeOf, type ReceiptTemplate, type TemplateNode } from '../../schemas/receipt-template';
import { drawBarcode } from './barcode-image';
import { receiptFormat, taxTotals } from './receipt-format';
import { receiptLabels, type ReceiptLabels } from './receipt-labels';
import type { CopyType, ReceiptDocument } from './receipt-model';

/**
 * A template applied to one copy of one document: what is printed, top to bottom, with every value resolved and
 * formatted, before it is written as HTML or laid out in the PDF. Both writers read these blocks, so the download's
 * HTML parts and its PDF print the same things from the same template.
 */
export type ReceiptBlock =
  | {
      kind: 'text';
      text: string;
      /** The text in pieces, the values of placeholders named (the HTML marks them `data-field`). */
      segments?: { text: string; field?: string }[];
      align: 'start' | 'center' | 'end';
      bold: boolean;
      size: 'small' | 'normal' | 'large';
      field?: string;
    }
  | { kind: 'lines'; lines: { text: string; detail: string; amount: string }[] }
  | { kind: 'table'; field: 'taxes' | 'payments' | 'totals'; heading?: string; header?: string[]; rows: { cells: string[]; bold?: boolean }[] }
  | { kind: 'separator'; style: 'dashed' | 'solid' | 'dotted' | 'blank' }
  | { kind: 'signature'; text: string }
  | {
      kind: 'image';
      role: 'barcode' | 'qr' | 'logo';
      svg?: string;
      png?: Buffer;
      dataUrl?: string;
      /** What a barcode or QR code holds, for a printer that draws it itself (ESC/POS); `heightMm` is a barcode's height. */
      value?: string;
      heightMm?: number;
      width: number;
      height: number;
      align: 'start' | 'center' | 'end';
    };

/** The labels as template placeholders name them (`{label.vat}` is the word for the tax, `{label.vatRate}` for its rate). */
function labelOf(labels: ReceiptLabels, name: string): string {
  const key = name === 'vat' ? 'tax' : name === 'vatRate' ? 'taxRate' : name;
  const value = (labels as unknown as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** The values a copy prints, by placeholder name. */
function valuesOf(document: ReceiptDocument, copy: CopyType, labels: ReceiptLabels): Record<string, string> {
  const format = receiptFormat(document);
  const { body } = document;
  return {
    tenantName: document.tenantName,
    location: document.locationName ?? '',
    terminal: document.terminalName ?? '-',
    copyTitle: copy === 'customer' ? labels.customerCopy : labels.merchantCopy,
    number: String(body.number),
    uid: body.id,
    date: format.date(body.createdAt),
    operator: body.operator ?? '',
    total: format.money(body.total),
    currency: body.currency,
    references: typeof body.references === 'string' ? body.references : '',
  };
}

function holds(test: string, document: ReceiptDocument, copy: CopyType): boolean {
  switch (test) {
    case 'customer-copy':
      return copy === 'customer';
    case 'merchant-copy':
      return copy === 'merchant';
    case 'has-operator':
      return !!document.body.operator;
    case 'has-location':
      return !!document.locationName;
    case 'has-references':
      return typeof document.body.references === 'string' && document.body.references !== '';
    case 'processed':
      return document.processed;
    case 'not-processed':
      return !document.processed;
    default:
      return false;
  }
}

/** The barcode and QR images of a copy, drawn once per value and format for all copies of a download. */
export type ImageCache = Map<string, Promise<string | Buffer>>;

function drawn(cache: ImageCache, key: string, draw: () => Promise<string | Buffer>): Promise<string | Buffer> {
  let image = cache.get(key);
  if (!image) cache.set(key, (image = draw()));
  return image;
}

/**
 * The blocks of one copy. `target` says which image format the writer needs: SVG for HTML, PNG for the PDF, none for
 * ESC/POS (the printer draws barcodes and QR codes from their `value`).
 */
export async function templateBlocks(template: ReceiptTemplate, document: ReceiptDocument, copy: CopyType, target: 'html' | 'pdf' | 'escpos', cache: ImageCache = new Map()): Promise<ReceiptBlock[]> {
  const labels = receiptLabels(document.language);
  const format = receiptFormat(document);
  const values = valuesOf(document, copy, labels);
  const segmentsOf = (text: string): { text: string; field?: string }[] =>
    text.split(/(\{[A-Za-z.]+\})/).filter(Boolean).map((piece) => {
      const name = /^\{([A-Za-z.]+)\}$/.exec(piece)?.[1];
      if (!name) return { text: piece };
      if (name.startsWith('label.')) return { text: labelOf(labels, name.slice(6)) };
      return name in values ? { text: values[name]!, field: name } : { text: piece };
    });
  const { body } = document;
  const blocks: ReceiptBlock[] = [];
  const codeText = (node: TemplateNode) => values[attributeOf(node, 'value')] ?? body.id;
  const code = async (node: TemplateNode, symbology: 'code128' | 'qr', scale: number, height: number): Promise<{ svg?: string; png?: Buffer; value: string }> => {
    const text = codeText(node);
    if (target === 'escpos') return { value: text };
    const key = `${symbology}:${height}:${target}:${text}`;
    const png = target === 'pdf';
    const image = await drawn(cache, key, async () => {
      const drawing = await drawBarcode({ type: symbology, format: png ? 'png' : 'svg', text }, { scale, height, includeText: false });
      return png ? (drawing as Buffer) : String(drawing);
    });
    return typeof image === 'string' ? { svg: image, value: text } : { png: image, value: text };
  };
  const visit = async (nodes: readonly TemplateNode[]) => {
    for (const node of nodes) {
      const attr = (name: string) => attributeOf(node, name);
      switch (node.type) {
        case 'text': {
          const segments = segmentsOf(node.text ?? '');
          blocks.push({ kind: 'text', text: segments.map((segment) => segment.text).join(''), segments, align: attr('align') as 'start', bold: attr('bold') === 'true', size: attr('size') as 'normal' });
          break;
        }
        case 'field': {
          const name = attr('value');
          const value = values[name] ?? '';
          if (value === '') break;
          const label = attr('label');
          blocks.push({ kind: 'text', text: label ? `${label}: ${value}` : value, align: attr('align') as 'start', bold: attr('bold') === 'true', size: 'normal', field: name });
          break;
        }
        case 'lines':
          blocks.push({
            kind: 'lines',
            lines: body.lines.map((line) => ({
              text: attr('articleNumbers') === 'true' && line.articleNumber ? `${line.articleNumber} ${line.text}` : line.text,
              detail: `${format.quantity(line.quantity)} x ${format.money(line.unitPrice)}`,
              amount: format.money(line.amount),
            })),
          });
          break;
        case 'totals':
          blocks.push({ kind: 'table', field: 'totals', rows: [{ cells: [labels.total, format.money(body.total)], bold: true }] });
          break;
        case 'taxes':
          blocks.push({
            kind: 'table',
            field: 'taxes',
            header: [labels.taxRate, labels.net, labels.tax, labels.gross],
            rows: taxTotals(body.lines).map((total) => ({ cells: [format.percent(total.rate), format.money(total.net), format.money(total.tax), format.money(total.gross)] })),
          });
          break;
        case 'payments':
          blocks.push({
            kind: 'table',
            field: 'payments',
            ...(attr('heading') === 'true' ? { heading: labels.payments } : {}),
            rows: body.payments.map((payment) => ({ cells: [labels.methods[payment.method] ?? payment.method, format.money(payment.amount)] })),
          });
          break;
        case 'separator':
          blocks.push({ kind: 'separator', style: attr('style') as 'dashed' });
          break;
        case 'signature':
          blocks.push({ kind: 'signature', text: labels.signature });
          break;
        case 'barcode': {
          const height = Number(attr('height'));
          const image = await code(node, 'code128', target === 'pdf' ? 2 : 1, height);
          blocks.push({ kind: 'image', role: 'barcode', ...image, heightMm: height, width: 100, height: height * 4.25, align: 'center' });
          break;
        }
        case 'qr': {
          const size = Number(attr('size'));
          const image = await code(node, 'qr', target === 'pdf' ? 4 : 2, 10);
          blocks.push({ kind: 'image', role: 'qr', ...image, width: size, height: size, align: 'center' });
          break;
        }
        case 'logo':
          blocks.push({ kind: 'image', role: 'logo', dataUrl: attr('src'), width: Number(attr('width')), height: 0, align: attr('align') as 'center' });
          break;
        case 'if':
          if (holds(attr('test'), document, copy)) await visit(node.children ?? []);
          break;
      }
    }
  };
  await visit(template.nodes);
  return blocks;
}
