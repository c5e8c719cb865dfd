import { attachmentKindOf } from './document-attachments';
import { taxTotals } from './receipt-format';
import type { ReceiptDocument, ReceiptPart } from './receipt-model';

/** What the XML tells of a part: no HTML (the .html download carries it). */
type PartHead = Omit<ReceiptPart, 'html'>;

/** The namespace of the receipt XML (docs/documents.md "XML"). */
export const RECEIPT_XML_NAMESPACE = 'urn:mate:receipt:1';

/** Text for XML content and attribute values: markup characters escaped, characters XML 1.0 cannot hold dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}

const element = (name: string, value: string | number | undefined | null, indent: string): string =>
  value === undefined || value === null ? '' : `${indent}<${name}>${escapeXml(String(value))}</${name}>\n`;

/**
 * The receipt as XML: the stored document's members as elements of the same names, the names the header prints, the
 * totals per tax rate and the parts (without their HTML, which the .html download carries). Amounts in the
 * document's currency with a dot, dates as the terminal sent them (ISO 8601).
 */
export function receiptXml(document: ReceiptDocument, parts: readonly PartHead[]): string {
  const { body } = document;
  const attributes = (values: Record<string, string | number | boolean | undefined>) =>
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
      .join('');
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n', `<receipt xmlns="${RECEIPT_XML_NAMESPACE}"${attributes({ uid: body.id, id: body.number })}>\n`];
  out.push(element('kind', document.kind, '  '), element('createdAt', body.createdAt, '  '), element('currency', body.currency, '  '));
  out.push(`  <tenant${attributes({ oid: document.tenantOid })}>${escapeXml(document.tenantName)}</tenant>\n`);
  out.push(element('location', document.locationName, '  '), element('terminal', document.terminalName, '  '), element('operator', body.operator, '  '));
  out.push(element('references', body.references, '  '), element('processed', String(document.processed), '  '));
  out.push('  <lines>\n');
  body.lines.forEach((line, index) => {
    out.push(`    <line${attributes({ no: index + 1 })}>\n`);
    for (const name of ['articleNumber', 'gtin', 'text', 'quantity', 'unitPrice', 'amount', 'taxRate'] as const) out.push(element(name, line[name], '      '));
    out.push('    </line>\n');
  });
  out.push('  </lines>\n  <taxes>\n');
  for (const total of taxTotals(body.lines)) out.push(`    <tax${attributes({ rate: total.rate })}><net>${total.net}</net><amount>${total.tax}</amount><gross>${total.gross}</gross></tax>\n`);
  out.push('  </taxes>\n  <payments>\n');
  body.payments.forEach((payment, index) => out.push(`    <payment${attributes({ no: index + 1 })}><method>${escapeXml(payment.method)}</method><amount>${payment.amount}</amount></payment>\n`));
  out.push('  </payments>\n', element('total', body.total, '  '), '  <parts>\n');
  for (const part of parts) out.push(`    <part${attributes({ type: part.type, variant: part.variant, printed: part.printed })}/>\n`);
  out.push('  </parts>\n');
  const attachments = Array.isArray(body.attachments) ? body.attachments : [];
  if (attachments.length > 0) {
    out.push('  <attachments>\n');
    for (const attachment of attachments) out.push(`    <attachment${attributes({ kind: attachmentKindOf(attachment), name: attachment.name, contentType: attachment.contentType })}/>\n`);
    out.push('  </attachments>\n');
  }
  out.push('</receipt>\n');
  return out.join('');
}
