import { i18n as defaultI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { apiRequestHeaders, apiUrl } from './api-client';

/** One body part of a multipart/mixed answer: its header fields (names lower-cased), its bytes and its text. */
export interface MultipartPart {
  headers: Record<string, string>;
  bytes: Uint8Array;
  /** The bytes decoded as UTF-8 (the charset of every text part the server writes). */
  text: string;
}

/** The boundary parameter of a multipart Content-Type (quoted or not), or undefined. */
export function multipartBoundary(contentType: string | null | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(contentType);
  const boundary = match ? (match[1]?.replace(/\\(.)/g, '$1') ?? match[2]) : undefined;
  return boundary && boundary.length <= 70 ? boundary : undefined;
}

const CR = 13;
const LF = 10;

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Parses a multipart/mixed body (RFC 2046 §5.1.1), binary-safe: a delimiter is CRLF `--boundary` at the start of a
 * line followed by optional white space and CRLF (or `--` for the last one), so a body holding the boundary's prefix
 * mid-line stays whole. The preamble before the first delimiter and the epilogue after the last are dropped. Throws
 * when the body has no closing delimiter.
 */
export function parseMultipartMixed(body: Uint8Array, boundary: string): MultipartPart[] {
  const encoder = new TextEncoder();
  const dashBoundary = encoder.encode(`--${boundary}`);
  // The first delimiter may open the body without a CRLF before it.
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const starts: { at: number; end: number; last: boolean }[] = [];
  let search = 0;
  const atStart = dashBoundary.every((byte, index) => body[index] === byte);
  let candidate = atStart ? 0 : -1;
  let candidateLength = dashBoundary.length;
  for (;;) {
    if (candidate < 0) {
      candidate = indexOf(body, delimiter, search);
      candidateLength = delimiter.length;
      if (candidate < 0) break;
    }
    let after = candidate + candidateLength;
    const last = body[after] === 45 && body[after + 1] === 45;
    if (last) after += 2;
    while (body[after] === 32 || body[after] === 9) after++;
    const lineEnds = body[after] === CR && body[after + 1] === LF;
    if (lineEnds || (last && after >= body.length)) {
      starts.push({ at: candidate, end: lineEnds ? after + 2 : after, last });
      if (last) break;
      search = lineEnds ? after + 2 : after;
    } else {
      search = candidate + 1;
    }
    candidate = -1;
  }
  if (starts.length === 0 || !starts[starts.length - 1]!.last) throw new Error('The multipart answer is cut off: it has no closing boundary.');
  const decoder = new TextDecoder('utf-8');
  const parts: MultipartPart[] = [];
  for (let i = 0; i < starts.length - 1; i++) {
    const part = body.subarray(starts[i]!.end, starts[i + 1]!.at);
    const blank = indexOf(part, encoder.encode('\r\n\r\n'), 0);
    const headerEnd = part[0] === CR && part[1] === LF ? 0 : blank;
    const headerText = headerEnd <= 0 ? '' : new TextDecoder('latin1').decode(part.subarray(0, headerEnd));
    const bytes = headerEnd === 0 ? part.subarray(2) : blank < 0 ? new Uint8Array() : part.subarray(blank + 4);
    const headers: Record<string, string> = {};
    // Header fields may be folded over lines (RFC 5322 §2.2.3): a line starting with white space continues the last.
    for (const line of headerText.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, bytes, text: decoder.decode(bytes) });
  }
  return parts;
}

/** Reads a whole multipart/mixed answer: the boundary from its Content-Type, then its parts. */
export async function readMultipartResponse(response: Response): Promise<MultipartPart[]> {
  const boundary = multipartBoundary(response.headers.get('content-type'));
  if (!boundary) throw new Error(`The answer is not multipart: ${response.headers.get('content-type') ?? 'no Content-Type'}.`);
  return parseMultipartMixed(new Uint8Array(await response.arrayBuffer()), boundary);
}

/** A download that failed; `reason` is the fault's reason text, or 'Failed' in the user's language (spec 2 §8). */
export class DownloadError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'DownloadError';
  }
}

/** The reason of a fault-like body `{ fault: { reason } }`, else its `message`, else undefined. */
export function faultReason(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { fault, message } = body as { fault?: { reason?: unknown }; message?: unknown };
  if (fault && typeof fault.reason === 'string' && fault.reason) return fault.reason;
  return typeof message === 'string' && message ? message : undefined;
}

/** The file name of a Content-Disposition: `filename*` (RFC 8187 UTF-8) before `filename`. */
export function dispositionFileName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A broken encoding falls back to the plain name.
    }
  }
  return /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
}

/**
 * Fetches a download with the product's headers (token, language, scope); a failure throws DownloadError with the
 * fault's reason, or 'Failed' when the answer has none (network down, a body that is not ours).
 */
export async function fetchDownload(url: string, i18n: I18n = defaultI18n): Promise<Response> {
  const failed = i18n._(msg({ message: 'Failed', comment: 'a download failed and the server told no reason' }));
  let response: Response;
  try {
    response = await fetch(apiUrl(url), { headers: await apiRequestHeaders() });
  } catch {
    throw new DownloadError(0, failed);
  }
  if (response.ok) return response;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  throw new DownloadError(response.status, faultReason(body) ?? failed);
}

/**
 * Downloads `url` and saves it as a file (a blob URL behind a clicked anchor, revoked afterwards); the name is the
 * answer's Content-Disposition, else `fallbackName`, else the URL's last segment. Answers the name saved.
 */
export async function download(url: string, fallbackName?: string, i18n: I18n = defaultI18n): Promise<string> {
  const response = await fetchDownload(url, i18n);
  const blob = await response.blob();
  const name = dispositionFileName(response.headers.get('content-disposition')) ?? fallbackName ?? decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? 'download');
  const href = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = name;
    anchor.rel = 'noopener';
    anchor.style.display = 'none';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // After the click has handed the blob to the browser's download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
  return name;
}
