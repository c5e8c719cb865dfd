// Renders a receipt PDF and then a report PDF in one fresh process, as the server does for two users one after the
// other, and writes both files to the folder given (pdf-text-after-receipt.test.ts reads them with pdftotext).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReceiptDocument } from '../documents/receipt-model';
import { receiptPdf } from '../documents/receipt-pdf';
import { receiptBody } from '../documents/receipt-test-data';
import { collector, inBatches, SAMPLE_COLUMNS, SAMPLE_ROWS } from './export-test-rows';
import { writePdf } from './pdf-writer';

const folder = process.argv[2];
if (!folder) throw new Error('usage: two-pdfs-in-one-process.ts <folder>');

// A German tenant whose name has composed letters (ü, ö): writing their glyphs into the font subset asks fontkit
// for their parts (u, o, the dieresis) without characters.
const receipt: ReceiptDocument = {
  oid: 1,
  tenantOid: 11,
  kind: 'sale',
  body: receiptBody('3f2b8c1e-7d4a-4b6e-9a0f-1c2d3e4f5a6b'),
  tenantName: 'Müller & Söhne <GmbH>',
  language: 'de-DE',
  timeZone: 'Europe/Berlin',
  locationName: 'Filiale',
  terminalName: 'Kasse 1',
  processed: true,
};
writeFileSync(join(folder, 'receipt.pdf'), await receiptPdf(receipt, [{ type: 'customer', variant: 'standard', printed: false, html: '' }]));

const { out, bytes } = collector();
await writePdf({ title: 'Sales per article', locale: 'en', columns: SAMPLE_COLUMNS, rows: inBatches(SAMPLE_ROWS, 100), totals: { quantity: 19, amount: '67.75' } }, out);
out.end();
writeFileSync(join(folder, 'report.pdf'), await bytes);
