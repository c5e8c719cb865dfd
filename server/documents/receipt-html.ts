import { drawBarcode } from './barcode-image';
import { receiptFormat, taxTotals } from './receipt-format';
import { receiptLabels } from './receipt-labels';
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
table{width:100%;border-collapse:collapse}td{vertical-align:top;padding:1px 0}hr{border:0;border-top:1px dashed #000;margin:6px 0}
.copy{font-weight:bold;text-align:center;margin:4px 0}.barcode svg{width:100%;height:40px}.sign{margin-top:24px;border-top:1px solid #000}`;

/** A whole HTML document around a receipt body: language, direction and a closed look of its own. */
export function receiptHtmlShell(document: ReceiptDocument, title: string, body: string): string {
  const rtl = /^(ar|he|fa|ur)\b/i.test(document.language);
  return `<!doctype html><html lang="${escapeHtml(document.language)}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/**
 * One copy of a receipt rendered by us from the stored document (when the terminal sent no HTML of its own): header
 * with tenant, location and terminal names, Uid, Id and date, the article lines, totals per tax rate, payments and the
 * Uid as a barcode. Every value from the document is escaped.
 */
export async function renderReceiptHtml(document: ReceiptDocument, copy: CopyType, barcodeSvg?: string): Promise<string> {
  const { body } = document;
  const labels = receiptLabels(document.language);
  const format = receiptFormat(document);
  const e = escapeHtml;
  const row = (left: string, right: string) => `<tr><td>${left}</td><td class="r">${right}</td></tr>`;
  const header = [
    `<h1>${e(document.tenantName)}</h1>`,
    document.locationName ? `<p class="c">${e(document.locationName)}</p>` : '',
    `<p class="c">${e(labels.terminal)}: ${e(document.terminalName ?? '-')}</p>`,
    `<p class="copy">${e(copy === 'customer' ? labels.customerCopy : labels.merchantCopy)}</p>`,
    `<p>${e(labels.receipt)} <b data-field="id">${e(String(body.number))}</b></p>`,
    `<p data-field="uid">${e(body.id)}</p>`,
    `<p data-field="date">${e(format.date(body.createdAt))}</p>`,
    body.operator ? `<p>${e(labels.operator)}: ${e(body.operator)}</p>` : '',
  ].join('');
  const lines = body.lines
    .map((line) => `<tr><td>${e(line.text)}<br>${e(format.quantity(line.quantity))} x ${e(format.money(line.unitPrice))}</td><td class="r">${e(format.money(line.amount))}</td></tr>`)
    .join('');
  const taxes = taxTotals(body.lines)
    .map((total) => `<tr><td>${e(format.percent(total.rate))}</td><td class="r">${e(format.money(total.net))}</td><td class="r">${e(format.money(total.tax))}</td><td class="r">${e(format.money(total.gross))}</td></tr>`)
    .join('');
  const payments = body.payments.map((payment) => row(e(labels.methods[payment.method] ?? payment.method), e(format.money(payment.amount)))).join('');
  const html = [
    header,
    '<hr>',
    `<table data-field="lines">${lines}</table>`,
    '<hr>',
    `<table><tr><td><b>${e(labels.total)}</b></td><td class="r"><b data-field="total">${e(format.money(body.total))}</b></td></tr></table>`,
    `<table data-field="taxes"><tr><td>${e(labels.taxRate)}</td><td class="r">${e(labels.net)}</td><td class="r">${e(labels.tax)}</td><td class="r">${e(labels.gross)}</td></tr>${taxes}</table>`,
    '<hr>',
    `<p>${e(labels.payments)}</p><table data-field="payments">${payments}</table>`,
    copy === 'merchant' ? `<p class="sign">${e(labels.signature)}</p>` : '',
    `<div class="barcode">${barcodeSvg ?? (await uidBarcodeSvg(body.id))}</div>`,
  ].join('');
  return receiptHtmlShell(document, `${labels.receipt} ${body.number}`, html);
}
