import { describe, expect, it } from 'vitest';
import { fileNameOf, readExportStream, type ExportProgress } from './read-export-stream';

function answer(chunks: string[], headers: Record<string, string>, failAfter?: number): Response {
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && sent === failAfter) return controller.error(new TypeError('network error'));
      const chunk = chunks[sent++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, { headers });
}

describe('reading an export with progress', () => {
  it('counts bytes and CSV rows (lines after the header, at most the total) and answers the file', async () => {
    const seen: ExportProgress[] = [];
    const blob = await readExportStream(answer(['\uFEFFa,b\r\n1,', '2\r\n3,4\r\n', ',7\r\n'], { 'x-total-rows': '2', 'content-type': 'text/csv' }), true, (p) => seen.push(p));
    expect(seen[0]).toEqual({ bytes: 0, rows: 0, total: 2 });
    expect(seen.map((p) => p.rows)).toEqual([0, 0, 2, 2]);
    expect(seen.at(-1)!.bytes).toBe(blob.size);
    // The byte order mark is kept in the file (text() would decode it away).
    expect([...new Uint8Array(await blob.arrayBuffer())].slice(0, 4)).toEqual([0xef, 0xbb, 0xbf, 0x61]);
    expect(await blob.text()).toBe('a,b\r\n1,2\r\n3,4\r\n,7\r\n');
    expect(blob.type).toBe('text/csv');
  });

  it('counts bytes only for other formats, and fails when the connection is cut', async () => {
    const seen: ExportProgress[] = [];
    await expect(readExportStream(answer(['PK', 'more'], { 'x-total-rows': '10' }, 1), false, (p) => seen.push(p))).rejects.toThrow('network error');
    expect(seen.at(-1)).toEqual({ bytes: 2, rows: 0, total: 10 });
  });

  it('reads the file name the server gave', () => {
    expect(fileNameOf('attachment; filename="sales-daily_2026-03-01_2026-03-31.csv"', 'x.csv')).toBe('sales-daily_2026-03-01_2026-03-31.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
