import { PassThrough, Writable } from 'node:stream';
import type { ExportColumn, ExportRowBatches } from './export-columns';

/** Rows in batches of `size`, as the report engine hands them over (for tests). */
export async function* inBatches(rows: readonly Record<string, unknown>[], size = 2): ExportRowBatches {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** A stream that keeps what was written, and the promise of all of it once it ends (for tests). */
export function collector(): { out: PassThrough; bytes: Promise<Buffer> } {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    out.on('end', () => resolve(Buffer.concat(chunks)));
    out.on('error', reject);
  });
  return { out, bytes };
}

/** A stream that counts bytes and throws them away: a fast client, for measuring memory (for tests and the bench). */
export function byteCounter(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

/** Columns of every type, and rows with the values that once escaped exports: formulas, negatives, numeric text. */
export const SAMPLE_COLUMNS: readonly ExportColumn[] = [
  { key: 'day', title: 'Day', type: 'date' },
  { key: 'name', title: 'Product', type: 'text' },
  { key: 'quantity', title: 'Quantity', type: 'integer' },
  { key: 'amount', title: 'Amount', type: 'money' },
  { key: 'at', title: 'Last sale', type: 'datetime' },
];

export const HOSTILE_TEXTS = ['=HYPERLINK("http://x","y")', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1'] as const;

export const SAMPLE_ROWS: readonly Record<string, unknown>[] = [
  ...HOSTILE_TEXTS.map((name, i) => ({ day: '2026-03-0' + (i + 1), name, quantity: i + 1, amount: '12.50', at: new Date(Date.UTC(2026, 2, i + 1, 9, 30)) })),
  { day: '2026-03-09', name: 'Return, "big"', quantity: -2, amount: '-7.25', at: '2026-03-09T17:00:00.000Z' },
  { day: null, name: null, quantity: null, amount: null, at: null },
];
