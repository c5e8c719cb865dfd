/** How far a download has come: bytes read, rows read (CSV: lines counted as they arrive), of the total rows. */
export interface ExportProgress {
  bytes: number;
  rows: number;
  total: number | undefined;
}

/** The file name of `Content-Disposition: attachment; filename="..."`, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

const NEWLINE = 10;

/**
 * Reads an export's body chunk by chunk, telling `onProgress` the bytes read and, for CSV, the rows (line feeds after
 * the header, never above the total: a text cell may hold a line feed), and answers the file as a Blob. A connection
 * the server cut (a failure after the file began) rejects, as does a cancel through the fetch's AbortSignal.
 */
export async function readExportStream(response: Response, countLines: boolean, onProgress: (progress: ExportProgress) => void): Promise<Blob> {
  const header = response.headers.get('x-total-rows');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  onProgress({ bytes, rows: 0, total });
  if (!response.body) throw new Error('The answer has no body.');
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (countLines) for (const byte of value) if (byte === NEWLINE) lines++;
    // The header line is not a row; the totals line at the end is not either.
    const rows = countLines ? Math.max(0, Math.min(lines - 1, total ?? Infinity)) : 0;
    onProgress({ bytes, rows, total });
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

/** Offers a Blob as a file download under its name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
