import { defaultTemplate, type ReceiptTemplate } from '../../schemas/receipt-template';
import { drawBarcode } from './barcode-image';
import { receiptLabels } from './receipt-labels';
import { templateBlocks, type ImageCache, type ReceiptBlock } from './receipt-template-blocks';
import type { CopyType, ReceiptDocument } from './receipt-model';

/** Text for HTML content and attribute values: the five characters that could end either are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The Uid as a Code 128 SVG, inline: the receipt loads nothing from anywhere. */
export async function uidBarcodeSvg(uid: string): Promise<string> {
  return String(await drawBarcode({ type: 'code128', format: 'svg', text: uid }, { scale: 1, height: 8, includeText: false }));
}

const STYLE = `body{margin:0;padding:8px;font:12px/1.35 monospace;color:#000;background:#fff;max-width:302px}
h1{font-size:14px;margin:0 0 4px;text-align:center}p{margin:0}.c{text-align:center}.r{text-align:end}
table{width:100%;border-collapse:collapse}td{vertical-align:top;padding:1px 0}hr{border:0;border-top:1px dashed #000;margin:6px 0}hr.solid{border-top-style:solid}hr.dotted{border-top-style:dotted}img{max-width:100%}.qr svg{width:100%;height:auto}
.copy{font-weight:bold;text-align:center;margin:4px 0}.barcode svg{width:100%;height:40px}.sign{margin-top:24px;border-top:1px solid #000}`;

/** A whole HTML document around a receipt body: language, direction and a closed look of its own. */
export function receiptHtmlShell(document: ReceiptDocument, title: string, body: string): string {
  const rtl = /^(ar|he|fa|ur)\b/i.test(document.language);
  return `<!doctype html><html lang="${escapeHtml(document.language)}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The HTML of the blocks of one copy (receipt-template-blocks.ts); every value from the document is escaped. */
export function blocksHtml(blocks: readonly ReceiptBlock[]): string {
  const e = escapeHtml;
  const align = (value: string) => (value === 'center' ? ' class="c"' : value === 'end' ? ' class="r"' : '');
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'text': {
          const field = block.field ? ` data-field="${e(block.field)}"` : '';
          // A placeholder's value in a paragraph is marked with its name, so that a reader finds the number or the date.
          const inner = block.segments ? block.segments.map((segment) => (segment.field ? `<span data-field="${e(segment.field)}">${e(segment.text)}</span>` : e(segment.text))).join('') : e(block.text);
          const content = block.bold ? `<b>${inner}</b>` : inner;
          // A heading is centred by the look; another alignment is said on it.
          if (block.size === 'large') return `<h1${block.align === 'center' ? '' : block.align === 'end' ? ' class="r"' : ' style="text-align:start"'}${field}>${e(block.text)}</h1>`;
          return `<p${align(block.align)}${field}${block.size === 'small' ? ' style="font-size:10px"' : ''}>${content}</p>`;
        }
        case 'lines':
          return `<table data-field="lines">${block.lines.map((line) => `<tr><td>${e(line.text)}<br>${e(line.detail)}</td><td class="r">${e(line.amount)}</td></tr>`).join('')}</table>`;
        case 'table': {
          const cell = (text: string, index: number, bold?: boolean) => `<td${index > 0 ? ' class="r"' : ''}>${bold ? `<b>${e(text)}</b>` : e(text)}</td>`;
          const header = block.header ? `<tr>${block.header.map((text, index) => cell(text, index)).join('')}</tr>` : '';
          const rows = block.rows.map((row) => `<tr>${row.cells.map((text, index) => cell(text, index, row.bold)).join('')}</tr>`).join('');
          return `${block.heading ? `<p>${e(block.heading)}</p>` : ''}<table data-field="${block.field}">${header}${rows}</table>`;
        }
        case 'separator':
          return block.style === 'blank' ? '<br>' : `<hr class="${block.style}">`;
        case 'signature':
          return `<p class="sign">${e(block.text)}</p>`;
        case 'image': {
          const width = `width:${block.width}%`;
          // A barcode spans the paper (the look sizes it); a QR code is as wide as the template says.
          if (block.svg && block.role === 'barcode') return `<div class="barcode">${block.svg}</div>`;
          if (block.svg) return `<div class="${block.role}${block.align === 'center' ? ' c' : block.align === 'end' ? ' r' : ''}"><div style="${width};display:inline-block">${block.svg}</div></div>`;
          if (block.dataUrl) return `<p${align(block.align)}><img class="${block.role}" src="${e(block.dataUrl)}" alt="" style="${width}"></p>`;
          return '';
        }
      }
    })
    .join('');
}

/**
 * One copy of a receipt rendered by us from the stored document (when the terminal sent no HTML of its own), laid out
 * by a receipt template (docs/receipt-templates.md; the built-in one prints the header with tenant, location and
 * terminal names, Uid, Id and date, the article lines, totals per tax rate, payments and the Uid as a barcode).
 */
export async function renderReceiptHtml(document: ReceiptDocument, copy: CopyType, template: ReceiptTemplate = defaultTemplate(), cache?: ImageCache): Promise<string> {
  const labels = receiptLabels(document.language);
  const blocks = await templateBlocks(template, document, copy, 'html', cache);
  return receiptHtmlShell(document, `${labels.receipt} ${document.body.number}`, blocksHtml(blocks));
}
