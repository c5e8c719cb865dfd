import { zipSync, strToU8 } from 'fflate';
import type { ReceiptPart } from './receipt-model';

/** The entry names of the receipt archive (docs/documents.md "ZIP"): one HTML file per part, the PDF and the XML. */
export function receiptZipEntryNames(name: string, parts: readonly ReceiptPart[]): string[] {
  return [...partFileNames(name, parts), `${name}.pdf`, `${name}.xml`];
}

/** `{name}-{type}.html`, with `-{n}` from the second part of the same type on. */
function partFileNames(name: string, parts: readonly ReceiptPart[]): string[] {
  const seen = new Map<string, number>();
  return parts.map((part) => {
    const count = (seen.get(part.type) ?? 0) + 1;
    seen.set(part.type, count);
    return `${name}-${part.type}${count > 1 ? `-${count}` : ''}.html`;
  });
}

/** The receipt archive: the HTML parts, the PDF (stored, it is compressed already) and the XML. */
export function receiptZip(name: string, parts: readonly ReceiptPart[], pdf: Buffer, xml: string): Buffer {
  const names = partFileNames(name, parts);
  const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  parts.forEach((part, index) => (entries[names[index]!] = strToU8(part.html)));
  entries[`${name}.pdf`] = [new Uint8Array(pdf), { level: 0 }];
  entries[`${name}.xml`] = strToU8(xml);
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') }));
}
