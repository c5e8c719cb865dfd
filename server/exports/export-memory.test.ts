import { describe, expect, it } from 'vitest';
import { writeCsv } from './csv-writer';
import type { ExportInput, ExportRowBatches } from './export-columns';
import { byteCounter, SAMPLE_COLUMNS } from './export-test-rows';
import { writeXlsx } from './xlsx-writer';

const ROWS = 200_000;
const BATCH = 1_000;

/** 200,000 rows made on the fly, batch by batch, as the report engine reads them: nothing holds them all. */
async function* generated(): ExportRowBatches {
  for (let start = 0; start < ROWS; start += BATCH) {
    yield Array.from({ length: BATCH }, (_, i) => ({ day: '2026-03-01', name: `Article ${start + i} =x`, quantity: start + i, amount: ((start + i) % 997) / 4, at: '2026-03-01T10:00:00Z' }));
  }
}

/** Runs a writer into a counting sink and samples the heap every 5,000 rows: the figure printed is the growth. */
async function measure(write: (input: ExportInput, out: ReturnType<typeof byteCounter>) => Promise<unknown>) {
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  let seen = 0;
  async function* sampled(): ExportRowBatches {
    for await (const batch of generated()) {
      seen += batch.length;
      if (seen % 5_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
      yield batch;
    }
  }
  const sink = byteCounter();
  await write({ title: 'Memory', locale: 'en', columns: SAMPLE_COLUMNS, rows: sampled() }, sink);
  return { bytes: sink.bytes, growthMb: (peak - base) / 2 ** 20 };
}

// Figures, not timings: the heap must not grow with the rows (a whole 200,000-row CSV is ~14 MB, its rows as objects
// far more). The bound is generous for the garbage collector's own rhythm.
describe('export writers keep memory flat', () => {
  it('CSV: 200,000 rows', async () => {
    const { bytes, growthMb } = await measure((input, out) => writeCsv(input, out));
    console.log(`CSV 200,000 rows: ${(bytes / 2 ** 20).toFixed(1)} MB written, heap grew at most ${growthMb.toFixed(1)} MB`);
    expect(bytes).toBeGreaterThan(10 * 2 ** 20);
    expect(growthMb).toBeLessThan(64);
  }, 120_000);

  it('XLSX: 200,000 rows', async () => {
    const { bytes, growthMb } = await measure((input, out) => writeXlsx(input, out));
    console.log(`XLSX 200,000 rows: ${(bytes / 2 ** 20).toFixed(1)} MB written, heap grew at most ${growthMb.toFixed(1)} MB`);
    expect(bytes).toBeGreaterThan(2 ** 20);
    expect(growthMb).toBeLessThan(96);
  }, 180_000);
});
